import { HEX_DIRECTIONS, type Hex, hexRotate } from '@qiyuan/core';

/**
 * The 121-point six-pointed star on the shared axial hex grid, and the tables
 * the move generator reads: neighbours, adjacent jumps, straight rays.
 *
 * The star is the union of two big triangles of 91 points each, whose overlap
 * is the central hexagon of radius 4 (61 points); what sticks out are the six
 * corners of 10 points. In cube coordinates (q, r, s = -q - r) a corner is the
 * set of points where one coordinate exceeds 4 in absolute value.
 *
 * Points are numbered 0..120 row by row from the south tip (corner 0) to the
 * north tip, west to east inside a row; that numbering is also the notation:
 * rows `a`..`q`, points `1`.. from the west (`a1` is the south tip, `i5` the
 * centre, `q1` the north tip).
 */

export const POINT_COUNT = 121;
export const CORNER_COUNT = 6;

/** A point of the star, 0..120. */
export type PointId = number;

/**
 * Corner k is corner 0 (the south one, nearest the player on screen) turned
 * k sixths counter-clockwise; seats take corners in that order, so turns go
 * counter-clockwise around the star. Colour k belongs to corner k; opposite
 * corners carry complementary colours.
 */
export const CORNER_COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export type CornerColour = (typeof CORNER_COLOURS)[number];
/** One letter per colour, used by the position notation. */
export const COLOUR_LETTERS = ['r', 'o', 'y', 'g', 'b', 'p'] as const;

export const ROW_LETTERS = 'abcdefghijklmnopq';

export interface StarPoint {
  readonly id: PointId;
  /** Notation, e.g. `e3`. */
  readonly name: string;
  /** Axial coordinates on the shared hex grid. */
  readonly q: number;
  readonly r: number;
  /** Drawing coordinates: neighbours are 1 apart, y grows southwards, the centre is (0, 0). */
  readonly x: number;
  readonly y: number;
  /** 0..16 from the south tip. */
  readonly row: number;
  /** The corner (0..5) the point belongs to, or -1 in the central hexagon. */
  readonly corner: number;
}

const inStar = (q: number, r: number): boolean => {
  const s = -q - r;
  const bigA = q <= 4 && r <= 4 && s <= 4;
  const bigB = q >= -4 && r >= -4 && s >= -4;
  return bigA || bigB;
};

/** Corner 0 is the south one: r > 4. */
const cornerOf = (h: Hex): number => {
  for (let k = 0; k < CORNER_COUNT; k++) if (hexRotate(h, -k).r > 4) return k;
  return -1;
};

/** Whether `h` lies in the 15-point home of corner k: the corner plus the hexagon edge next to it. */
const inHome15 = (h: Hex, k: number): boolean => {
  const b = hexRotate(h, -k);
  return b.r >= 4 && b.q >= -4 && -b.q - b.r >= -4;
};

const buildPoints = (): StarPoint[] => {
  const out: StarPoint[] = [];
  for (let row = 0; row < 17; row++) {
    const r = 8 - row;
    let col = 0;
    for (let q = -8; q <= 8; q++) {
      if (!inStar(q, r)) continue;
      col++;
      const id = out.length;
      out.push({
        id,
        name: `${ROW_LETTERS[row]}${col}`,
        q,
        r,
        x: q + r / 2,
        y: (r * Math.sqrt(3)) / 2,
        row,
        corner: cornerOf({ q, r }),
      });
    }
  }
  return out;
};

/** Every point, indexed by id. */
export const POINTS: readonly StarPoint[] = Object.freeze(buildPoints());

const indexByKey = new Map<string, PointId>(POINTS.map((p) => [`${p.q},${p.r}`, p.id]));
const indexByName = new Map<string, PointId>(POINTS.map((p) => [p.name, p.id]));

/** The point at axial (q, r), or -1 off the star. */
export const pointAt = (q: number, r: number): PointId => indexByKey.get(`${q},${r}`) ?? -1;

/** The point named `name` (`e3`), or -1. */
export const pointByName = (name: string): PointId => indexByName.get(name) ?? -1;

export const pointName = (p: PointId): string => POINTS[p]?.name ?? '?';

/** The centre of the star, `i5`. */
export const CENTRE: PointId = pointAt(0, 0);

/** The opposite corner: every player's goal is the corner opposite its home. */
export const oppositeCorner = (corner: number): number => (corner + 3) % 6;

/** The points of the home triangle of `corner` for 10 or 15 pieces, tip first. */
export const homePoints = (corner: number, pieces: 10 | 15): readonly PointId[] =>
  POINTS.filter((p) => (pieces === 10 ? p.corner === corner : inHome15(p, corner)))
    .map((p) => p.id)
    .sort((a, b) => distanceToTip(a, corner) - distanceToTip(b, corner) || a - b);

const tipOf = (corner: number): Hex => hexRotate({ q: -4, r: 8 }, corner);

const distanceToTip = (p: PointId, corner: number): number => {
  const t = tipOf(corner);
  const a = POINTS[p]!;
  const dq = a.q - t.q;
  const dr = a.r - t.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
};

/** Steps from `p` to the tip of `corner` (0 at the tip): the distance a piece still has to travel. */
export const distanceToCornerTip = distanceToTip;

/** The central hexagon without its centre: where 食棋 starts, 60 points. */
export const CAPTURE_START: readonly PointId[] = POINTS.filter((p) => p.corner === -1 && p.id !== CENTRE).map(
  (p) => p.id,
);

/** `NEIGHBOURS[p * 6 + d]`: the neighbour of p in core direction d, or -1. */
export const NEIGHBOURS: Int16Array = new Int16Array(POINT_COUNT * 6);
/** `JUMP_OVER` / `JUMP_LAND`: the adjacent jump from p in direction d, or -1 when it leaves the star. */
export const JUMP_OVER: Int16Array = new Int16Array(POINT_COUNT * 6);
export const JUMP_LAND: Int16Array = new Int16Array(POINT_COUNT * 6);
/**
 * Rays for long jumps: the points from p outwards in direction d are
 * `RAYS[RAY_START[i] .. RAY_START[i] + RAY_LENGTH[i])` with i = p * 6 + d.
 */
export const RAY_START: Int32Array = new Int32Array(POINT_COUNT * 6);
export const RAY_LENGTH: Int32Array = new Int32Array(POINT_COUNT * 6);
const rays: number[] = [];
for (const p of POINTS) {
  for (let d = 0; d < 6; d++) {
    const dir = HEX_DIRECTIONS[d]!;
    const i = p.id * 6 + d;
    NEIGHBOURS[i] = pointAt(p.q + dir.q, p.r + dir.r);
    const over = NEIGHBOURS[i]!;
    const land = over < 0 ? -1 : pointAt(p.q + 2 * dir.q, p.r + 2 * dir.r);
    JUMP_OVER[i] = land < 0 ? -1 : over;
    JUMP_LAND[i] = land;
    RAY_START[i] = rays.length;
    for (let k = 1; ; k++) {
      const t = pointAt(p.q + k * dir.q, p.r + k * dir.r);
      if (t < 0) break;
      rays.push(t);
    }
    RAY_LENGTH[i] = rays.length - RAY_START[i]!;
  }
}
export const RAYS: Int16Array = Int16Array.from(rays);

/** The direction (0..5) from a to b when they lie on one line, with the distance; undefined otherwise. */
export const lineBetween = (a: PointId, b: PointId): { direction: number; distance: number } | undefined => {
  const pa = POINTS[a]!;
  const pb = POINTS[b]!;
  const dq = pb.q - pa.q;
  const dr = pb.r - pa.r;
  const n = (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  if (n === 0) return undefined;
  const direction = HEX_DIRECTIONS.findIndex((u) => u.q * n === dq && u.r * n === dr);
  return direction < 0 ? undefined : { direction, distance: n };
};

/**
 * Compact per-point lists for the hot loops (no off-board entries to skip):
 * `STEP_TO[STEP_START[p] .. STEP_START[p + 1])` are p's neighbours, and
 * `HOP_OVER` / `HOP_LAND[HOP_START[p] .. HOP_START[p + 1])` its adjacent jumps.
 */
export const STEP_START: Int32Array = new Int32Array(POINT_COUNT + 1);
export const HOP_START: Int32Array = new Int32Array(POINT_COUNT + 1);
const stepList: number[] = [];
const hopOver: number[] = [];
const hopLand: number[] = [];
for (let p = 0; p < POINT_COUNT; p++) {
  STEP_START[p] = stepList.length;
  HOP_START[p] = hopOver.length;
  for (let d = 0; d < 6; d++) {
    if (NEIGHBOURS[p * 6 + d]! >= 0) stepList.push(NEIGHBOURS[p * 6 + d]!);
    if (JUMP_LAND[p * 6 + d]! >= 0) {
      hopOver.push(JUMP_OVER[p * 6 + d]!);
      hopLand.push(JUMP_LAND[p * 6 + d]!);
    }
  }
}
STEP_START[POINT_COUNT] = stepList.length;
HOP_START[POINT_COUNT] = hopOver.length;
export const STEP_TO: Int16Array = Int16Array.from(stepList);
export const HOP_OVER: Int16Array = Int16Array.from(hopOver);
export const HOP_LAND: Int16Array = Int16Array.from(hopLand);
