import { type AbaloneView, abalone, cellByName } from '@qiyuan/abalone';
import type { JsonValue } from '@qiyuan/core';
import { AbaloneBoard, type AbaloneBoardText } from '../board/abalone.js';
import { i18n, t } from '../i18n/index.js';
import { fields } from './abalone-form.js';
import type { BoardController, BoardHost, BoardInput, GameModule } from './types.js';

const sideName = (seat: number): string => String(t(seat === 0 ? 'abalone.black' : 'abalone.white'));

const text = (): AbaloneBoardText => ({
  board: String(t('abaloneUi.board')),
  cell: (name, owner, selected) =>
    `${String(t(owner === 'black' ? 'abaloneUi.cellBlack' : owner === 'white' ? 'abaloneUi.cellWhite' : 'abaloneUi.cell', { name }))}${selected ? `${String(t('game.comma'))}${String(t('abaloneUi.selected'))}` : ''}`,
  direction: (dir, push, ejects) =>
    `${String(t('abaloneUi.direction', { dir: t(`abalone.dirs.${dir}`) }))}${ejects ? `${String(t('game.comma'))}${String(t('abaloneUi.ejects'))}` : push ? `${String(t('game.comma'))}${String(t('abaloneUi.push'))}` : ''}`,
  ejected: (seat, n) => String(t('abaloneUi.ejected', { side: sideName(seat), n })),
  hint: String(t('abaloneUi.hint')),
  clear: String(t('abaloneUi.clear')),
  marble: (owner) => String(t(owner === 'black' ? 'abaloneUi.letterBlack' : 'abaloneUi.letterWhite')),
  confirm: String(t('abaloneUi.confirm')),
});

class AbaloneController implements BoardController {
  #board: AbaloneBoard;
  #lang = i18n.language;

  constructor(el: HTMLElement, host: BoardHost) {
    this.#board = new AbaloneBoard(el, text(), (m) => host.play(m));
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
    const v = input.view as AbaloneView;
    this.#board.update({
      view: v,
      bottom: input.bottom === 1 ? 1 : 0,
      legal: input.browsing || input.outcome ? [] : input.legal,
      pieces: input.look.pieces,
      coordinates: input.look.coordinates,
    });
  }

  show(at: string): void {
    this.#board.clear();
    for (const name of at.split(' ')) {
      const cell = cellByName(name);
      if (cell >= 0) this.#board.activate(cell);
    }
  }

  destroy(): void {
    i18n.off('languageChanged', this.#relabel);
    this.#board.destroy();
  }
}

export const module: GameModule = {
  id: 'abalone',
  definition: abalone,
  fields,
  scope: 'abalone',
  seatNames: (_view: JsonValue, seatCount: number) => Array.from({ length: seatCount }, (_, i) => sideName(i)),
  hidden: () => false,
  // a marble pushed off the board
  captured: (before, after) => {
    const off = (v: JsonValue) => ((v as AbaloneView | null)?.ejected ?? []).reduce((a, b) => a + b, 0);
    return off(after) > off(before);
  },
  createBoard: (el, host) => new AbaloneController(el, host),
};
