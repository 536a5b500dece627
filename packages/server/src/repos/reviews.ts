/**
 * The queries of computer reviews (reviews.ts): a finished game's record as the reviewer needs it, and the review's
 * row in `game_reviews`, which is the state every process shares — claimed by one conditional write, then done or
 * failed.
 */
import type { Store } from '../store.js';

/** A review's row as stored. */
export interface ReviewRecord {
  /** `pending`, `done` or `failed`. */
  readonly status: string;
  /** The review's JSON, once done. */
  readonly review: string | null;
  /** Why it failed, when it did. */
  readonly error: string | null;
  readonly requestedAt: number;
}

/** A game as a review needs it: its kind, whether it is over, and its whole snapshot (JSON). */
export interface ReviewedGame {
  readonly game: string;
  readonly status: string;
  readonly snapshot: string | null;
}

export class ReviewsRepo {
  constructor(private readonly store: Store) {}

  async reviewOf(gameId: string): Promise<ReviewRecord | undefined> {
    const r = await this.store.q
      .selectFrom('game_reviews')
      .select(['status', 'review', 'error', 'requested_at'])
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return r && { status: r.status, review: r.review, error: r.error, requestedAt: r.requested_at };
  }

  async game(gameId: string): Promise<ReviewedGame | undefined> {
    return this.store.q
      .selectFrom('games')
      .select(['game', 'status', 'snapshot'])
      .where('id', '=', gameId)
      .executeTakeFirst();
  }

  /**
   * Claims the review of `gameId` for `userId` at `at`: true when this call did — there was no row, or the last one
   * failed, or it was pending since before `staleBefore` (its process was lost). False when a review is done or
   * being made (claimed since `staleBefore`): one write decides, so two processes never both claim it.
   */
  async claim(gameId: string, userId: string, at: number, staleBefore: number): Promise<boolean> {
    const r = await this.store.q
      .insertInto('game_reviews')
      .values({
        game_id: gameId,
        status: 'pending',
        review: null,
        error: null,
        requested_by: userId,
        requested_at: at,
        finished_at: null,
      })
      .onConflict((oc) =>
        oc
          .column('game_id')
          .doUpdateSet((eb) => ({
            status: 'pending',
            error: null,
            requested_by: eb.ref('excluded.requested_by'),
            requested_at: eb.ref('excluded.requested_at'),
            finished_at: null,
          }))
          .where((eb) =>
            eb.or([
              eb('game_reviews.status', '=', 'failed'),
              eb.and([eb('game_reviews.status', '=', 'pending'), eb('game_reviews.requested_at', '<', staleBefore)]),
            ]),
          ),
      )
      .executeTakeFirst();
    return r.numInsertedOrUpdatedRows === 1n;
  }

  /**
   * Stores the review claimed at `requestedAt` as done (its JSON) or failed (why); a row claimed again since (its
   * claim went stale and another took it) is left to its new claimer. True when stored.
   */
  async finish(
    gameId: string,
    requestedAt: number,
    outcome: { readonly review: string } | { readonly error: string },
    at: number,
  ): Promise<boolean> {
    const r = await this.store.q
      .updateTable('game_reviews')
      .set(
        'review' in outcome
          ? { status: 'done', review: outcome.review, finished_at: at }
          : { status: 'failed', error: outcome.error, finished_at: at },
      )
      .where('game_id', '=', gameId)
      .where('requested_at', '=', requestedAt)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }
}
