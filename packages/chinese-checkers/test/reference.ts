/**
 * A second, deliberately simple move generator, written only to cross-check
 * the engine: a Map board keyed by "q,r", corners from the cube-coordinate
 * inequalities, jump chains by depth-first search over a Set, perft by copying
 * the board. It shares nothing with the engine but the core hex directions.
 */
import { HEX_DIRECTIONS } from '@qiyuan/core';

export interface RefOptions {
  players: 2 | 3 | 4 | 6;
  pieces: 10 | 15;
  jump: 'adjacent' | 'long';
  corners: 'open' | 'pass' | 'closed';
  variant: 'race' | 'capture';
}

type Board = Map<string, number>;
const key = (q: number, r: number): string => `${q},${r}`;
const unkey = (k: string): [number, number] => k.split(',').map(Number) as [number, number];

const onStar = (q: number, r: number): boolean => {
  const s = -q - r;
  return (q <= 4 && r <= 4 && s <= 4) || (q >= -4 && r >= -4 && s >= -4);
};

/** Corners 0..5 counter-clockwise from the south one. */
const CORNER_TESTS: ((q: number, r: number, s: number) => boolean)[] = [
  (_q, r) => r > 4,
  (_q, _r, s) => s < -4,
  (q) => q > 4,
  (_q, r) => r < -4,
  (_q, _r, s) => s > 4,
  (q) => q < -4,
];
/** Corner k plus, for 15 pieces, the hexagon edge in front of it. */
const HOME15_TESTS: ((q: number, r: number, s: number) => boolean)[] = [
  (q, r, s) => r >= 4 && q >= -4 && s >= -4,
  (q, r, s) => s <= -4 && q <= 4 && r <= 4,
  (q, r, s) => q >= 4 && r >= -4 && s >= -4,
  (q, r, s) => r <= -4 && q <= 4 && s <= 4,
  (q, r, s) => s >= 4 && q >= -4 && r >= -4,
  (q, r, s) => q <= -4 && r <= 4 && s <= 4,
];

export const refCornerOf = (q: number, r: number): number => CORNER_TESTS.findIndex((t) => t(q, r, -q - r));

const ALL: [number, number][] = [];
for (let q = -8; q <= 8; q++) for (let r = -8; r <= 8; r++) if (onStar(q, r)) ALL.push([q, r]);

const SEATS: Record<number, number[]> = { 2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4], 6: [0, 1, 2, 3, 4, 5] };

export interface RefState {
  board: Board;
  side: number;
}

export const refStart = (o: RefOptions): RefState => {
  const board: Board = new Map();
  if (o.variant === 'capture') {
    for (const [q, r] of ALL) if (refCornerOf(q, r) < 0 && !(q === 0 && r === 0)) board.set(key(q, r), 0);
  } else {
    for (const c of SEATS[o.players]!) {
      for (const [q, r] of ALL) {
        const inHome = o.pieces === 10 ? refCornerOf(q, r) === c : HOME15_TESTS[c]!(q, r, -q - r);
        if (inHome) board.set(key(q, r), c);
      }
    }
  }
  return { board, side: 0 };
};

/** Landing points of one jump from (q, r). */
const jumpsFrom = (board: Board, q: number, r: number, long: boolean): [number, number][] => {
  const out: [number, number][] = [];
  for (const d of HEX_DIRECTIONS) {
    let k = 1;
    while (onStar(q + k * d.q, r + k * d.r) && !board.has(key(q + k * d.q, r + k * d.r))) k++;
    if (!onStar(q + k * d.q, r + k * d.r)) continue;
    if (!long && k !== 1) continue;
    let clear = true;
    for (let j = k + 1; j <= 2 * k; j++) {
      if (!onStar(q + j * d.q, r + j * d.r) || board.has(key(q + j * d.q, r + j * d.r))) clear = false;
    }
    if (clear) out.push([q + 2 * k * d.q, r + 2 * k * d.r]);
  }
  return out;
};

/** Moves as "fromKey>toKey" strings, sorted. */
export const refMoves = (o: RefOptions, st: RefState): string[] => {
  const seats = SEATS[o.players]!;
  const moves = new Set<string>();
  if (o.variant === 'capture') {
    const allowed = (q: number, r: number) => o.corners === 'open' || refCornerOf(q, r) < 0;
    for (const k of st.board.keys()) {
      const [q, r] = unkey(k);
      for (const [lq, lr] of jumpsFrom(st.board, q, r, o.jump === 'long')) {
        if (allowed(lq, lr)) moves.add(`${k}>${key(lq, lr)}`);
      }
    }
    if (moves.size > 0) return [...moves].sort();
    for (const k of st.board.keys()) {
      const [q, r] = unkey(k);
      for (const d of HEX_DIRECTIONS) {
        const t = [q + d.q, r + d.r] as const;
        if (onStar(t[0], t[1]) && !st.board.has(key(t[0], t[1])) && allowed(t[0], t[1])) moves.add(`${k}>${key(...t)}`);
      }
    }
    return [...moves].sort();
  }
  const colour = seats[st.side]!;
  const goal = (colour + 3) % 6;
  const stopOk = (q: number, r: number): boolean => {
    const c = refCornerOf(q, r);
    return o.corners === 'open' || c < 0 || c === colour || c === goal;
  };
  const landOk = (q: number, r: number): boolean => o.corners !== 'closed' || stopOk(q, r);
  for (const [k, c] of st.board) {
    if (c !== colour) continue;
    const [q, r] = unkey(k);
    for (const d of HEX_DIRECTIONS) {
      const t = [q + d.q, r + d.r] as const;
      if (onStar(t[0], t[1]) && !st.board.has(key(t[0], t[1])) && stopOk(t[0], t[1])) moves.add(`${k}>${key(...t)}`);
    }
    const lifted = new Map(st.board);
    lifted.delete(k);
    const seen = new Set<string>([k]);
    const dfs = (cq: number, cr: number): void => {
      for (const [lq, lr] of jumpsFrom(lifted, cq, cr, o.jump === 'long')) {
        const lk = key(lq, lr);
        if (seen.has(lk) || !landOk(lq, lr)) continue;
        seen.add(lk);
        if (stopOk(lq, lr)) moves.add(`${k}>${lk}`);
        dfs(lq, lr);
      }
    };
    dfs(q, r);
  }
  return [...moves].sort();
};

export const refPlay = (o: RefOptions, st: RefState, move: string): RefState => {
  const [from, to] = move.split('>') as [string, string];
  const board = new Map(st.board);
  const c = board.get(from)!;
  board.delete(from);
  board.set(to, c);
  if (o.variant === 'capture') {
    const [fq, fr] = unkey(from);
    const [tq, tr] = unkey(to);
    if (Math.abs(fq - tq) + Math.abs(fr - tr) + Math.abs(fq + fr - tq - tr) > 2)
      board.delete(key((fq + tq) / 2, (fr + tr) / 2));
  }
  return { board, side: (st.side + 1) % o.players };
};

export const refPerft = (o: RefOptions, st: RefState, depth: number): number => {
  if (depth === 0) return 1;
  const moves = refMoves(o, st);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += refPerft(o, refPlay(o, st, m), depth - 1);
  return n;
};
