import { HEX_DIRECTIONS, type Hex, hex } from '@qiyuan/core';

/**
 * The 61-cell board: the radius-4 hexagon of the shared hex geometry.
 * Cells are numbered 0..60 row by row from row A (bottom, r = +4) to row I
 * (top, r = -4); names follow the common scheme: a row letter A–I and a
 * diagonal number 1–9 (A1–A5 … E1–E9 … I5–I9).
 */
export const CELL_COUNT = 61;
export const ROWS = 'ABCDEFGHI';

export interface Cell {
  readonly index: number;
  readonly name: string;
  readonly hex: Hex;
}

const cells: Cell[] = [];
const indexByKey = new Map<string, number>();
for (let row = 0; row < 9; row++) {
  for (let diagonal = Math.max(1, row - 3); diagonal <= Math.min(9, row + 5); diagonal++) {
    const h = hex(diagonal - 5, 4 - row);
    indexByKey.set(`${h.q},${h.r}`, cells.length);
    cells.push({ index: cells.length, name: `${ROWS[row]}${diagonal}`, hex: h });
  }
}

export const CELLS: readonly Cell[] = cells;

/** `NEIGHBOR[cell * 6 + direction]`, or -1 off the board; directions as in core's `HEX_DIRECTIONS`. */
export const NEIGHBOR = new Int8Array(CELL_COUNT * 6);
for (const c of cells) {
  for (let d = 0; d < 6; d++) {
    const dir = HEX_DIRECTIONS[d]!;
    NEIGHBOR[c.index * 6 + d] = indexByKey.get(`${c.hex.q + dir.q},${c.hex.r + dir.r}`) ?? -1;
  }
}

export const cellAt = (h: Hex): number => indexByKey.get(`${h.q},${h.r}`) ?? -1;

export const cellByName = (name: string): number => {
  const m = /^([A-Ia-i])([1-9])$/.exec(name);
  if (!m) return -1;
  const row = ROWS.indexOf(m[1]!.toUpperCase());
  return cellAt(hex(Number(m[2]) - 5, 4 - row));
};

export const cellName = (cell: number): string => cells[cell]!.name;

/** Direction names for people: E and W along a row, NE/NW towards row I, SE/SW towards row A. */
export const DIRECTION_NAMES = ['E', 'NE', 'NW', 'W', 'SW', 'SE'] as const;
export type DirectionName = (typeof DIRECTION_NAMES)[number];
