import { hexDistance, hexRing } from '@qiyuan/core';
import * as star from './star.js';
import { POINTS, type PointId } from './star.js';

/**
 * Tables derived from the star's geometry for the hot loops: which directions
 * lead somewhere from each point, the point halfway along a single jump, and
 * the 食棋 starting colours.
 */

const POINT_COUNT: number = star.POINT_COUNT;
const NEIGHBOURS: Int16Array = star.NEIGHBOURS;

/** Per point: bit d set when the neighbour in direction d is on the star. */
export const STEP_BITS = new Uint8Array(POINT_COUNT);
/** Per point: bit d set when the adjacent jump in direction d lands on the star. */
export const HOP_BITS = new Uint8Array(POINT_COUNT);
for (let p = 0; p < POINT_COUNT; p++) {
  for (let d = 0; d < 6; d++) {
    if (NEIGHBOURS[p * 6 + d]! >= 0) STEP_BITS[p]! |= 1 << d;
    if (star.JUMP_LAND[p * 6 + d]! >= 0) HOP_BITS[p]! |= 1 << d;
  }
}

/** The lowest set bit's index for 6-bit masks. */
export const LOW_BIT = new Int8Array(64);
for (let m = 1; m < 64; m++) LOW_BIT[m] = 31 - Math.clz32(m & -m);

/** `MIDPOINT[a * 121 + b]`: the point halfway between a and b on one line, or -1. */
export const MIDPOINT = (() => {
  const t = new Int16Array(POINT_COUNT * POINT_COUNT).fill(-1);
  for (const a of POINTS) {
    for (const b of POINTS) {
      const dq = b.q - a.q;
      const dr = b.r - a.r;
      if ((dq === 0 && dr === 0) || dq % 2 !== 0 || dr % 2 !== 0) continue;
      if (!(dq === 0 || dr === 0 || dq === -dr)) continue;
      const mq = a.q + dq / 2;
      const mr = a.r + dr / 2;
      const m = POINTS.findIndex((p) => p.q === mq && p.r === mr);
      t[a.id * POINT_COUNT + b.id] = m;
    }
  }
  return t;
})();

/** The point jumped over by a single jump from `a` to `b`, or -1 when b is not a single jump away. */
export const midpoint = (a: PointId, b: PointId): PointId => MIDPOINT[a * POINT_COUNT + b]!;

/** Whether a and b are neighbours. */
export const isNeighbour = (a: PointId, b: PointId): boolean => {
  for (let d = 0; d < 6; d++) if (NEIGHBOURS[a * 6 + d] === b) return true;
  return false;
};

/**
 * 食棋 colours: ring k of the hexagon has six sides of k points; side j of
 * every ring faces the same corner, so each corner's colour fills a wedge of
 * 1 + 2 + 3 + 4 = 10 points.
 */
const WEDGE = (() => {
  const t = new Int8Array(POINT_COUNT).fill(-1);
  const sideCorner = [0, 1, 2, 3, 4, 5].map((j) => {
    const mid = hexRing({ q: 0, r: 0 }, 4)[j * 4 + 2]!;
    return POINTS.find((p) => p.corner >= 0 && hexDistance(p, mid) === 1)!.corner;
  });
  for (let k = 1; k <= 4; k++) {
    hexRing({ q: 0, r: 0 }, k).forEach((h, i) => {
      t[POINTS.findIndex((p) => p.q === h.q && p.r === h.r)] = sideCorner[Math.floor(i / k)]!;
    });
  }
  return t;
})();

/** The corner whose colour a 食棋 piece starts in on `p` (the wedge of the hexagon it lies in). */
export const wedgeOf = (p: PointId): number => WEDGE[p]!;
