import type { GameDefinition, JsonValue } from '@qiyuan/core';
import { type HiveView, hive } from '@qiyuan/hive';
import { HiveBoard, type HiveBoardText } from '../board/hive.js';
import { hiveEn, hiveZhCN, hiveZhTW } from '../i18n/hive.js';
import { i18n, t } from '../i18n/index.js';
import type { BoardController, BoardHost, BoardInput, GameModule, OptionField } from './types.js';

// Deep merge into the catalogue, so this game's words load with its chunk.
for (const [lng, res] of [
  ['en', hiveEn],
  ['zh-CN', hiveZhCN],
  ['zh-TW', hiveZhTW],
] as const)
  i18n.addResourceBundle(lng, 'translation', res, true, false);

const GAME_TYPES = ['Base', 'Base+M', 'Base+L', 'Base+P', 'Base+ML', 'Base+MP', 'Base+LP', 'Base+MLP'];

const fields: readonly OptionField[] = [
  { kind: 'select', key: 'variant', label: 'hiveUi.gameType', values: GAME_TYPES, initial: 'Base+MLP' },
  { kind: 'toggle', key: 'tournamentOpening', label: 'hiveUi.tournamentOpening', initial: true },
  { kind: 'toggle', key: 'repetition', label: 'hiveUi.repetition', initial: true },
];

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
    String(t('hiveUi.cell', { q, r, stack: stack.length > 0 ? stack.join(', ') : t('hiveUi.empty') })),
  target: (q, r) => String(t('hiveUi.target', { q, r })),
  hand: (seat) => String(t('hiveUi.hand', { player: sideName(seat) })),
  pass: String(t('hiveUi.pass')),
  zoomIn: String(t('hiveUi.zoomIn')),
  zoomOut: String(t('hiveUi.zoomOut')),
  fit: String(t('hiveUi.fit')),
  choose: String(t('hiveUi.choose')),
});

class HiveController implements BoardController {
  #board: HiveBoard;
  #lang = i18n.language;

  constructor(el: HTMLElement, host: BoardHost) {
    this.#board = new HiveBoard(el, text(), (m) => host.play(m));
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
    // The view lists every legal move of the side to move; the host's list says whether this viewer may act now.
    const mayAct = !input.browsing && !input.outcome && input.legal.length > 0;
    this.#board.update({ view: v, bottom: input.bottom === 1 ? 1 : 0, legal: mayAct ? v.legal : [] });
  }

  destroy(): void {
    i18n.off('languageChanged', this.#relabel);
    this.#board.destroy();
  }
}

export const module: GameModule = {
  id: 'hive',
  definition: hive as unknown as GameDefinition,
  fields,
  scope: 'hive',
  seatNames: (_view: JsonValue, seatCount: number) => Array.from({ length: seatCount }, (_, i) => sideName(i)),
  hidden: () => false,
  createBoard: (el, host) => new HiveController(el, host),
};
