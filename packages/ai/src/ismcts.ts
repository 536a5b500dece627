import type { Rng, Searchable, Seat } from '@qiyuan/core';

/**
 * Single-observer information-set Monte Carlo tree search (SO-ISMCTS,
 * Cowling, Powley & Whitehouse 2012). The searcher never sees the true state:
 * each iteration plays in a determinization drawn from the root information
 * set (`sample`), and one tree of moves is shared by all determinizations.
 * A child is selected by UCB among the moves legal in the current
 * determinization only, with its availability count in place of the parent's
 * visits, so moves that exist only in some worlds are judged fairly.
 */

export interface IsmctsSpec<M> {
  readonly seats: number;
  /** A full-information position consistent with everything the searching seat knows. */
  sample(rng: Rng): Searchable<M>;
  /** A non-negative int32 naming a move; equal for the same public move in every determinization. */
  moveKey(move: M): number;
  /** Per seat, a reward in [0, 1] for a finished or cut-off position (teams share theirs). */
  reward(pos: Searchable<M>): readonly number[];
  /** Root moves the searcher may actually play (default: all); the others are never chosen at the root. */
  rootFilter?(move: M): boolean;
  /** The playout policy (default: uniform among the legal moves). */
  playout?(pos: Searchable<M>, moves: readonly M[], rng: Rng): M;
  /**
   * A move that wins at once in this determinization, if the side to move has one (decisive moves, Teytaud &
   * Teytaud 2010). Below the root the tree and the playouts always play it, so a line that leaves such a move to the
   * enemy is scored as the loss it is from its first visit instead of after the enemy's other replies are tried.
   */
  decisive?(pos: Searchable<M>, moves: readonly M[]): M | undefined;
  /**
   * Worlds as the searcher's enemies see them (the searcher's own hidden pieces drawn as an enemy could guess them).
   * With it, some determinizations (`limits.enemyShare`) are drawn here and score only the enemies' moves, the others
   * only the moves of the searcher's side (`ours`), so an enemy in the tree chooses from what it could know instead of
   * aiming at pieces it never saw (multiple-observer ISMCTS in spirit, on one tree of public moves).
   */
  sampleAsEnemy?(rng: Rng): Searchable<M>;
  /** With `sampleAsEnemy`: whether a seat is on the searcher's side. */
  ours?(seat: Seat): boolean;
}

export interface IsmctsLimits {
  readonly iterations?: number;
  readonly timeMs?: number;
  /** Playout length before the position is scored with `reward`. */
  readonly playoutPlies?: number;
  /** Iterations per determinization before a fresh one is drawn. */
  readonly perSample?: number;
  /** UCB exploration constant. */
  readonly exploration?: number;
  /** With `sampleAsEnemy`: the share of determinizations drawn as the enemy sees them (default ½). */
  readonly enemyShare?: number;
}

export interface IsmctsChoice<M> {
  readonly move: M | undefined;
  readonly iterations: number;
  readonly timeMs: number;
  /** Root moves by visits, most visited first, with their mean reward for the mover. */
  readonly stats: readonly { move: M; visits: number; value: number }[];
  /** The deadline, not the iteration budget, ended the search (another machine may answer differently). */
  readonly clockBound: boolean;
}

class TreeNode<M> {
  visits = 0;
  total = 0;
  available = 0;
  readonly children = new Map<number, TreeNode<M>>();
  constructor(
    readonly move: M | undefined,
    /** The seat that made `move` (its reward is what this node accumulates). */
    readonly mover: Seat,
  ) {}
}

export const ismcts = <M>(spec: IsmctsSpec<M>, rng: Rng, limits: IsmctsLimits = {}): IsmctsChoice<M> => {
  const started = performance.now();
  const deadline = limits.timeMs !== undefined ? started + limits.timeMs : Number.POSITIVE_INFINITY;
  const maxIterations = limits.iterations ?? (limits.timeMs !== undefined ? Number.POSITIVE_INFINITY : 1000);
  const playoutPlies = limits.playoutPlies ?? 40;
  const perSample = Math.max(1, limits.perSample ?? 4);
  const c = limits.exploration ?? 0.7;
  const root = new TreeNode<M>(undefined, -1);
  let det: Searchable<M> | undefined;
  let iterations = 0;
  let rootMoves: M[] = [];
  let forced = false;
  const split = spec.sampleAsEnemy !== undefined && spec.ours !== undefined;
  const enemyShare = limits.enemyShare ?? 0.5;
  // Whether the current determinization is an enemy's: it then scores only enemy moves, and a normal one only ours.
  let asEnemy = false;

  while (iterations < maxIterations && (iterations === 0 || performance.now() < deadline)) {
    if (!det || iterations % perSample === 0) {
      asEnemy = split && iterations > 0 && rng.float() < enemyShare;
      det = asEnemy ? spec.sampleAsEnemy!(rng) : spec.sample(rng);
      if (iterations === 0) {
        rootMoves = [...det.generateMoves()];
        if (spec.rootFilter) {
          const kept = rootMoves.filter((m) => spec.rootFilter!(m));
          if (kept.length > 0) rootMoves = kept;
        }
      }
    }
    if (rootMoves.length <= 1) {
      iterations++;
      forced = true;
      break;
    }
    const path: TreeNode<M>[] = [root];
    let node = root;
    let made = 0;
    // Selection and expansion.
    while (!det.outcome() && det.sideToMove() >= 0) {
      const side = det.sideToMove();
      let moves = det.generateMoves();
      if (node === root && spec.rootFilter) {
        const kept = moves.filter((m) => spec.rootFilter!(m));
        if (kept.length > 0) moves = kept;
      }
      if (moves.length === 0) break;
      const win = node !== root && spec.decisive ? spec.decisive(det, moves) : undefined;
      if (win !== undefined) {
        const key = spec.moveKey(win);
        let child = node.children.get(key);
        const fresh = !child;
        if (!child) {
          child = new TreeNode<M>(win, side);
          node.children.set(key, child);
        }
        child.available++;
        det.makeMove(win);
        made++;
        path.push(child);
        if (fresh) break;
        node = child;
        continue;
      }
      const untried: M[] = [];
      let best: TreeNode<M> | undefined;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const m of moves) {
        const child = node.children.get(spec.moveKey(m));
        if (!child) {
          untried.push(m);
          continue;
        }
        child.available++;
        // A child only the other kind of world has reached has no score yet: try it first.
        const value =
          child.visits === 0
            ? Number.POSITIVE_INFINITY
            : child.total / child.visits + c * Math.sqrt(Math.log(child.available) / child.visits);
        if (value > bestValue) {
          bestValue = value;
          best = child;
        }
      }
      if (untried.length > 0) {
        const m = untried[rng.int(0, untried.length - 1)]!;
        const child = new TreeNode<M>(m, side);
        child.available = 1;
        node.children.set(spec.moveKey(m), child);
        det.makeMove(m);
        made++;
        path.push(child);
        break;
      }
      // `best` is set: every legal move has a child.
      const chosen = best!;
      const move = moves.find((m) => spec.moveKey(m) === spec.moveKey(chosen.move as M))!;
      det.makeMove(move);
      made++;
      node = chosen;
      path.push(node);
    }
    // Playout.
    for (let i = 0; i < playoutPlies && !det.outcome() && det.sideToMove() >= 0; i++) {
      const moves = det.generateMoves();
      if (moves.length === 0) break;
      const m =
        spec.decisive?.(det, moves) ??
        (spec.playout ? spec.playout(det, moves, rng) : moves[rng.int(0, moves.length - 1)]!);
      det.makeMove(m);
      made++;
    }
    const reward = spec.reward(det);
    for (const n of path) {
      if (split && n.mover >= 0 && spec.ours!(n.mover) === asEnemy) continue;
      n.visits++;
      if (n.mover >= 0) n.total += reward[n.mover] ?? 0;
    }
    for (let i = 0; i < made; i++) det.unmakeMove();
    iterations++;
  }

  const stats = [...root.children.values()]
    .filter((n) => !spec.rootFilter || spec.rootFilter(n.move as M))
    .map((n) => ({ move: n.move as M, visits: n.visits, value: n.visits > 0 ? n.total / n.visits : 0 }))
    .sort((a, b) => b.visits - a.visits || b.value - a.value);
  return {
    move: stats[0]?.move ?? rootMoves[0],
    iterations,
    timeMs: performance.now() - started,
    stats,
    clockBound: !forced && iterations < maxIterations,
  };
};
