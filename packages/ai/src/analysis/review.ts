import { fail, type Game, ok, type Result, type Searchable, type Seat } from '@qiyuan/core';
import { AlphaBeta } from '../alphabeta.js';
import { type AnalysisBudget, checkBudget, lineNotation } from './analyse.js';
import { classify, lossOf, MOVE_CLASSES, type MoveClass, type Score, scoreOf } from './score.js';
import { positionOf, subjectOf } from './subjects.js';

/** One reviewed ply. */
export interface PlyReview {
  /** 0-based, as the game's record counts plies. */
  readonly ply: number;
  readonly seat: Seat;
  /** The move played, as the mover's record writes it. */
  readonly move: string;
  /** The position's value before the move (what the best move keeps), from the mover's view. */
  readonly before: Score;
  /** The value of the move played, from the mover's view. */
  readonly after: Score;
  readonly best: string;
  /** What the move gave up against the best one, in the evaluation's units (capped; 0 for the best move). */
  readonly loss: number;
  readonly class: MoveClass;
}

export interface PlayerSummary {
  readonly seat: Seat;
  readonly moves: number;
  readonly counts: Readonly<Record<MoveClass, number>>;
  /** The mean of the reviewed moves' losses. */
  readonly averageLoss: number;
}

export interface Review {
  readonly game: Game['id'];
  /** The searches saw everything (hidden Junqi ranks), which the players could not while they played. */
  readonly fullInformation: boolean;
  readonly depth?: number;
  readonly timeMs?: number;
  /** The plies that were searched; the others (setups, rosters, bids, resignations) are not moves to judge. */
  readonly plies: readonly PlyReview[];
  readonly players: readonly PlayerSummary[];
}

/**
 * Reviews every move of a finished (or unfinished) game: the game is taken back to its start with `undo`, and at
 * each ply the position before the move is searched with every root move scored exactly, so the move played and
 * the best move are valued by the same search. The move played is the root move that leads to the position the
 * record reached (the same Zobrist hash), which needs no notation and skips everything that is not a board move.
 */
export const reviewGame = (final: Game, budget: AnalysisBudget): Result<Review> => {
  const limits = checkBudget(budget);
  if (!limits.ok) return limits;
  // Every position of the game, from the start.
  const states: Game[] = [final.clone()];
  const walker = final.clone();
  while (walker.ply > 0) {
    const undone = walker.undo();
    if (!undone.ok) return fail('bad-record', `ply ${walker.ply} cannot be taken back: ${undone.error.reason}`);
    states.unshift(walker.clone());
  }
  let fullInformation = false;
  const plies: PlyReview[] = [];
  for (let i = 0; i + 1 < states.length; i++) {
    const before = states[i]!;
    const subject = subjectOf(before);
    if (!subject.ok) continue;
    const target = positionOf(states[i + 1]!);
    const { pos, spec, thresholds } = subject.value;
    const played = playedMove(pos, target);
    if (played === undefined) continue;
    fullInformation ||= subject.value.fullInformation;
    const r = new AlphaBeta<unknown>(spec, 16).search(pos, limits.value);
    const scores = r.rootScores;
    if (!scores || scores.length === 0) continue;
    const best = scores[0]!;
    const mine = scores.find((s) => sameMove(spec.moveKey, s.move, played)) ?? best;
    const seat = pos.sideToMove();
    plies.push({
      ply: i,
      seat,
      move: final.recordFor(seat, i).notation,
      before: scoreOf(best.score),
      after: scoreOf(mine.score),
      best: lineNotation(before, subject.value, [best.move])[0]!,
      loss: lossOf(best.score, mine.score, thresholds),
      class: classify(best.score, mine.score, thresholds),
    });
  }
  return ok({
    game: final.id,
    fullInformation,
    ...('depth' in budget ? { depth: budget.depth } : { timeMs: budget.timeMs }),
    plies,
    players: summarise(final.seatCount, plies),
  });
};

const sameMove = (key: (m: unknown) => number, a: unknown, b: unknown): boolean => key(a) === key(b);

/**
 * The root move of `pos` that reaches `target`'s position, or undefined (a setup, a resignation, the game over).
 * A search position past the end (no side to move) still carries its hash.
 */
const playedMove = (pos: Searchable<unknown>, target: Searchable<unknown> | undefined): unknown => {
  if (!target) return undefined;
  const lo = target.hashLo();
  const hi = target.hashHi();
  for (const m of [...pos.generateMoves()]) {
    pos.makeMove(m);
    const hit = pos.hashLo() === lo && pos.hashHi() === hi;
    pos.unmakeMove();
    if (hit) return m;
  }
  return undefined;
};

/** Counts per class and the average loss, per seat. */
export const summarise = (seats: number, plies: readonly PlyReview[]): PlayerSummary[] =>
  Array.from({ length: seats }, (_, seat) => {
    const own = plies.filter((p) => p.seat === seat);
    const counts = Object.fromEntries(MOVE_CLASSES.map((c) => [c, own.filter((p) => p.class === c).length])) as Record<
      MoveClass,
      number
    >;
    const total = own.reduce((s, p) => s + p.loss, 0);
    return {
      seat,
      moves: own.length,
      counts,
      averageLoss: own.length ? Math.round((total / own.length) * 10) / 10 : 0,
    };
  });
