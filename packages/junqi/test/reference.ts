/**
 * A second, deliberately simple move generator written only for the tests.
 * It shares no code with the engine's generator: it reads the board's edge
 * list and railway lines, keeps pieces in a Map, copies the state at every
 * node and finds straight railway runs from the drawing geometry (two
 * players) or from the line lists (four players).
 */
import type { Board } from '../src/board.js';

export interface RefPiece {
  army: number;
  rank: string; // notation letter
}

export interface RefState {
  board: Board;
  pieces: Map<number, RefPiece>;
  toMove: number;
  seats: number;
  team: number[];
  out: Set<number>;
  over: boolean;
}

const IMMOBILE = new Set(['F', 'M']);
const LADDER = '123456789';

export const refCombat = (a: string, d: string): 'attacker' | 'defender' | 'both' => {
  if (d === 'F') return a === 'B' ? 'both' : 'attacker';
  if (a === 'B' || d === 'B') return 'both';
  if (d === 'M') return a === '1' ? 'attacker' : 'defender';
  const x = LADDER.indexOf(a);
  const y = LADDER.indexOf(d);
  return x > y ? 'attacker' : x < y ? 'defender' : 'both';
};

const railNeighbours = (b: Board, p: number) =>
  b.edges.filter((e) => e.kind === 'rail' && (e.from === p || e.to === p)).map((e) => (e.from === p ? e.to : e.from));
const anyNeighbours = (b: Board, p: number) =>
  b.edges.filter((e) => e.from === p || e.to === p).map((e) => (e.from === p ? e.to : e.from));

/** Straight runs: two players by geometry (same direction at every step); four players along the listed lines. */
const straightRuns = (b: Board, p: number): number[][] => {
  if (b.players === 2) {
    const runs: number[][] = [];
    for (const first of railNeighbours(b, p)) {
      const dir = (q: number, r: number) =>
        [Math.sign(b.points[r]!.x - b.points[q]!.x), Math.sign(b.points[r]!.y - b.points[q]!.y)].join();
      const d = dir(p, first);
      const run = [first];
      let cur = first;
      for (;;) {
        const next = railNeighbours(b, cur).find((r) => r !== run[run.length - 2] && r !== p && dir(cur, r) === d);
        if (next === undefined) break;
        run.push(next);
        cur = next;
      }
      runs.push(run);
    }
    return runs;
  }
  const runs: number[][] = [];
  for (const line of b.lines) {
    const i = line.indexOf(p);
    if (i < 0) continue;
    runs.push(line.slice(i + 1), line.slice(0, i).reverse());
  }
  return runs.filter((r) => r.length > 0);
};

export const refMoves = (s: RefState): [number, number][] => {
  const { board: b, pieces } = s;
  const out = new Set<string>();
  const mine = (p: number) => pieces.get(p)?.army === s.toMove;
  const enemy = (p: number) => {
    const q = pieces.get(p);
    return q !== undefined && s.team[q.army] !== s.team[s.toMove] && b.points[p]!.kind !== 'camp';
  };
  for (const [p, piece] of pieces) {
    if (!mine(p) || IMMOBILE.has(piece.rank) || b.points[p]!.kind === 'hq') continue;
    const add = (q: number) => out.add(`${p},${q}`);
    for (const q of anyNeighbours(b, p)) if (!pieces.has(q) || enemy(q)) add(q);
    if (piece.rank === '1') {
      const seen = new Set([p]);
      const todo = [p];
      while (todo.length) {
        const x = todo.shift()!;
        for (const q of railNeighbours(b, x)) {
          if (seen.has(q)) continue;
          seen.add(q);
          if (!pieces.has(q)) {
            add(q);
            todo.push(q);
          } else if (enemy(q)) add(q);
        }
      }
    } else {
      for (const run of straightRuns(b, p)) {
        for (const q of run) {
          if (!pieces.has(q)) add(q);
          else {
            if (enemy(q)) add(q);
            break;
          }
        }
      }
    }
  }
  return [...out].map((k) => k.split(',').map(Number) as [number, number]);
};

const nextSeat = (s: RefState) => {
  let n = s.toMove;
  do n = (n + 1) % s.seats;
  while (s.out.has(n));
  return n;
};

const decided = (s: RefState) =>
  new Set([...Array(s.seats).keys()].filter((x) => !s.out.has(x)).map((x) => s.team[x])).size <= 1;

const knockOut = (s: RefState, seat: number) => {
  s.out.add(seat);
  if (s.seats > 2) for (const [p, q] of [...s.pieces]) if (q.army === seat) s.pieces.delete(p);
};

export const refPlay = (s: RefState, [from, to]: [number, number]): RefState => {
  const next: RefState = { ...s, pieces: new Map(s.pieces), out: new Set(s.out) };
  const a = next.pieces.get(from)!;
  const d = next.pieces.get(to);
  next.pieces.delete(from);
  if (!d) next.pieces.set(to, a);
  else {
    const r = refCombat(a.rank, d.rank);
    if (r === 'attacker') next.pieces.set(to, a);
    if (r === 'both') next.pieces.delete(to);
    if (d.rank === 'F') knockOut(next, d.army);
  }
  for (;;) {
    if (decided(next)) {
      next.over = true;
      return next;
    }
    next.toMove = nextSeat(next);
    if (refMoves(next).length > 0) return next;
    knockOut(next, next.toMove);
  }
};

export const refPerft = (s: RefState, depth: number): number => {
  if (depth === 0) return 1;
  if (s.over) return 0;
  const moves = refMoves(s);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += refPerft(refPlay(s, m), depth - 1);
  return n;
};
