import {
  ChineseCheckersGame,
  type ChineseCheckersView,
  CORNER_COLOURS,
  chineseCheckers,
  POINTS,
  parseMoveText,
  pointName,
  SoloArrival,
} from '@qiyuan/chinese-checkers';
import { HEX_DIRECTIONS, type JsonValue, SPECTATOR } from '@qiyuan/core';
import { PointBoard } from '../board/pointboard.js';
import { listOf, t } from '../i18n/index.js';
import type { PieceStyle } from '../settings.js';
import { fields } from './chinese-checkers-form.js';
import type { BoardController, BoardHost, BoardInput, GameModule } from './types.js';

export const CC_FILL: Record<string, string> = {
  red: '#d33b32',
  orange: '#ef8a1d',
  yellow: '#f2cf2a',
  green: '#2e9e4f',
  blue: '#2f6fd0',
  purple: '#8a4fc7',
};

const byAxial = new Map(POINTS.map((p) => [`${p.q},${p.r}`, p.id]));
const step = (p: number, d: number, k: number): number => {
  const a = POINTS[p]!;
  const u = HEX_DIRECTIONS[d]!;
  return byAxial.get(`${a.q + u.q * k},${a.r + u.r * k}`) ?? -1;
};
/** `NEIGHBOURS[p * 6 + d]`, `JUMP_OVER`, `JUMP_LAND`: the star's adjacency, from the engine's exported points. */
const NEIGHBOURS = Int16Array.from({ length: POINTS.length * 6 }, (_, i) => step(Math.floor(i / 6), i % 6, 1));
const JUMP_LAND = Int16Array.from({ length: POINTS.length * 6 }, (_, i) => step(Math.floor(i / 6), i % 6, 2));
const JUMP_OVER = Int16Array.from(NEIGHBOURS, (n, i) => (JUMP_LAND[i]! < 0 ? -1 : n));

const rotate = (x: number, y: number, turns: number): { x: number; y: number } => {
  const a = (-turns * Math.PI) / 3;
  return { x: x * Math.cos(a) - y * Math.sin(a), y: x * Math.sin(a) + y * Math.cos(a) };
};

/** One path of single jumps from `from` to `to` over the current pieces (for the preview), else the straight line. */
export const jumpPath = (cells: readonly (string | null)[], from: number, to: number): number[] => {
  const prev = new Map<number, number>([[from, -1]]);
  const queue = [from];
  while (queue.length > 0) {
    const p = queue.shift()!;
    if (p === to) break;
    for (let d = 0; d < 6; d++) {
      const over = JUMP_OVER[p * 6 + d]!;
      const land = JUMP_LAND[p * 6 + d]!;
      if (over < 0 || land < 0 || cells[over] === null || (cells[land] !== null && land !== from)) continue;
      if (prev.has(land)) continue;
      prev.set(land, p);
      queue.push(land);
    }
  }
  if (!prev.has(to)) return [from, to];
  const path: number[] = [];
  for (let p = to; p !== -1; p = prev.get(p)!) path.unshift(p);
  return path;
};

/** A marble in the piece style: shining, flat, or flat with its colour's letter (for telling colours apart). */
const marbleSvg = (colour: string, style: PieceStyle): string => {
  const ball = `<circle r="0.4" fill="${CC_FILL[colour]}" class="marble"/>`;
  if (style === 'classic') return `${ball}<circle r="0.14" cx="-0.12" cy="-0.13" class="shine"/>`;
  if (style === 'flat') return ball;
  return `${ball}<text class="marble-letter" data-letter="${colour}">${t(`cc.letter.${colour}`)}</text>`;
};

/** Every point's name as the notation writes it (`a1` … `q13`), upright over its point. */
const coordinates = (coords: readonly { x: number; y: number }[]): string =>
  POINTS.map((p) => {
    const c = coords[p.id]!;
    return `<text class="coord" x="${c.x.toFixed(3)}" y="${(c.y + 0.27).toFixed(3)}">${p.name}</text>`;
  }).join('');

const backgrounds = new Map<number, string>();

/** The star's lines and the six coloured corners, drawn once per rotation. */
const background = (turns: number, coords: readonly { x: number; y: number }[]): string => {
  const cached = backgrounds.get(turns);
  if (cached) return cached;
  let bg = '<g class="cc-lines">';
  for (const p of POINTS) {
    const a = coords[p.id]!;
    for (const d of [0, 4, 5]) {
      const n = NEIGHBOURS[p.id * 6 + d]!;
      if (n < 0) continue;
      const b = coords[n]!;
      bg += `<line x1="${a.x.toFixed(3)}" y1="${a.y.toFixed(3)}" x2="${b.x.toFixed(3)}" y2="${b.y.toFixed(3)}"/>`;
    }
  }
  bg += '</g>';
  for (const p of POINTS) {
    const c = coords[p.id]!;
    const fill = p.corner >= 0 ? CC_FILL[CORNER_COLOURS[p.corner]!] : undefined;
    bg += `<circle class="cc-hole" cx="${c.x.toFixed(3)}" cy="${c.y.toFixed(3)}" r="0.22"${fill ? ` style="stroke:${fill}"` : ''}/>`;
  }
  backgrounds.set(turns, bg);
  return bg;
};

/** A zoomed view's room around its points (a marble and its marks), and its least width, in point spacings. */
const FRAME_MARGIN = 0.7;
const FRAME_WIDTH = 6;

class ChineseCheckersBoard implements BoardController {
  #board: PointBoard;
  #input: BoardInput | undefined;
  #moves = new Map<string, string>();
  #pathLayer: SVGGElement;
  /** 食棋 is won on captures: each player's count stays in sight under the star. */
  #captures: HTMLParagraphElement;
  #lastKey = '';
  /** The points the board zooms to (`frame`), and where each point is drawn in the last update's rotation. */
  #focus: readonly string[] | undefined;
  #coords: readonly { x: number; y: number }[] = [];

  constructor(el: HTMLElement, host: BoardHost) {
    this.#board = new PointBoard(
      el,
      {
        // the star's points reach ±6 across and ±6.93 down; a marble and its marks fit in the margin
        viewBox: { x: -6.6, y: -7.55, w: 13.2, h: 15.1 },
        background: '',
        radius: 0.5,
        label: t('games.chinese-checkers'),
        roleDescription: t('game.boardRole'),
        states: { target: t('game.pointTarget'), selected: t('game.pointSelected') },
        withStates: (label, states) => String(t('game.pointStates', { label, states: listOf(states) })),
      },
      {
        onMove: (from, to) => {
          const m = this.#moves.get(`${from}>${to}`);
          if (m) host.play(m);
        },
        onSelect: () => {
          this.#drawPaths();
          // a zoomed view widens to the picked marble's destinations, so none needs "Whole board" to be reached
          this.#zoom();
        },
      },
    );
    this.#pathLayer = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    this.#pathLayer.setAttribute('class', 'paths');
    this.#board.svg.insertBefore(this.#pathLayer, this.#board.svg.querySelector('.pieces'));
    this.#captures = document.createElement('p');
    this.#captures.className = 'cc-captures';
    this.#captures.dataset.testid = 'cc-captures';
    this.#captures.hidden = true;
    el.append(this.#captures);
  }

  update(input: BoardInput): void {
    this.#input = input;
    const v = input.view as ChineseCheckersView;
    const corner = CORNER_COLOURS.indexOf(v.seatColours[input.bottom] ?? 'red');
    const turns = corner < 0 ? 0 : corner;
    const coords = POINTS.map((p) => rotate(p.x, p.y, -turns));
    this.#coords = coords;
    const points = POINTS.map((p, i) => ({
      id: String(p.id),
      x: coords[i]!.x,
      y: coords[i]!.y,
      label: `${p.name}${v.cells[p.id] ? `${t('game.comma')}${t(`cc.colour.${v.cells[p.id]}`)}` : ''}`,
    }));
    const bg = background(turns, coords);
    const pieces = POINTS.flatMap((p) => {
      const colour = v.cells[p.id];
      if (!colour) return [];
      return [{ at: String(p.id), svg: marbleSvg(colour, input.look.pieces), className: `cc-${colour}` }];
    });
    this.#moves.clear();
    const dests = new Map<string, string[]>();
    if (!input.browsing) {
      for (const m of input.legal) {
        const pts = parseMoveText(m);
        if (!pts.ok || pts.value.length < 2) continue;
        const from = String(pts.value[0]);
        const to = String(pts.value[pts.value.length - 1]);
        this.#moves.set(`${from}>${to}`, m);
        dests.set(from, [...(dests.get(from) ?? []), to]);
      }
    }
    const marks: { at: string; kind: 'last-from' | 'last-to' | 'path' }[] = [];
    const last = v.lastMove;
    if (last) {
      for (const p of last.path.slice(1, -1)) marks.push({ at: String(p), kind: 'path' });
      marks.push({ at: String(last.from), kind: 'last-from' }, { at: String(last.to), kind: 'last-to' });
    }
    const key = last ? `${v.ply}:${last.from}-${last.to}` : '';
    const animate =
      last && key !== this.#lastKey && this.#lastKey !== ''
        ? { from: String(last.from), to: String(last.to) }
        : undefined;
    this.#lastKey = key;
    this.#board.setBackground(bg);
    this.#board.setOverlay(input.look.coordinates ? coordinates(coords) : '');
    this.#board.set({ points, pieces, dests, marks, interactive: dests.size > 0, animate });
    this.#drawPaths();
    this.#drawCaptures(v);
    this.#zoom();
  }

  frame(points: readonly string[] | undefined): void {
    this.#focus = points;
    this.#zoom();
  }

  /**
   * The view around the focus: at least FRAME_WIDTH across (a point then fills ~1/6 of a phone's width), centred.
   * It also takes in what the player must see or reach there: the last move (an answer the page played included)
   * and the picked marble with every point it may go to.
   */
  #zoom(): void {
    const named = (this.#focus ?? []).flatMap((name) => {
      const p = POINTS.find((q) => q.name === name);
      return p ? [p.id] : [];
    });
    const ids = named.length === 0 ? [] : [...named, ...this.#inPlay()];
    const at = ids.flatMap((id) => {
      const c = this.#coords[id];
      return c ? [c] : [];
    });
    if (at.length === 0) {
      this.#board.setView(undefined);
      return;
    }
    const xs = at.map((c) => c.x);
    const ys = at.map((c) => c.y);
    const box = (lo: number, hi: number, least: number) => {
      const size = Math.max(hi - lo + 2 * FRAME_MARGIN, least);
      return { from: (lo + hi - size) / 2, size };
    };
    const x = box(Math.min(...xs), Math.max(...xs), FRAME_WIDTH);
    const y = box(Math.min(...ys), Math.max(...ys), FRAME_WIDTH * 0.75);
    this.#board.setView({ x: x.from, y: y.from, w: x.size, h: y.size });
  }

  /** The points of the last move (its whole path) and of the picked marble and its destinations, by id. */
  #inPlay(): number[] {
    const last = (this.#input?.view as ChineseCheckersView | undefined)?.lastMove;
    const s = this.#board.state;
    const picked = s.selected === undefined ? [] : [s.selected, ...(s.dests.get(s.selected) ?? [])];
    return [...(last?.path ?? []), ...picked.map(Number)];
  }

  #drawCaptures(v: ChineseCheckersView): void {
    this.#captures.hidden = v.variant !== 'capture';
    if (this.#captures.hidden) return;
    this.#captures.replaceChildren(
      ...v.seatColours.map((colour, seat) => {
        const span = document.createElement('span');
        span.dataset.seat = String(seat);
        span.dataset.n = String(v.captures[seat] ?? 0);
        span.textContent = `${t(`cc.colour.${colour}`)} · ${t('cc.captured', { n: v.captures[seat] ?? 0 })}`;
        return span;
      }),
    );
  }

  /** Previews the jump path to every destination of the selected piece. */
  #drawPaths(): void {
    const sel = this.#board.state.selected;
    const v = this.#input?.view as ChineseCheckersView | undefined;
    this.#pathLayer.replaceChildren();
    if (sel === undefined || !v) return;
    const pts = this.#board.state.points;
    const byId = new Map(pts.map((p) => [p.id, p]));
    for (const to of this.#board.state.dests.get(sel) ?? []) {
      const path = jumpPath(v.cells, Number(sel), Number(to));
      if (path.length <= 2) continue;
      const d = path.map(
        (p, i) => `${i === 0 ? 'M' : 'L'}${byId.get(String(p))!.x.toFixed(3)} ${byId.get(String(p))!.y.toFixed(3)}`,
      );
      const line = document.createElementNS('http://www.w3.org/2000/svg', 'path');
      line.setAttribute('d', d.join(' '));
      line.setAttribute('class', 'jump-path');
      this.#pathLayer.append(line);
    }
  }

  show(at: string): void {
    const p = POINTS.find((q) => q.name === at);
    if (p) this.#board.activate(String(p.id));
  }

  destroy(): void {
    this.#board.destroy();
    this.#captures.remove();
  }
}

export const module: GameModule = {
  id: 'chinese-checkers',
  definition: chineseCheckers,
  fields,
  scope: 'cc',
  seatNames: (view: JsonValue) =>
    ((view as ChineseCheckersView).seatColours ?? []).map((c) => t(`cc.colour.${c}`) as string),
  hidden: () => false,
  outSeats: (view: JsonValue) =>
    ((view as ChineseCheckersView | null)?.dropped ?? []).flatMap((d, s) => (d ? [s] : [])),
  // 食棋 writes a capture with an x (e3xe5)
  captured: (_before, _after, record) => record.notation.includes('x'),
  // arrival puzzles: the solver moves alone, the other colour's pieces stand still
  puzzleGame: (game, goal) => (goal === 'home' && game instanceof ChineseCheckersGame ? new SoloArrival(game) : game),
  // an arrival is played in one corner of the star: the solver's pieces and the goal they must fill
  puzzleFocus: (game) => {
    if (!(game instanceof SoloArrival)) return [];
    const v = game.viewFor(SPECTATOR);
    const colour = v.seatColours[game.seat];
    return POINTS.filter((p) => game.goal.includes(p.id) || v.cells[p.id] === colour).map((p) => p.name);
  },
  createBoard: (el, host) => new ChineseCheckersBoard(el, host),
};

export { pointName };
