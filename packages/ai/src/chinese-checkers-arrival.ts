import {
  homePoints,
  type JumpRule,
  oppositeCorner,
  POINT_COUNT,
  POINTS,
  type PointId,
  pointAt,
} from '@qiyuan/chinese-checkers';
import { HEX_DIRECTIONS } from '@qiyuan/core';

/**
 * Chinese Checkers puzzles, "shortest arrival": one colour's pieces near the end of a race, the other colours'
 * pieces standing where they are. The solver moves alone — the other pieces never move (in a two-player endgame the
 * opponent's stragglers and its pieces already home are stones to jump over, nothing more) — and must bring every
 * one of its pieces into the goal triangle in the fewest moves. A step or a whole jump chain is one move, as in the
 * game. The corners are open (a piece may pass and stop anywhere on the star).
 *
 * `ArrivalSearch` proves the fewest moves N by depth-first search with an admissible bound and a table of positions
 * already shown to need more than a number of moves; it also tells which first moves keep N within reach.
 *
 * The bound: every piece must end on a goal point of its own and only one piece moves per move, so the cheapest
 * assignment of pieces to goal points, at a cost per pair that no real line can beat, is a lower bound. The cost of
 * piece p to goal point g: 0 when p is g; 1 when one move could take it there — g is a neighbour (a step), or g is
 * in p's jump class (a jump, adjacent or long, moves a piece an even number of points along a line, so a chain never
 * changes (q mod 2, r mod 2)); otherwise 2 (a step to change class, and at least one more move).
 */

/** A move packed as `from | to << 8`, as the engine packs it. */
export type ArrivalMove = number;

const NEIGHBOUR = new Int16Array(POINT_COUNT * 6).fill(-1);
/** `RAY[(p * 6 + d) * 17 + k]`: the point k + 1 steps from p in direction d, or -1 off the star. */
const RAY = new Int16Array(POINT_COUNT * 6 * 17).fill(-1);
for (const p of POINTS) {
  for (let d = 0; d < 6; d++) {
    const { q: dq, r: dr } = HEX_DIRECTIONS[d]!;
    NEIGHBOUR[p.id * 6 + d] = pointAt(p.q + dq, p.r + dr);
    for (let k = 1; k <= 16; k++) RAY[(p.id * 6 + d) * 17 + k - 1] = pointAt(p.q + k * dq, p.r + k * dr);
  }
}

/** The jump class of a point: (q mod 2, r mod 2), which no jump changes. */
const jumpClass = (p: PointId): number => (POINTS[p]!.q & 1) * 2 + (POINTS[p]!.r & 1);

const isNeighbour = (a: PointId, b: PointId): boolean => {
  for (let d = 0; d < 6; d++) if (NEIGHBOUR[a * 6 + d] === b) return true;
  return false;
};

/** The goal triangle of the colour that starts in `homeCorner` (10 pieces). */
export const arrivalGoal = (homeCorner: number): readonly PointId[] => homePoints(oppositeCorner(homeCorner), 10);

/** Lower bound on moves for one piece from p to goal point g (see the module comment). */
const pairCost = (p: PointId, g: PointId): number => {
  if (p === g) return 0;
  return jumpClass(p) === jumpClass(g) || isNeighbour(p, g) ? 1 : 2;
};
/** `PAIR_COST[p * 121 + g]`: the same, looked up (the bound reads it a hundred times a position). */
const PAIR_COST = new Uint8Array(POINT_COUNT * POINT_COUNT);
for (let p = 0; p < POINT_COUNT; p++)
  for (let g = 0; g < POINT_COUNT; g++) PAIR_COST[p * POINT_COUNT + g] = pairCost(p, g);

/** Work arrays of the assignment, reused: the bound is computed at every node and for every child. */
const U = new Float64Array(17);
const V = new Float64Array(17);
const MATCH = new Int32Array(17);
const WAY = new Int32Array(17);
const MINV = new Float64Array(17);
const USED = new Uint8Array(17);

/** The cheapest assignment of rows to columns of a square cost matrix, n ≤ 16 (Hungarian method, potentials). */
const cheapestAssignment = (cost: Int32Array, n: number): number => {
  U.fill(0);
  V.fill(0);
  MATCH.fill(0);
  WAY.fill(0);
  for (let i = 1; i <= n; i++) {
    MATCH[0] = i;
    let j0 = 0;
    MINV.fill(Number.POSITIVE_INFINITY);
    USED.fill(0);
    do {
      USED[j0] = 1;
      const i0 = MATCH[j0]!;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (USED[j]) continue;
        const cur = cost[(i0 - 1) * n + j - 1]! - U[i0]! - V[j]!;
        if (cur < MINV[j]!) {
          MINV[j] = cur;
          WAY[j] = j0;
        }
        if (MINV[j]! < delta) {
          delta = MINV[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (USED[j]) {
          U[MATCH[j]!]! += delta;
          V[j]! -= delta;
        } else MINV[j]! -= delta;
      }
      j0 = j1;
    } while (MATCH[j0] !== 0);
    do {
      const j1 = WAY[j0]!;
      MATCH[j0] = MATCH[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  let total = 0;
  for (let j = 1; j <= n; j++) total += cost[(MATCH[j]! - 1) * n + j - 1]!;
  return total;
};

export class ArrivalSearch {
  /** 0 empty, 1 the solver's piece, 2 a standing piece of another colour. */
  readonly board = new Uint8Array(POINT_COUNT);
  readonly pieces: PointId[];
  readonly goal: readonly PointId[];
  private readonly inGoal = new Uint8Array(POINT_COUNT);
  private readonly long: boolean;
  /** Per position (the sorted pieces as text): it cannot arrive within this many moves. */
  private readonly tooFar = new Map<string, number>();
  private readonly seen = new Uint32Array(POINT_COUNT);
  private stamp = 0;
  private readonly cost: Int32Array;
  /** Positions visited by the searches so far (for the miner's and the bench's figures). */
  nodes = 0;

  constructor(pieces: readonly PointId[], stones: readonly PointId[], goal: readonly PointId[], jump: JumpRule) {
    if (pieces.length !== goal.length) throw new Error('as many pieces as goal points are needed');
    this.pieces = [...pieces];
    this.goal = goal;
    this.long = jump === 'long';
    for (const g of goal) this.inGoal[g] = 1;
    for (const s of stones) this.board[s] = 2;
    for (const p of pieces) this.board[p] = 1;
    this.cost = new Int32Array(goal.length * goal.length);
  }

  /** Whether every piece stands in the goal. */
  arrived(): boolean {
    return this.pieces.every((p) => this.inGoal[p] === 1);
  }

  /** The admissible lower bound on the moves still needed. */
  lowerBound(): number {
    const n = this.goal.length;
    let outside = 0;
    for (const p of this.pieces) if (this.inGoal[p] === 0) outside++;
    if (outside === 0) return 0;
    for (let i = 0; i < n; i++) {
      const row = this.pieces[i]! * POINT_COUNT;
      for (let j = 0; j < n; j++) this.cost[i * n + j] = PAIR_COST[row + this.goal[j]!]!;
    }
    return cheapestAssignment(this.cost, n);
  }

  /** Every move of the solver: steps to an empty neighbour and every end point of a jump chain (each once). */
  moves(): ArrivalMove[] {
    const out: ArrivalMove[] = [];
    const board = this.board;
    for (const from of this.pieces) {
      for (let d = 0; d < 6; d++) {
        const t = NEIGHBOUR[from * 6 + d]!;
        if (t >= 0 && board[t] === 0) out.push(from | (t << 8));
      }
      // breadth-first over landing points, the moving piece lifted (a long chain may pass back over its start)
      board[from] = 0;
      this.stamp++;
      this.seen[from] = this.stamp;
      const queue = [from];
      for (let head = 0; head < queue.length; head++) {
        const c = queue[head]!;
        for (let d = 0; d < 6; d++) {
          const land = this.jumpLanding(c, d);
          if (land < 0 || this.seen[land] === this.stamp) continue;
          this.seen[land] = this.stamp;
          queue.push(land);
          out.push(from | (land << 8));
        }
      }
      board[from] = 1;
    }
    return out;
  }

  /** Where a single jump from c in direction d lands, or -1. */
  private jumpLanding(c: PointId, d: number): PointId {
    const base = (c * 6 + d) * 17;
    const board = this.board;
    if (!this.long) {
      const over = RAY[base]!;
      const land = RAY[base + 1]!;
      return over >= 0 && land >= 0 && board[over] !== 0 && board[land] === 0 ? land : -1;
    }
    let i = 0;
    while (i < 16 && RAY[base + i]! >= 0 && board[RAY[base + i]!] === 0) i++;
    if (i >= 16 || RAY[base + i]! < 0) return -1;
    // the piece jumped over is i + 1 steps away; the landing point 2i + 2 steps, every point between empty
    const landIndex = 2 * i + 1;
    if (landIndex >= 16 || RAY[base + landIndex]! < 0) return -1;
    for (let j = i + 1; j <= landIndex; j++) if (board[RAY[base + j]!] !== 0) return -1;
    return RAY[base + landIndex]!;
  }

  play(move: ArrivalMove): void {
    const from = move & 0xff;
    const to = move >>> 8;
    this.board[from] = 0;
    this.board[to] = 1;
    this.pieces[this.pieces.indexOf(from)] = to;
  }

  undo(move: ArrivalMove): void {
    this.play((move >>> 8) | ((move & 0xff) << 8));
  }

  private key(): string {
    return String.fromCharCode(...[...this.pieces].sort((a, b) => a - b));
  }

  /** Whether every piece can be home within `left` moves. */
  arrivesWithin(left: number): boolean {
    this.nodes++;
    const h = this.lowerBound();
    if (h === 0) return true;
    if (h > left) return false;
    const key = this.key();
    if ((this.tooFar.get(key) ?? -1) >= left) return false;
    // the moves that lower the bound first: a line that exists is found sooner
    const scored = this.moves().map((m) => {
      this.play(m);
      const b = this.lowerBound();
      this.undo(m);
      return { m, b };
    });
    scored.sort((a, b) => a.b - b.b);
    for (const { m, b } of scored) {
      if (b > left - 1) break;
      this.play(m);
      const found = this.arrivesWithin(left - 1);
      this.undo(m);
      if (found) return true;
    }
    this.tooFar.set(key, left);
    return false;
  }

  /** The fewest moves to bring every piece home, when at most `limit`; undefined beyond. */
  shortest(limit: number): number | undefined {
    for (let n = this.lowerBound(); n <= limit; n++) if (this.arrivesWithin(n)) return n;
    return undefined;
  }

  /** The first moves after which every piece can still be home within `left` moves in all. */
  firstMoves(left: number): ArrivalMove[] {
    const keep: ArrivalMove[] = [];
    for (const m of this.moves()) {
      this.play(m);
      if (this.arrivesWithin(left - 1)) keep.push(m);
      this.undo(m);
    }
    return keep;
  }

  /** One line of `left` moves (or fewer) bringing every piece home, or undefined when there is none. */
  line(left: number): ArrivalMove[] | undefined {
    if (this.arrived()) return [];
    if (left === 0) return undefined;
    for (const m of this.moves()) {
      this.play(m);
      const ok = this.arrivesWithin(left - 1);
      const rest = ok ? this.line(left - 1) : undefined;
      this.undo(m);
      if (rest) return [m, ...rest];
    }
    return undefined;
  }
}
