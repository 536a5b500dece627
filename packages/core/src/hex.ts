/**
 * Hex-grid geometry in axial coordinates (q, r) with the implied cube
 * coordinate s = -q - r. Pointy- or flat-topped drawing is the UI's business;
 * the six directions are listed counter-clockwise starting "east" (+q).
 */
export interface Hex {
  readonly q: number;
  readonly r: number;
}

export interface Cube {
  readonly q: number;
  readonly r: number;
  readonly s: number;
}

export const hex = (q: number, r: number): Hex => ({ q, r });

/** Counter-clockwise from east: E, NE, NW, W, SW, SE (r grows southwards). */
export const HEX_DIRECTIONS: readonly Hex[] = Object.freeze([
  hex(1, 0),
  hex(1, -1),
  hex(0, -1),
  hex(-1, 0),
  hex(-1, 1),
  hex(0, 1),
]);

export type HexDirection = 0 | 1 | 2 | 3 | 4 | 5;

export const toCube = (h: Hex): Cube => ({ q: h.q, r: h.r, s: -h.q - h.r });

export const fromCube = (c: Cube): Hex => hex(c.q, c.r);

export const hexEquals = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;

export const hexAdd = (a: Hex, b: Hex): Hex => hex(a.q + b.q, a.r + b.r);

export const hexSubtract = (a: Hex, b: Hex): Hex => hex(a.q - b.q, a.r - b.r);

export const hexScale = (a: Hex, k: number): Hex => hex(a.q * k, a.r * k);

export const hexNeighbor = (h: Hex, direction: number): Hex =>
  hexAdd(h, HEX_DIRECTIONS[((direction % 6) + 6) % 6] as Hex);

export const hexNeighbors = (h: Hex): Hex[] => HEX_DIRECTIONS.map((d) => hexAdd(h, d));

export const oppositeDirection = (direction: number): HexDirection => ((((direction + 3) % 6) + 6) % 6) as HexDirection;

/** The direction index from `a` to its neighbour `b`, or -1 when they do not touch. */
export const directionTo = (a: Hex, b: Hex): number =>
  HEX_DIRECTIONS.findIndex((d) => a.q + d.q === b.q && a.r + d.r === b.r);

export const hexLength = (h: Hex): number => (Math.abs(h.q) + Math.abs(h.r) + Math.abs(h.q + h.r)) / 2;

export const hexDistance = (a: Hex, b: Hex): number => hexLength(hexSubtract(a, b));

/** Rounds fractional cube coordinates to the hex that contains them. */
export const hexRound = (q: number, r: number): Hex => {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return hex(rq + 0, rr + 0);
};

/**
 * Every hex on the straight line from `a` to `b`, both included. The nudge
 * breaks ties the same way every time, so lines are deterministic.
 */
export const hexLine = (a: Hex, b: Hex): Hex[] => {
  const n = hexDistance(a, b);
  if (n === 0) return [a];
  const out: Hex[] = [];
  const eps = 1e-6;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(hexRound(a.q + (b.q - a.q) * t + eps, a.r + (b.r - a.r) * t + 2 * eps));
  }
  return out;
};

/** The direction index when `b` lies on one of the six straight lines from `a`, else -1. */
export const lineDirection = (a: Hex, b: Hex): number => {
  const d = hexSubtract(b, a);
  const n = hexLength(d);
  if (n === 0) return -1;
  return HEX_DIRECTIONS.findIndex((u) => u.q * n === d.q && u.r * n === d.r);
};

/** The hexes at exactly `radius` steps from `center`, in ring order; radius 0 is the centre alone. */
export const hexRing = (center: Hex, radius: number): Hex[] => {
  if (radius === 0) return [center];
  const out: Hex[] = [];
  let h = hexAdd(center, hexScale(HEX_DIRECTIONS[4] as Hex, radius));
  for (let side = 0; side < 6; side++) {
    for (let step = 0; step < radius; step++) {
      out.push(h);
      h = hexNeighbor(h, side);
    }
  }
  return out;
};

/** Every hex within `radius` of `center`, ring by ring outwards. */
export const hexSpiral = (center: Hex, radius: number): Hex[] => {
  const out: Hex[] = [];
  for (let k = 0; k <= radius; k++) out.push(...hexRing(center, k));
  return out;
};

/** Rotates `h` about the origin by `steps` sixths of a turn counter-clockwise. */
export const hexRotate = (h: Hex, steps: number): Hex => {
  let { q, r } = h;
  const n = ((steps % 6) + 6) % 6;
  for (let i = 0; i < n; i++) {
    const s = -q - r;
    // counter-clockwise by 60° in our direction order: (q, r, s) -> (-s, -q, -r)
    const nq = -s;
    const nr = -q;
    q = nq;
    r = nr;
  }
  return hex(q + 0, r + 0);
};

/** A compact string key for maps and sets at the edges (not for hot loops). */
export const hexKey = (h: Hex): string => `${h.q},${h.r}`;

export const parseHexKey = (key: string): Hex | undefined => {
  const m = /^(-?\d+),(-?\d+)$/.exec(key);
  return m ? hex(Number(m[1]), Number(m[2])) : undefined;
};
