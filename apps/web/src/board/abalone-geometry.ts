/** Where the Abalone board's cells sit on screen, turned so that the seat at the bottom plays up the screen. */
import { CELLS } from '@qiyuan/abalone';
import { HEX_DIRECTIONS } from '@qiyuan/core';

/** The height of a row of cells, for cells one unit apart. */
export const H = Math.sqrt(3) / 2;

/** Screen position of cell `i` with `bottom`'s side at the bottom (black starts on row A). */
export const position = (i: number, bottom: number): { x: number; y: number } => {
  const h = CELLS[i]!.hex;
  const x = h.q + h.r / 2;
  const y = h.r * H;
  return bottom === 1 ? { x: -x, y: -y } : { x, y };
};

/** The cell next to `cell` in direction `dir`, or -1 off the board. */
export const neighbour = (cell: number, dir: number): number => {
  const h = CELLS[cell]!.hex;
  const d = HEX_DIRECTIONS[dir]!;
  return CELLS.findIndex((c) => c.hex.q === h.q + d.q && c.hex.r === h.r + d.r);
};

/** Direction `dir` on screen, a unit step, with `bottom`'s side at the bottom. */
export const screenDirection = (dir: number, bottom: number): { x: number; y: number } => {
  const d = HEX_DIRECTIONS[dir]!;
  const sign = bottom === 1 ? -1 : 1;
  return { x: sign * (d.q + d.r / 2), y: sign * d.r * H };
};
