import { abalone } from '@qiyuan/abalone';
import { type Game, unwrap } from '@qiyuan/core';
import { junqi } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { runReviewJob } from '../src/analysis/review-job.js';
import { reviewGame } from '../src/index.js';
import { ReviewPool } from '../src/review-pool.js';

/** The server's reviews away from its thread: the job's checks, the same review as in process, the pool's bounds. */

/** `plies` legal moves picked by a fixed rule, then a resignation: a finished game. */
const finished = (game: Game, plies: number): Game => {
  for (let i = 0; i < plies; i++) {
    const turn = game.turn();
    if (turn.kind === 'over') break;
    const seat = turn.kind === 'seat' ? turn.seat : turn.seats[0]!;
    const moves = game.legalMoves(seat);
    expect(game.play(moves[(i * 7) % moves.length], seat).ok).toBe(true);
  }
  if (!game.outcome()) expect(game.apply({ type: 'resign', seat: 0 }).ok).toBe(true);
  return game;
};

const abaloneGame = (plies: number) => finished(unwrap(abalone.create(unwrap(abalone.parseOptions({})))), plies);

describe('review jobs', () => {
  it('refuses bad jobs with a reason', () => {
    expect(runReviewJob(null)).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(runReviewJob({ id: 4, game: 'chess', snapshot: {}, depth: 2 })).toMatchObject({
      id: 4,
      ok: false,
      error: { code: 'bad-request', reason: 'unknown game "chess"' },
    });
    expect(runReviewJob({ game: 'abalone', snapshot: {}, depth: 0 })).toMatchObject({
      ok: false,
      error: { reason: 'depth must be a whole number from 1 to 12' },
    });
    expect(runReviewJob({ game: 'abalone', snapshot: { nonsense: true }, depth: 2 })).toMatchObject({
      ok: false,
      error: { code: 'bad-snapshot' },
    });
  });

  it('gives the review made in process, with the game’s scale, from the JSON snapshot', () => {
    const game = abaloneGame(10);
    const reply = runReviewJob({
      id: 1,
      game: 'abalone',
      snapshot: JSON.parse(JSON.stringify(game.snapshot())),
      depth: 2,
    });
    if (!reply.ok) throw new Error(reply.error.reason);
    expect(reply.id).toBe(1);
    expect({ ...reply.review, scale: undefined }).toEqual({
      ...unwrap(reviewGame(game, { depth: 2 })),
      scale: undefined,
    });
    expect(reply.review.scale).toBe(3000);
    expect(reply.review.plies).toHaveLength(10);
  });

  it('reviews hidden Junqi with every rank, and says so', () => {
    const game = finished(unwrap(junqi.create(unwrap(junqi.parseOptions({ mode: 'hidden' })))), 12);
    const reply = runReviewJob({ game: 'junqi', snapshot: game.snapshot(), depth: 1 });
    if (!reply.ok) throw new Error(reply.error.reason);
    expect(reply.review.fullInformation).toBe(true);
    expect(reply.review.plies.length).toBeGreaterThan(0);
  });
});

describe('the review pool', () => {
  it('answers every review with one worker, one at a time', async () => {
    const pool = new ReviewPool({ size: 1 });
    try {
      const games = [abaloneGame(6), abaloneGame(8)];
      const replies = games.map((g) => pool.review({ game: 'abalone', snapshot: g.snapshot(), depth: 1 }));
      // one is being made, the other waits
      expect(pool.load).toBe(2);
      const done = await Promise.all(replies);
      expect(done.map((r) => (r.ok ? r.review.plies.length : r.error.reason))).toEqual([6, 8]);
      expect(pool.load).toBe(0);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('gives up on a review past its time, and answers the waiting ones when it closes', async () => {
    const pool = new ReviewPool({ size: 1, maxMs: 50 });
    const slow = pool.review({ game: 'abalone', snapshot: abaloneGame(30).snapshot(), depth: 4 });
    expect(await slow).toMatchObject({ ok: false, error: { code: 'review-timeout' } });
    const waiting = [1, 2].map(() => pool.review({ game: 'abalone', snapshot: abaloneGame(4).snapshot(), depth: 1 }));
    await pool.close();
    for (const r of await Promise.all(waiting)) expect(r).toMatchObject({ ok: false });
    expect(await pool.review({ game: 'abalone', snapshot: {}, depth: 1 })).toMatchObject({
      ok: false,
      error: { code: 'pool-closed' },
    });
  }, 60_000);
});
