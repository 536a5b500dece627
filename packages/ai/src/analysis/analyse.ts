import { fail, type Game, ok, type Result } from '@qiyuan/core';
import { AlphaBeta, type SearchLimits } from '../alphabeta.js';
import { ANALYSIS_TT_BITS, type AnalysisThreads } from './analysis-threads.js';
import { type Score, scoreOf } from './score.js';
import { type Subject, subjectOf } from './subjects.js';

/** How far to search: an exact depth in plies (the same answer on any machine) or a time in ms. */
export type AnalysisBudget = { readonly depth: number } | { readonly timeMs: number };

export interface AnalysisLine {
  /** The line in the game's notation, its first move the one it is about. */
  readonly moves: readonly string[];
  /** The line's value for the side to move (see `Score`). */
  readonly score: Score;
}

export interface Analysis {
  /** Best first; each starts with a different move. */
  readonly lines: readonly AnalysisLine[];
  /** The deepest depth every root move was searched to. */
  readonly depth: number;
  readonly nodes: number;
  /** The seat to move. */
  readonly seat: number;
  /** Made with what some players could not see (hidden Junqi ranks). */
  readonly fullInformation: boolean;
  /** The threads that searched the root (Lazy SMP helpers and the calling thread); 1 when it searched alone. */
  readonly threads: number;
}

export const MAX_ANALYSIS_DEPTH = 12;

/** Checks a budget: a depth of 1 to 12 plies, or a positive time. */
export const checkBudget = (budget: AnalysisBudget): Result<SearchLimits> => {
  if ('depth' in budget) {
    if (!Number.isInteger(budget.depth) || budget.depth < 1 || budget.depth > MAX_ANALYSIS_DEPTH)
      return fail('bad-depth', `depth must be a whole number from 1 to ${MAX_ANALYSIS_DEPTH}`);
    // Every depth up to the asked one, even past a proven result, so the lines' distances are exact.
    return ok({ depth: budget.depth, rootScores: true, stopOnMate: false });
  }
  if (!Number.isFinite(budget.timeMs) || budget.timeMs <= 0) return fail('bad-time', 'time must be a positive number');
  return ok({ timeMs: budget.timeMs, rootScores: true });
};

/** Plays `moves` (search values) on a copy of `game` and writes each in the position before it. */
export const lineNotation = (game: Game, subject: Subject, moves: readonly unknown[]): string[] => {
  const copy = game.clone();
  const out: string[] = [];
  for (const m of moves) {
    const text = subject.notation(copy, m);
    out.push(text);
    const parsed = copy.parseMove(text);
    if (!parsed.ok || !copy.play(parsed.value).ok) break;
  }
  return out;
};

/**
 * The `lines` best moves of the side to move with their values and continuations. Every root move is scored
 * exactly at the searched depth, so the lines are ordered by value and distinct by their first move; each
 * continuation is the best reply line searched from the position after that move, one ply shallower.
 *
 * With `parallel` (several threads where helpers can start) the root is searched by every thread over one table, so
 * the depth comes sooner; its answer is the calling thread's, but which thread's entry lands first varies, so the
 * lines of a search to an exact depth are no longer the same on every run. Each analysis starts from an empty table,
 * as the one-thread search does.
 */
export const analysePosition = (
  game: Game,
  budget: AnalysisBudget,
  lines = 1,
  parallel?: AnalysisThreads,
): Result<Analysis> => {
  if (!Number.isInteger(lines) || lines < 1) return fail('bad-lines', 'lines must be a whole number from 1');
  const limits = checkBudget(budget);
  if (!limits.ok) return limits;
  const subject = subjectOf(game);
  if (!subject.ok) return subject;
  const { pos, spec } = subject.value;
  const smp = parallel?.searcher(game, subject.value);
  smp?.forget();
  const searcher = smp ? smp.main : new AlphaBeta<unknown>(spec, ANALYSIS_TT_BITS);
  const r = smp ? smp.search(pos, () => game.snapshot(), limits.value) : searcher.search(pos, limits.value);
  const scored = r.rootScores ?? (r.move === undefined ? [] : [{ move: r.move, score: r.score }]);
  if (scored.length === 0) return fail('no-move', 'the side to move has no move');
  let nodes = r.nodes;
  const out: AnalysisLine[] = [];
  for (const { move, score } of scored.slice(0, lines)) {
    let moves: unknown[] = [move];
    if (move === r.move && r.pv.length > 0) moves = [...r.pv];
    else if (r.depth > 1) {
      pos.makeMove(move);
      try {
        if (!pos.outcome() && pos.sideToMove() >= 0) {
          const reply = searcher.search(pos, { depth: r.depth - 1 });
          nodes += reply.nodes;
          moves = [move, ...reply.pv];
        }
      } finally {
        pos.unmakeMove();
      }
    }
    out.push({ moves: lineNotation(game, subject.value, moves), score: scoreOf(score) });
  }
  return ok({
    lines: out,
    depth: r.depth,
    nodes,
    seat: pos.sideToMove(),
    fullInformation: subject.value.fullInformation,
    threads: smp?.threads ?? 1,
  });
};
