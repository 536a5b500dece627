import { type Failure, GAME_IDS, type GameId } from '@qiyuan/core';
import { GAMES } from '@qiyuan/games';
import { MAX_ANALYSIS_DEPTH } from './analyse.js';
import { type Review, reviewGame } from './review.js';
import { THRESHOLDS } from './subjects.js';

/**
 * A review to make away from the caller's thread (the server's review pool): the finished game's whole snapshot,
 * hidden pieces included, and the depth. JSON-safe, so it crosses `postMessage` unchanged.
 */
export interface ReviewJob {
  readonly id?: number;
  readonly game: GameId;
  readonly snapshot: unknown;
  readonly depth: number;
}

/** A review as it is stored and sent: with the game's cap, the scale a graph of the values is drawn to. */
export type StoredReview = Review & { readonly scale: number };

export type ReviewReply =
  | { readonly id?: number; readonly ok: true; readonly review: StoredReview; readonly timeMs: number }
  | { readonly id?: number; readonly ok: false; readonly error: Failure };

const failure = (id: number | undefined, code: string, reason: string): ReviewReply => ({
  ...(id !== undefined ? { id } : {}),
  ok: false,
  error: { code, reason },
});

/** Makes one review; never throws (bad input and engine failures are replies with a reason). */
export const runReviewJob = (input: unknown): ReviewReply => {
  const job = input as Partial<ReviewJob> | null;
  const id = typeof job?.id === 'number' ? job.id : undefined;
  if (typeof job !== 'object' || job === null) return failure(id, 'bad-request', 'a review job is an object');
  if (!GAME_IDS.includes(job.game as GameId)) return failure(id, 'bad-request', `unknown game "${String(job.game)}"`);
  if (!Number.isInteger(job.depth) || (job.depth as number) < 1 || (job.depth as number) > MAX_ANALYSIS_DEPTH)
    return failure(id, 'bad-request', `depth must be a whole number from 1 to ${MAX_ANALYSIS_DEPTH}`);
  const started = performance.now();
  try {
    const game = GAMES[job.game as GameId].definition.fromSnapshot(job.snapshot);
    if (!game.ok) return failure(id, 'bad-snapshot', game.error.reason);
    const review = reviewGame(game.value, { depth: job.depth as number });
    if (!review.ok) return failure(id, review.error.code, review.error.reason);
    return {
      ...(id !== undefined ? { id } : {}),
      ok: true,
      review: { ...review.value, scale: THRESHOLDS[job.game as GameId].cap },
      timeMs: Math.round(performance.now() - started),
    };
  } catch (e) {
    return failure(id, 'review-error', e instanceof Error ? e.message : String(e));
  }
};
