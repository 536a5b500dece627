import type { GameDefinition, JsonObject, JsonValue } from '@qiyuan/core';
import { type Board, boardFor, junqi } from '@qiyuan/junqi';
import { PointBoard } from '../board/pointboard.js';
import { i18n, t } from '../i18n/index.js';
import { junqiEn, junqiZhCN, junqiZhTW } from '../i18n/junqi.js';
import type { BoardController, BoardHost, BoardInput, GameModule, OptionField } from './types.js';

// Deep merge into the catalogue, so this game's words load with its chunk.
for (const [lng, res] of [
  ['en', junqiEn],
  ['zh-CN', junqiZhCN],
  ['zh-TW', junqiZhTW],
] as const)
  i18n.addResourceBundle(lng, 'translation', res, true, false);

const ARMY_FILL = ['#c0392b', '#2c3e50', '#27ae60', '#8e44ad'] as const;
const ARMY_KEYS = ['S', 'E', 'N', 'W'] as const;

const fields: readonly OptionField[] = [
  { kind: 'select', key: 'players', label: 'options.players', values: ['2', '3', '4'], initial: '2' },
  { kind: 'select', key: 'mode', label: 'options.mode', values: ['open', 'hidden', 'flip'], initial: 'hidden' },
  { kind: 'select', key: 'teams', label: 'options.teams', values: ['pairs', 'ffa'], initial: 'pairs' },
  { kind: 'select', key: 'variant', label: 'options.variant', values: ['standard', 'landlord'], initial: 'standard' },
  { kind: 'select', key: 'bidding', label: 'options.bidding', values: ['points', 'landlord'], initial: 'points' },
];

interface JunqiPiece {
  id: number;
  point: number;
  army: number | null;
  rank: string | null;
}

/** Board coordinates scaled to units of about one post, the seat's own army at the bottom. */
const layout = (board: Board, bottomArmy: number) => {
  const scale = board.players === 2 ? 1 / 60 : 1 / 60;
  const cx = board.width / 2;
  const cy = board.height / 2;
  // 2p: army 0 is south; show army 1 at the bottom by a half turn. 4p: quarter turns.
  const turns = board.players === 2 ? bottomArmy * 2 : bottomArmy;
  const a = (turns * Math.PI) / 2;
  return board.points.map((p) => {
    const x = (p.x - cx) * scale;
    const y = (p.y - cy) * scale;
    return { x: x * Math.cos(a) - y * Math.sin(a), y: x * Math.sin(a) + y * Math.cos(a) };
  });
};

const background = (board: Board, xy: readonly { x: number; y: number }[]): string => {
  let out = '';
  for (const e of board.edges) {
    const a = xy[e.from]!;
    const b = xy[e.to]!;
    out += `<line class="jq-${e.kind}" x1="${a.x.toFixed(3)}" y1="${a.y.toFixed(3)}" x2="${b.x.toFixed(3)}" y2="${b.y.toFixed(3)}"/>`;
  }
  for (const p of board.points) {
    const c = xy[p.id]!;
    if (p.kind === 'camp') out += `<circle class="jq-camp" cx="${c.x.toFixed(3)}" cy="${c.y.toFixed(3)}" r="0.42"/>`;
    else if (p.kind === 'hq')
      out += `<rect class="jq-hq" x="${(c.x - 0.45).toFixed(3)}" y="${(c.y - 0.3).toFixed(3)}" width="0.9" height="0.6" rx="0.25"/>`;
    else
      out += `<rect class="jq-post" x="${(c.x - 0.4).toFixed(3)}" y="${(c.y - 0.22).toFixed(3)}" width="0.8" height="0.44" rx="0.06"/>`;
  }
  return out;
};

const pieceSvg = (p: JunqiPiece): string => {
  const fill = p.army === null ? '#777' : ARMY_FILL[p.army]!;
  const label = p.rank === null ? '' : String(t(`junqi.rank.${p.rank}`));
  const short = p.rank === null ? '' : label.length > 2 ? label.slice(0, 2) : label;
  return `<rect x="-0.42" y="-0.24" width="0.84" height="0.48" rx="0.07" fill="${p.rank === null ? fill : '#fdf6e3'}" stroke="${fill}" stroke-width="0.06"/>${
    p.rank === null
      ? '<path d="M-0.25 0h0.5M0 -0.12v0.24" stroke="#fff" stroke-width="0.04" opacity="0.6"/>'
      : `<text y="0.09" text-anchor="middle" font-size="0.24" fill="${fill}" font-weight="700">${short}</text>`
  }`;
};

class JunqiBoard implements BoardController {
  #board: PointBoard;
  #host: BoardHost;
  #actions: HTMLDivElement;
  #moves = new Map<string, string>();
  #flips = new Map<string, string>();
  #boardKey = '';
  #lastPly = -1;

  constructor(el: HTMLElement, host: BoardHost) {
    this.#host = host;
    this.#board = new PointBoard(
      el,
      { viewBox: { x: -6, y: -8, w: 12, h: 16 }, background: '', radius: 0.45, label: t('games.junqi') },
      {
        onMove: (from, to) => {
          const m = this.#moves.get(`${from}>${to}`);
          if (m) host.play(m);
        },
        onPoint: (at) => {
          const flip = this.#flips.get(at);
          if (flip) host.play(flip);
          return flip !== undefined;
        },
      },
    );
    this.#actions = document.createElement('div');
    this.#actions.className = 'hand';
    el.append(this.#actions);
  }

  update(input: BoardInput): void {
    const v = input.view as JsonObject;
    const players = Number(v.players ?? 2);
    const board = boardFor(players);
    const seat = typeof input.viewer === 'number' ? input.viewer : 0;
    const armyOfSeat = (v.armyOfSeat as number[] | undefined) ?? [];
    const bottomArmy = armyOfSeat[seat] ?? (players === 2 ? seat : seat);
    const xy = layout(board, players === 2 ? bottomArmy % 2 : bottomArmy);
    const key = `${players}:${bottomArmy}`;
    if (key !== this.#boardKey) {
      this.#boardKey = key;
      this.#board.setBackground(background(board, xy));
    }
    const pieces = ((v.pieces as unknown as JunqiPiece[] | undefined) ?? []).map((p) => ({
      at: String(p.point),
      svg: pieceSvg(p),
      className: p.rank === null ? 'back' : `army-${p.army}`,
    }));
    const points = board.points.map((p) => {
      const piece = ((v.pieces as unknown as JunqiPiece[] | undefined) ?? []).find((x) => x.point === p.id);
      const what = piece
        ? `, ${piece.army !== null ? t(`junqi.army.${ARMY_KEYS[piece.army]}`) : ''} ${t(`junqi.rank.${piece.rank ?? '?'}`)}`
        : '';
      return {
        id: String(p.id),
        x: xy[p.id]!.x,
        y: xy[p.id]!.y,
        label: `${p.name} ${t(`junqi.point.${p.kind}`)}${what}`,
      };
    });
    this.#moves.clear();
    this.#flips.clear();
    const dests = new Map<string, string[]>();
    const others: string[] = [];
    for (const m of input.legal) {
      const mv = /^([A-Za-z]{1,2}\d{1,2})\s*[-x:]\s*([A-Za-z]{1,2}\d{1,2})$/.exec(m);
      const fl = /^(?:flip\s+|\*)([A-Za-z]{1,2}\d{1,2})$/.exec(m);
      if (mv) {
        const from = board.byName(mv[1]!);
        const to = board.byName(mv[2]!);
        if (from === undefined || to === undefined) continue;
        this.#moves.set(`${from}>${to}`, m);
        dests.set(String(from), [...(dests.get(String(from)) ?? []), String(to)]);
      } else if (fl) {
        const at = board.byName(fl[1]!);
        if (at !== undefined) this.#flips.set(String(at), m);
      } else others.push(m);
    }
    const marks: { at: string; kind: 'last-from' | 'last-to' }[] = [];
    const last = input.lastMove?.notation ?? '';
    const lm = /^([A-Za-z]{1,2}\d{1,2})\s*[-x:]\s*([A-Za-z]{1,2}\d{1,2})/.exec(last);
    let animate: { from: string; to: string } | undefined;
    if (lm) {
      const from = board.byName(lm[1]!);
      const to = board.byName(lm[2]!);
      if (from !== undefined && to !== undefined) {
        marks.push({ at: String(from), kind: 'last-from' }, { at: String(to), kind: 'last-to' });
        if (this.#lastPly !== -1 && this.#lastPly !== Number(v.ply)) animate = { from: String(from), to: String(to) };
      }
    }
    this.#lastPly = Number(v.ply);
    this.#board.set({ points, pieces, dests, marks, interactive: dests.size > 0 || this.#flips.size > 0, animate });
    // deployment and bidding: the engine offers the moves; each is a button
    this.#actions.replaceChildren();
    if (others.length > 0) {
      const title = document.createElement('p');
      title.textContent = String(v.phase) === 'bidding' ? t('junqi.bidding') : t('junqi.setup');
      this.#actions.append(title);
      others.forEach((m, i) => {
        const b = document.createElement('button');
        b.type = 'button';
        const bid = /^(?:bid\s+)?(pass|1|2|3|landlord)$/.exec(m);
        b.textContent = bid
          ? t(`junqi.call.${bid[1]}`)
          : `${i < others.length - 1 ? t('junqi.preset') : t('junqi.random')} ${i < others.length - 1 ? i + 1 : ''}`.trim();
        b.dataset.move = m;
        b.addEventListener('click', () => this.#host.play(m));
        this.#actions.append(b);
      });
    } else if (String(v.phase) === 'setup') {
      const p = document.createElement('p');
      p.textContent = t('junqi.waitingSetup');
      this.#actions.append(p);
    }
  }

  destroy(): void {
    this.#board.destroy();
    this.#actions.remove();
  }
}

export const module: GameModule = {
  id: 'junqi',
  definition: junqi as unknown as GameDefinition,
  fields,
  scope: 'junqi',
  seatNames: (view: JsonValue, seatCount: number) => {
    const armies = ((view as JsonObject | null)?.armyOfSeat as number[] | undefined) ?? [];
    return Array.from({ length: seatCount }, (_, s) =>
      t(`junqi.army.${ARMY_KEYS[armies[s] ?? (seatCount === 2 ? s * 2 : s)]}`),
    );
  },
  hidden: (options) => String(options.mode ?? 'hidden') !== 'open',
  createBoard: (el, host) => new JunqiBoard(el, host),
};
