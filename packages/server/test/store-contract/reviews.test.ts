import { expect, it } from 'vitest';
import { ReviewsRepo } from '../../src/repos/reviews.js';
import { addGame, addUser, fresh } from './rows.js';
import { describeStores } from './stores.js';

describeStores('the reviews repository', (store) => {
  const repo = () => new ReviewsRepo(store());
  const STALE_BEFORE = 1000;

  it('reads a game as a review needs it; none for an unknown one', async () => {
    const gameId = await addGame(store(), { status: 'finished', snapshot: '{"plies":[]}' });
    expect(await repo().game(gameId)).toEqual({ game: 'hive', status: 'finished', snapshot: '{"plies":[]}' });
    expect(await repo().game(fresh('nothing'))).toBeUndefined();
  });

  it('claims a review once; a second claim finds it pending, and no review is there before', async () => {
    const gameId = await addGame(store(), { status: 'finished' });
    const [a, b] = [await addUser(store()), await addUser(store())];
    expect(await repo().reviewOf(gameId)).toBeUndefined();
    expect(await repo().claim(gameId, a.id, 5000, STALE_BEFORE)).toBe(true);
    expect(await repo().claim(gameId, b.id, 5001, STALE_BEFORE)).toBe(false);
    expect(await repo().reviewOf(gameId)).toEqual({ status: 'pending', review: null, error: null, requestedAt: 5000 });
    const row = await store()
      .q.selectFrom('game_reviews')
      .select(['requested_by', 'finished_at'])
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ requested_by: a.id, finished_at: null });
  });

  it('stores the claimed review as done; a done review is never claimed again', async () => {
    const gameId = await addGame(store(), { status: 'finished' });
    await repo().claim(gameId, 'a', 5000, STALE_BEFORE);
    expect(await repo().finish(gameId, 5000, { review: '{"plies":[1]}' }, 6000)).toBe(true);
    expect(await repo().reviewOf(gameId)).toEqual({
      status: 'done',
      review: '{"plies":[1]}',
      error: null,
      requestedAt: 5000,
    });
    expect(await repo().claim(gameId, 'b', 9_000_000, 8_000_000)).toBe(false);
    expect((await repo().reviewOf(gameId))?.status).toBe('done');
  });

  it('claims again a failed review (its error cleared) or a pending one gone stale, not a fresh one', async () => {
    const failed = await addGame(store(), { status: 'finished' });
    await repo().claim(failed, 'a', 5000, STALE_BEFORE);
    expect(await repo().finish(failed, 5000, { error: 'worker died' }, 5500)).toBe(true);
    expect(await repo().reviewOf(failed)).toMatchObject({ status: 'failed', error: 'worker died' });
    expect(await repo().claim(failed, 'b', 7000, STALE_BEFORE)).toBe(true);
    expect(await repo().reviewOf(failed)).toEqual({ status: 'pending', review: null, error: null, requestedAt: 7000 });

    const lost = await addGame(store(), { status: 'finished' });
    await repo().claim(lost, 'a', 5000, STALE_BEFORE);
    expect(await repo().claim(lost, 'b', 6000, 5000)).toBe(false); // claimed at 5000: not before 5000
    expect(await repo().claim(lost, 'b', 6000, 5001)).toBe(true);
    expect((await repo().reviewOf(lost))?.requestedAt).toBe(6000);
  });

  it('leaves a row claimed again since to its new claimer', async () => {
    const gameId = await addGame(store(), { status: 'finished' });
    await repo().claim(gameId, 'a', 5000, STALE_BEFORE);
    await repo().claim(gameId, 'b', 9000, 6000); // a's claim went stale
    expect(await repo().finish(gameId, 5000, { review: '{}' }, 9500)).toBe(false);
    expect(await repo().reviewOf(gameId)).toMatchObject({ status: 'pending', requestedAt: 9000 });
    expect(await repo().finish(fresh('nothing'), 5000, { error: 'x' }, 1)).toBe(false);
  });
});
