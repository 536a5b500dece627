import type { JsonValue, PlayRecord } from '@qiyuan/core';
import { type HiveView, hive, isHivePgn, parseHivePgn } from '@qiyuan/hive';
import { HiveBoard, type HiveBoardText } from '../board/hive.js';
import { rosterPicker } from '../board/hive-roster.js';
import { i18n, listOf, t } from '../i18n/index.js';
import { fields } from './hive-form.js';

export { wordsReady } from './hive-form.js';

import type { BoardController, BoardHost, BoardInput, GameModule } from './types.js';

const sideName = (seat: number): string => String(t(seat === 0 ? 'hiveUi.white' : 'hiveUi.black'));

const pieceName = (piece: string): string =>
  String(
    t('hiveUi.piece', {
      colour: sideName(piece.charAt(0) === 'w' ? 0 : 1),
      bug: t(`hiveUi.bug.${piece.charAt(1)}`),
      n: piece.slice(2),
    }),
  ).trim();

const text = (): HiveBoardText => ({
  board: String(t('hiveUi.board')),
  piece: pieceName,
  cell: (q, r, stack) =>
    String(t('hiveUi.cell', { q, r, stack: stack.length > 0 ? listOf(stack) : t('hiveUi.empty') })),
  target: (q, r) => String(t('hiveUi.target', { q, r })),
  hand: (seat) => String(t('hiveUi.hand', { player: sideName(seat) })),
  pass: String(t('hiveUi.pass')),
  zoomIn: String(t('hiveUi.zoomIn')),
  zoomOut: String(t('hiveUi.zoomOut')),
  fit: String(t('hiveUi.fit')),
  choose: String(t('hiveUi.choose')),
  kind: (k) => String(t(`hiveUi.kind.${k}`)),
  threat: (n) => String(t('hiveUi.threat', { n })),
  start: String(t('hiveUi.start')),
});

/** A roster's flips (`T2F`) in words: "2 × Mantis, Fly"; the classic roster has its own words. */
const sidesText = (flips: string): string => {
  if (flips === '-' || flips === '') return String(t('hiveUi.roster.classic'));
  return listOf(
    (flips.match(/[A-Z]\d*/g) ?? []).map((part) => {
      const bug = String(t(`hiveUi.bug.${part[0]}`));
      const n = Number(part.slice(1) || '1');
      return n === 1 ? bug : String(t('hiveUi.roster.count', { n, bug }));
    }),
  );
};

/**
 * The advanced game's roster phase, drawn in place of the board: the chooser for a seat that owes its roster (at one
 * screen the pass-the-device curtain hides it from the other player), a waiting line for a seat that has chosen.
 */
class RosterPanel {
  readonly root = document.createElement('div');
  #key = '';

  constructor(
    host: HTMLElement,
    private readonly play: (move: string) => void,
  ) {
    this.root.className = 'hv-roster-phase';
    this.root.style.cssText = 'padding:1rem;display:none';
    host.prepend(this.root);
  }

  update(view: HiveView, seat: number | undefined, owes: boolean): void {
    // While this seat chooses, the other seat's choice arriving must not redraw (and reset) the chooser.
    const key = owes
      ? `choose|${view.gameType}|${seat}|${i18n.language}`
      : `wait|${seat}|${view.roster?.chosen.join()}|${view.roster?.own}|${i18n.language}`;
    if (key === this.#key) return;
    this.#key = key;
    this.root.replaceChildren();
    if (seat === undefined || !owes) {
      const p = document.createElement('p');
      p.dataset.testid = 'roster-waiting';
      const waitingFor = view.roster?.chosen.findIndex((c) => !c) ?? -1;
      p.textContent = String(t('hiveUi.roster.waiting', { player: sideName(waitingFor < 0 ? 0 : waitingFor) }));
      this.root.append(p);
      if (view.roster?.own) {
        const own = document.createElement('p');
        own.textContent = String(t('hiveUi.roster.yours', { sides: sidesText(view.roster.own) }));
        this.root.append(own);
      }
      return;
    }
    const intro = document.createElement('p');
    intro.textContent = String(t('hiveUi.roster.secret', { player: sideName(seat) }));
    this.root.append(
      intro,
      rosterPicker(
        view.gameType.split(':')[0]!,
        seat,
        {
          title: String(t('hiveUi.roster.title', { player: sideName(seat) })),
          kind: (front, back) =>
            String(t('hiveUi.roster.kind', { front: t(`hiveUi.bug.${front}`), back: t(`hiveUi.bug.${back}`) })),
          confirm: String(t('hiveUi.roster.confirm')),
        },
        this.play,
      ),
    );
  }

  show(on: boolean): void {
    this.root.style.display = on ? 'block' : 'none';
  }
}

class HiveController implements BoardController {
  #board: HiveBoard;
  #roster: RosterPanel;
  #lang = i18n.language;
  #view: HiveView | undefined;

  constructor(el: HTMLElement, host: BoardHost) {
    this.#board = new HiveBoard(el, text(), (m) => host.play(m));
    this.#roster = new RosterPanel(el, (m) => host.play(m));
    i18n.on('languageChanged', this.#relabel);
  }

  // The page may not redraw the board when the language changes; the board's own words must follow anyway.
  #relabel = (): void => {
    this.#lang = i18n.language;
    this.#board.setText(text());
  };

  update(input: BoardInput): void {
    if (i18n.language !== this.#lang) {
      this.#lang = i18n.language;
      this.#board.setText(text());
    }
    const v = input.view as unknown as HiveView;
    this.#view = v;
    const rosterPhase = v.gameType.endsWith(':?') && !input.outcome;
    this.#roster.show(rosterPhase && !input.concealed);
    this.#board.root.style.display = rosterPhase ? 'none' : '';
    if (rosterPhase) {
      const owes = !input.browsing && input.legal.some((m) => m.startsWith('roster'));
      this.#roster.update(v, typeof input.viewer === 'number' ? input.viewer : undefined, owes);
      return;
    }
    // The view lists every legal move of the side to move; the host's list says whether this viewer may act now.
    const mayAct = !input.browsing && !input.outcome && input.legal.length > 0;
    this.#board.update({
      view: v,
      bottom: input.bottom === 1 ? 1 : 0,
      legal: mayAct ? v.legal : [],
      pieces: input.look.pieces,
    });
  }

  show(at: string): void {
    this.#board.select(at);
  }

  // the view lists every legal move of the side to move with its cells, so a suggested move finds its path there
  arrows(moves: readonly string[]): void {
    const legal = this.#view?.legal ?? [];
    this.#board.arrows(
      moves.flatMap((uhp) => {
        const m = legal.find((x) => x.uhp === uhp);
        return m ? [{ uhp, from: m.from, to: m.to }] : [];
      }),
    );
  }

  destroy(): void {
    i18n.off('languageChanged', this.#relabel);
    this.#roster.root.remove();
    this.#board.destroy();
  }
}

export const module: GameModule = {
  id: 'hive',
  definition: hive,
  fields,
  scope: 'hive',
  seatNames: (_view: JsonValue, seatCount: number) => Array.from({ length: seatCount }, (_, i) => sideName(i)),
  // The advanced game's rosters are chosen blind: at one screen the pass-the-device curtain covers each choice, and
  // online each seat's legal moves come from the server (a page cannot replay the other seat's hidden choice).
  // A game from a GameString is of the string's game type, whatever the form's type and sides said.
  localOptions: (options) => {
    const { position, variant: _, sides: __, ...rest } = options;
    if (!position) return options;
    // a PGN record names its type in its GameType tag (Base when it has none); a GameString in its first part
    const pgn = isHivePgn(position) ? parseHivePgn(position) : undefined;
    const variant = pgn ? (pgn.ok && pgn.value.tags.get('GameType')) || 'Base' : position.trim().split(';')[0]!;
    return { ...rest, variant, position };
  },
  hidden: (options) => options.sides === 'advanced' || String(options.variant ?? '').endsWith(':?'),
  // once both rosters are chosen everything is on the board: no curtain between turns
  concealsNow: (view) => {
    const roster = (view as { roster?: { chosen?: readonly boolean[] } | null } | null)?.roster;
    return roster?.chosen?.some((c) => !c) ?? false;
  },
  moveText: (record: PlayRecord) => {
    const m = /^roster (.+)$/.exec(record.notation);
    if (!m) return record.notation;
    return m[1] === '?'
      ? String(t('hiveUi.roster.hidden'))
      : String(t('hiveUi.roster.chosen', { sides: sidesText(m[1]!) }));
  },
  createBoard: (el, host) => new HiveController(el, host),
};
