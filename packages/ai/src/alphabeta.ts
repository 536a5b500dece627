import type { Outcome, Searchable, Seat } from '@qiyuan/core';
import { BOUNDS, type TranspositionTable, TranspositionTable as Tt, type TtEntry } from './tt.js';

// Local copies of the bound tags, read at every node (an imported binding is a getter call under vitest).
const EXACT = BOUNDS.exact;
const LOWER = BOUNDS.lower;
const UPPER = BOUNDS.upper;

/**
 * Iterative-deepening principal-variation search (negamax with alpha-beta)
 * over an engine's `Searchable`, with a transposition table, killer and
 * history move ordering, an optional quiescence search, and limits by depth,
 * time and nodes.
 *
 * Seats are grouped in teams for the search: a node is "ours" when its side to
 * move is on the root seat's team. Two-seat games are the usual negamax. With
 * 3–6 seats the default grouping (the root against everyone else) is the
 * paranoid search: every opponent is assumed to play against the root, which
 * keeps alpha-beta's pruning (see docs/AI.md for why we chose it).
 */

/** What a game gives the search: evaluation and move keys. */
export interface SearchSpec<M> {
  /** Static value of the position for `seat`'s team (higher is better), well inside ±WIN/2. */
  evaluate(pos: Searchable<M>, seat: Seat): number;
  /** A non-negative int32 that names the move uniquely among the moves of one position. */
  moveKey(move: M): number;
  /** An ordering hint for the side to move (captures first, …); higher is searched first. */
  orderHint?(pos: Searchable<M>, move: M): number;
  /** Moves quiescence search follows at the horizon (captures, ejections); none when absent. */
  noisy?(pos: Searchable<M>, move: M): boolean;
  /**
   * Late-move reductions: at depth 3 and more, a move ordered after the first few that no hint, killer or table
   * entry recommends is searched a ply shallower (two when very late) with a null window, and again at full depth
   * only when it beats alpha. Off unless a game asks for it (measured per game), and in any search to an exact depth.
   */
  readonly lateMoveReductions?: boolean;
  /**
   * With late-move reductions, reduce the latest moves further: two plies from the eighth move at depth 4 and more,
   * three from the twenty-fourth at depth 5 and more (a Hive position has a hundred moves, most of them placements
   * and Ant runs that ordering ranks last). Off unless a game asks for it (measured per game).
   */
  readonly deeperReductions?: boolean;
  /**
   * Countermoves: the move that last refuted a given move (of that side's opponent) is tried right after the
   * killers. Off unless a game asks for it.
   */
  readonly countermoves?: boolean;
  /**
   * A search given a time to spend (a request's `timeMs`, such as the arena's `--time`) runs to its deadline, as
   * `qiyuan uhp`'s `bestmove time` does, instead of starting no depth after 45% of it: the other engine of a timed
   * match spends all of its time. Off unless a game asks for it (measured per game); a level's own time cap is only a
   * cap and keeps the cautious rule.
   */
  readonly spendRequestTime?: boolean;
  /** Team of a seat (default: the root alone against everyone else, i.e. paranoid). */
  teamOf?(seat: Seat, root: Seat): number;
}

export interface SearchLimits {
  /** Exact nominal depth in plies (iterative deepening stops there). */
  readonly depth?: number;
  /** Wall-clock budget in ms; the search stops at the deadline and keeps the last finished depth. */
  readonly timeMs?: number;
  /** Node budget. */
  readonly nodes?: number;
  /** Score every root move exactly (for levels that choose among good moves); slower. */
  readonly rootScores?: boolean;
  /** Stop early when a forced win is proven. Default true. */
  readonly stopOnMate?: boolean;
  /**
   * Search on until the deadline of `timeMs` (the unfinished depth may still change the move) instead of not starting
   * a depth that is unlikely to finish: for a protocol that gives the engine a time to use (UHP `bestmove time`).
   */
  readonly useAllTime?: boolean;
  /**
   * Whether the spec's late-move reductions apply in this search: by default they do in a search to a budget of
   * time or nodes and do not in one to an exact `depth`, which then sees every line to that depth.
   */
  readonly reduce?: boolean;
  /**
   * A stop signal shared with another thread (Lazy SMP): the search stops, as at a deadline, once `cells[0]` no
   * longer holds `epoch`. Read with the clock, every 64 nodes.
   */
  readonly signal?: { readonly cells: Int32Array; readonly epoch: number };
  /**
   * This search is helper `index` (1, 2, …) of a Lazy SMP search over a shared table: it takes the searching thread's
   * table generation instead of starting a new one, and odd helpers search each iteration one ply deeper than the
   * main thread would, so that the threads spread over two depths and fill the table with different entries.
   */
  readonly helper?: { readonly index: number; readonly generation: number };
}

export interface RootScore<M> {
  readonly move: M;
  readonly score: number;
}

export interface SearchResult<M> {
  /** Undefined only when the side to move has no move. */
  readonly move: M | undefined;
  readonly score: number;
  /** Deepest fully searched depth. */
  readonly depth: number;
  readonly nodes: number;
  readonly timeMs: number;
  readonly pv: readonly M[];
  /** With `rootScores`: every root move with its score at `depth`, best first. */
  readonly rootScores?: readonly RootScore<M>[];
  /**
   * The clock decided where the search stopped (a deadline hit, or a depth not started for lack of time), not its
   * depth or node budget: the same search may answer differently on another machine or under another load.
   */
  readonly clockBound: boolean;
}

export const WIN = 1_000_000;
/** Scores beyond this are wins or losses found by search ("mate in N"). */
export const WIN_BOUND = WIN - 10_000;
const INF = WIN + 1;
const MAX_PLY = 128;
const QUIESCENCE_PLIES = 8;
/** Ordering scores from here up are the table's move, hinted moves and killers: never reduced. */
const QUIET_BELOW = 4e5;

/**
 * The search's share of a time to spend: all of it but 2% (at least 10 ms) for what follows the deadline — the last
 * nodes before the clock is read, the answer's way out, a busy machine's scheduling (docs/AI.md has the figures).
 */
export const spendDeadline = (timeMs: number): number => Math.max(1, timeMs - Math.max(10, timeMs * 0.02));

/** The moves a forced-win score says the winner needs (its own moves), or undefined. */
export const winDistance = (score: number): number | undefined =>
  Math.abs(score) >= WIN_BOUND ? Math.ceil((WIN - Math.abs(score)) / 2) : undefined;

class Abort extends Error {}

/** A searcher keeps its tables between moves (the transposition table, history). */
export class AlphaBeta<M> {
  readonly tt: TranspositionTable;
  private readonly history = new Int32Array(1 << 16);
  private readonly killers = new Int32Array(MAX_PLY * 2).fill(-1);
  private readonly counters = new Int32Array(1 << 16).fill(-1);
  /** The key of the move played at each ply of the current path (`pathKeys[p]` led to ply p + 1). */
  private readonly pathKeys = new Int32Array(MAX_PLY + 1).fill(-1);
  private readonly hashStack: number[] = [];
  private readonly entry: TtEntry = { depth: 0, bound: 0, score: 0, move: -1 };
  private nodes = 0;
  private deadline = Number.POSITIVE_INFINITY;
  private nodeLimit = Number.POSITIVE_INFINITY;
  private clockBound = false;
  /** No late-move reductions in this search (`limits.reduce`; by default, a search to an exact depth). */
  private exactDepth = false;
  private root: Seat = 0;
  private salt = 0;

  private signal: Int32Array | undefined;
  private epoch = 0;

  /** `table`: the memory of a table shared with other threads (`sharedTableBuffer(ttBits)`); a private one if absent. */
  constructor(
    private readonly spec: SearchSpec<M>,
    ttBits = 20,
    table?: ArrayBufferLike,
  ) {
    this.tt = new Tt(ttBits, table);
  }

  private team(seat: Seat): number {
    return this.spec.teamOf ? this.spec.teamOf(seat, this.root) : seat === this.root ? 0 : 1;
  }

  /** Score of a finished game for the side to move at `ply` plies from the root. */
  private terminal(outcome: Outcome, side: Seat, ply: number): number {
    const r = outcome.results[this.root];
    const forRoot = r === 'win' ? WIN - ply : r === 'loss' ? -WIN + ply : 0;
    return this.team(side) === this.team(this.root) ? forRoot : -forRoot;
  }

  private evaluateFor(pos: Searchable<M>, side: Seat): number {
    const v = this.spec.evaluate(pos, this.root);
    return this.team(side) === this.team(this.root) ? v : -v;
  }

  private tick(): void {
    this.nodes++;
    // The clock (and another thread's stop signal) is read every 64 nodes: a fraction of a millisecond at full speed,
    // and still tens of milliseconds on a starved core, where 256 nodes overran `bestmove time` by 10–20% (docs/AI.md).
    // The node budget is read every 1,024 nodes as it always was, so a node-bound search stops at the same node.
    if (
      (this.nodes & 63) === 0 &&
      (((this.nodes & 1023) === 0 && this.nodes > this.nodeLimit) ||
        performance.now() > this.deadline ||
        (this.signal !== undefined && Atomics.load(this.signal, 0) !== this.epoch))
    ) {
      this.clockBound = this.nodes <= this.nodeLimit;
      throw new Abort();
    }
  }

  search(pos: Searchable<M>, limits: SearchLimits = {}): SearchResult<M> {
    const started = performance.now();
    this.nodes = 0;
    this.clockBound = false;
    this.deadline = limits.timeMs !== undefined ? started + limits.timeMs : Number.POSITIVE_INFINITY;
    this.nodeLimit = limits.nodes ?? Number.POSITIVE_INFINITY;
    this.exactDepth = limits.reduce !== undefined ? !limits.reduce : limits.depth !== undefined;
    this.signal = limits.signal?.cells;
    this.epoch = limits.signal?.epoch ?? 0;
    this.root = pos.sideToMove();
    // Paranoid values depend on whose search it is: entries of another root seat must not match.
    this.salt = this.root <= 0 ? 0 : Math.imul(this.root, 0x9e3779b9) >>> 0;
    if (limits.helper) this.tt.age = limits.helper.generation;
    else this.tt.nextGeneration();
    this.killers.fill(-1);
    this.counters.fill(-1);
    for (let i = 0; i < this.history.length; i++) this.history[i] = this.history[i]! >> 2;
    this.hashStack.length = 0;
    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    const rootMoves = [...pos.generateMoves()];
    const done = (r: Omit<SearchResult<M>, 'nodes' | 'timeMs' | 'clockBound'>): SearchResult<M> => ({
      ...r,
      nodes: this.nodes,
      timeMs: performance.now() - started,
      clockBound: this.clockBound,
    });
    if (this.root < 0 || rootMoves.length === 0) return done({ move: undefined, score: 0, depth: 0, pv: [] });

    let order = rootMoves.map((move) => ({ move, score: -INF }));
    let best: { move: M; score: number; depth: number; pv: M[] } = {
      move: rootMoves[0]!,
      score: 0,
      depth: 0,
      pv: [rootMoves[0]!],
    };
    let scored: RootScore<M>[] | undefined;
    const ahead = limits.helper && limits.helper.index % 2 === 1 ? 1 : 0;
    for (let depth = 1 + ahead; depth <= maxDepth; depth++) {
      try {
        const results = this.searchRoot(pos, order, depth, limits.rootScores === true);
        order = results;
        const top = results[0]!;
        best = { move: top.move, score: top.score, depth, pv: this.pvFrom(pos, top.move, depth) };
        if (limits.rootScores) scored = results.map((r) => ({ move: r.move, score: r.score }));
      } catch (e) {
        if (!(e instanceof Abort)) throw e;
        // Keep the last finished depth, unless the unfinished one already proved a better first move.
        const partial = this.partialBest;
        if (partial && !limits.rootScores) {
          best = { ...best, move: partial.move, score: partial.score, pv: [partial.move] };
        }
        break;
      }
      if (limits.stopOnMate !== false && Math.abs(best.score) >= WIN_BOUND) break;
      if (rootMoves.length === 1 && limits.depth === undefined) break;
      // Do not start a depth that cannot finish in the time left (it typically takes several times the last).
      if (
        limits.timeMs !== undefined &&
        limits.useAllTime !== true &&
        depth < maxDepth &&
        performance.now() - started > limits.timeMs * 0.45
      ) {
        this.clockBound = true;
        break;
      }
    }
    return done({ ...best, ...(scored ? { rootScores: scored } : {}) });
  }

  private partialBest: { move: M; score: number } | undefined;

  private searchRoot(
    pos: Searchable<M>,
    order: { move: M; score: number }[],
    depth: number,
    exactAll: boolean,
  ): { move: M; score: number }[] {
    const side = this.root;
    let alpha = -INF;
    const beta = INF;
    this.partialBest = undefined;
    const out: { move: M; score: number }[] = [];
    this.hashStack.push(pos.hashLo() ^ pos.hashHi() ^ this.salt);
    try {
      for (let i = 0; i < order.length; i++) {
        const move = order[i]!.move;
        this.pathKeys[0] = this.spec.moveKey(move);
        pos.makeMove(move);
        let score: number;
        try {
          if (exactAll || i === 0) {
            score = this.child(pos, side, depth - 1, alpha, beta, 1);
          } else {
            score = this.child(pos, side, depth - 1, alpha, alpha + 1, 1);
            if (score > alpha) score = this.child(pos, side, depth - 1, alpha, beta, 1);
          }
        } finally {
          pos.unmakeMove();
        }
        out.push({ move, score: exactAll || score > alpha || i === 0 ? score : -INF });
        if (score > alpha) {
          if (!exactAll) alpha = score;
          this.partialBest = { move, score };
        }
      }
    } finally {
      this.hashStack.pop();
    }
    // Stable: equal scores keep the previous iteration's order.
    const sorted = out.map((r, i) => ({ r, i })).sort((a, b) => b.r.score - a.r.score || a.i - b.i);
    const best = sorted[0]!.r;
    this.tt.store(pos.hashLo(), pos.hashHi() ^ this.salt, depth, EXACT, best.score, this.spec.moveKey(best.move));
    return sorted.map((s) => s.r);
  }

  /** The value of the position after `mover`'s move, from `mover`'s team's point of view. */
  private child(pos: Searchable<M>, mover: Seat, depth: number, alpha: number, beta: number, ply: number): number {
    const outcome = pos.outcome();
    if (outcome) {
      this.tick();
      return this.terminal(outcome, mover, ply);
    }
    const side = pos.sideToMove();
    if (side < 0) return this.evaluateFor(pos, mover);
    return this.team(side) === this.team(mover)
      ? this.pvs(pos, depth, alpha, beta, ply)
      : -this.pvs(pos, depth, -beta, -alpha, ply);
  }

  private pvs(pos: Searchable<M>, depth: number, alpha: number, beta: number, ply: number): number {
    this.tick();
    const side = pos.sideToMove();
    const lo = pos.hashLo();
    const hi = (pos.hashHi() ^ this.salt) >>> 0;
    const key = lo ^ hi;
    // A position repeated on the current path scores as a draw (the cycle gains nothing).
    for (let i = this.hashStack.length - 1; i >= 0; i--) if (this.hashStack[i] === key) return 0;
    if (depth <= 0) return this.quiesce(pos, alpha, beta, ply, QUIESCENCE_PLIES);
    if (ply >= MAX_PLY - 1) return this.evaluateFor(pos, side);

    const e = this.entry;
    let ttMove = -1;
    if (this.tt.probe(lo, hi, e)) {
      ttMove = e.move;
      if (e.depth >= depth) {
        const s = fromTt(e.score, ply);
        if (e.bound === EXACT) return s;
        if (e.bound === LOWER && s >= beta) return s;
        if (e.bound === UPPER && s <= alpha) return s;
      }
    }

    const moves = [...pos.generateMoves()];
    if (moves.length === 0) return 0;
    const keys = moves.map((m) => this.spec.moveKey(m));
    const scores = this.orderScores(pos, moves, keys, ttMove, ply, side);
    const alpha0 = alpha;
    const lmr = this.spec.lateMoveReductions === true && !this.exactDepth;
    let bestScore = -INF;
    let bestKey = -1;
    this.hashStack.push(key);
    try {
      for (let i = 0; i < moves.length; i++) {
        pickNext(moves, keys, scores, i);
        const move = moves[i]!;
        this.pathKeys[ply] = keys[i]!;
        pos.makeMove(move);
        let score: number;
        try {
          if (i === 0) score = this.child(pos, side, depth - 1, alpha, beta, ply + 1);
          else {
            const r = lmr && depth >= 3 && i >= 3 && scores[i]! < QUIET_BELOW ? this.reduction(depth, i) : 0;
            score = this.child(pos, side, depth - 1 - r, alpha, alpha + 1, ply + 1);
            if (r > 0 && score > alpha) score = this.child(pos, side, depth - 1, alpha, alpha + 1, ply + 1);
            if (score > alpha && score < beta) score = this.child(pos, side, depth - 1, alpha, beta, ply + 1);
          }
        } finally {
          pos.unmakeMove();
        }
        if (score > bestScore) {
          bestScore = score;
          bestKey = keys[i]!;
          if (score > alpha) {
            alpha = score;
            if (alpha >= beta) {
              this.rememberCutoff(keys[i]!, ply, depth, side);
              break;
            }
          }
        }
      }
    } finally {
      this.hashStack.pop();
    }
    const bound = bestScore >= beta ? LOWER : bestScore > alpha0 ? EXACT : UPPER;
    this.tt.store(lo, hi, depth, bound, toTt(bestScore, ply), bestKey);
    return bestScore;
  }

  /** How many plies a late quiet move (the `i`-th, from 3) is reduced at `depth` (3 or more). */
  private reduction(depth: number, i: number): number {
    if (this.spec.deeperReductions !== true) return i >= 12 && depth >= 4 ? 2 : 1;
    if (i >= 24 && depth >= 5) return 3;
    return i >= 8 && depth >= 4 ? 2 : 1;
  }

  private quiesce(pos: Searchable<M>, alpha: number, beta: number, ply: number, left: number): number {
    const side = pos.sideToMove();
    const stand = this.evaluateFor(pos, side);
    const noisy = this.spec.noisy;
    if (!noisy || left <= 0 || ply >= MAX_PLY - 1) return stand;
    if (stand >= beta) return stand;
    if (stand > alpha) alpha = stand;
    let best = stand;
    const moves = pos.generateMoves().filter((m) => noisy(pos, m));
    if (moves.length === 0) return stand;
    if (this.spec.orderHint) {
      const hint = this.spec.orderHint;
      const h = moves.map((m) => hint(pos, m));
      const idx = moves.map((_, i) => i).sort((a, b) => h[b]! - h[a]!);
      const sorted = idx.map((i) => moves[i]!);
      moves.splice(0, moves.length, ...sorted);
    }
    for (const move of moves) {
      this.tick();
      pos.makeMove(move);
      let score: number;
      try {
        const outcome = pos.outcome();
        const child = pos.sideToMove();
        if (outcome) {
          score = this.terminal(outcome, side, ply + 1);
        } else if (child < 0) {
          score = this.evaluateFor(pos, side);
        } else {
          score =
            this.team(child) === this.team(side)
              ? this.quiesce(pos, alpha, beta, ply + 1, left - 1)
              : -this.quiesce(pos, -beta, -alpha, ply + 1, left - 1);
        }
      } finally {
        pos.unmakeMove();
      }
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  private orderScores(
    pos: Searchable<M>,
    moves: readonly M[],
    keys: readonly number[],
    ttMove: number,
    ply: number,
    side: Seat,
  ): number[] {
    const k0 = this.killers[ply * 2]!;
    const k1 = this.killers[ply * 2 + 1]!;
    const counter =
      this.spec.countermoves && ply > 0 ? this.counters[counterIndex(this.pathKeys[ply - 1]!, side)]! : -1;
    const hint = this.spec.orderHint;
    return moves.map((m, i) => {
      const k = keys[i]!;
      if (k === ttMove) return 1e12;
      let s = hint ? hint(pos, m) * 1e6 : 0;
      if (k === k0) s += 5e5;
      else if (k === k1) s += 4e5;
      else if (k === counter) s += 3e5;
      s += this.history[historyIndex(k, side)]!;
      return s;
    });
  }

  private rememberCutoff(key: number, ply: number, depth: number, side: Seat): void {
    if (this.killers[ply * 2] !== key) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2]!;
      this.killers[ply * 2] = key;
    }
    const h = historyIndex(key, side);
    this.history[h] = Math.min(this.history[h]! + depth * depth, 300_000);
    if (this.spec.countermoves && ply > 0) this.counters[counterIndex(this.pathKeys[ply - 1]!, side)] = key;
  }

  /** The principal variation from the transposition table (best effort). */
  private pvFrom(pos: Searchable<M>, first: M, depth: number): M[] {
    const pv: M[] = [first];
    let made = 0;
    pos.makeMove(first);
    made++;
    const seen = new Set<number>();
    try {
      while (pv.length < depth && !pos.outcome() && pos.sideToMove() >= 0) {
        const e = this.entry;
        const key = pos.hashLo() ^ pos.hashHi();
        if (seen.has(key) || !this.tt.probe(pos.hashLo(), pos.hashHi() ^ this.salt, e) || e.move < 0) break;
        seen.add(key);
        const next = pos.generateMoves().find((m) => this.spec.moveKey(m) === e.move);
        if (next === undefined) break;
        pv.push(next);
        pos.makeMove(next);
        made++;
      }
    } finally {
      for (let i = 0; i < made; i++) pos.unmakeMove();
    }
    return pv;
  }
}

const counterIndex = (previous: number, side: Seat): number =>
  (Math.imul(previous ^ (side << 24), 0x85ebca6b) >>> 16) & 0xffff;
const historyIndex = (key: number, side: Seat): number => (Math.imul(key ^ (side << 24), 0x9e3779b1) >>> 16) & 0xffff;

/** Wins are stored relative to the node, so a transposition at another ply keeps its distance right. */
const toTt = (score: number, ply: number): number =>
  score >= WIN_BOUND ? score + ply : score <= -WIN_BOUND ? score - ply : score;
const fromTt = (score: number, ply: number): number =>
  score >= WIN_BOUND ? score - ply : score <= -WIN_BOUND ? score + ply : score;

/** Selection step: brings the best remaining move to index `i`. */
const pickNext = <M>(moves: M[], keys: number[], scores: number[], i: number): void => {
  let b = i;
  for (let j = i + 1; j < moves.length; j++) if (scores[j]! > scores[b]!) b = j;
  if (b !== i) {
    [moves[i], moves[b]] = [moves[b]!, moves[i]!];
    [keys[i], keys[b]] = [keys[b]!, keys[i]!];
    [scores[i], scores[b]] = [scores[b]!, scores[i]!];
  }
};
