import { HEX_DIRECTIONS } from '@qiyuan/core';

/**
 * The board is a 32×32 grid of axial cells that wraps around, as Mzinga and
 * nokamute do: a hive of 28 tiles can never touch itself across the seam.
 */
export const GRID = 32;
export const CELLS = GRID * GRID;
export const cellOf = (q: number, r: number): number => (q & (GRID - 1)) | ((r & (GRID - 1)) << 5);
/** Axial coordinates of a cell, centred on the origin (−16…15). */
export const cellQ = (cell: number): number => (((cell & 31) + 16) & 31) - 16;
export const cellR = (cell: number): number => ((((cell >> 5) & 31) + 16) & 31) - 16;
export const ORIGIN = cellOf(0, 0);

/** `NEIGHBOR[cell * 6 + d]`, directions as in core's `HEX_DIRECTIONS` (E, NE, NW, W, SW, SE). */
export const NEIGHBOR = new Uint16Array(CELLS * 6);
for (let c = 0; c < CELLS; c++) {
  for (let d = 0; d < 6; d++) {
    const dir = HEX_DIRECTIONS[d]!;
    NEIGHBOR[c * 6 + d] = cellOf((c & 31) + dir.q, (c >> 5) + dir.r);
  }
}

/**
 * `SLIDES[occupied]`: with bit d of `occupied` set when the neighbour in
 * direction d is occupied, the directions a tile on the ground may slide to —
 * an empty neighbour through a gap with exactly one of the two cells beside
 * the step occupied (both: the gate is shut; neither: the tile would leave
 * the hive).
 */
export const SLIDES = Uint8Array.from({ length: 64 }, (_, occupied) => {
  let dirs = 0;
  for (let d = 0; d < 6; d++) {
    const left = (occupied >> ((d + 1) % 6)) & 1;
    const right = (occupied >> ((d + 5) % 6)) & 1;
    if (!((occupied >> d) & 1) && left !== right) dirs |= 1 << d;
  }
  return dirs;
});

/** `SPLIT_ARCS[occupied]`: whether the occupied neighbours (bit d, direction d) form two or more separate arcs. */
export const SPLIT_ARCS = Uint8Array.from({ length: 64 }, (_, occupied) => {
  let arcs = 0;
  // An arc starts at each occupied direction whose clockwise-previous neighbour is empty.
  for (let d = 0; d < 6; d++) if ((occupied >> d) & 1 && !((occupied >> ((d + 5) % 6)) & 1)) arcs++;
  return arcs >= 2 ? 1 : 0;
});

/** The number of set bits of a 32-bit int. */
export const bitCount = (x: number): number => {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  // Math.imul keeps the product a 32-bit int; a plain `*` of these operands is a float multiply and a conversion.
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
};

/** The index of the lowest set bit of a non-zero int. */
export const lowestBit = (x: number): number => 31 - Math.clz32(x & -x);
