import { beforeEach, expect, it } from 'vitest';
import { DeadlinesRepo } from '../../src/repos/deadlines.js';
import { fresh } from './rows.js';
import { describeStores } from './stores.js';

describeStores('the deadlines repository', (store) => {
  const repo = () => new DeadlinesRepo(store());
  // a claim takes whatever is due: each case starts from no deadlines (this store is this file's alone)
  beforeEach(async () => {
    await store().q.deleteFrom('deadlines').execute();
  });
  let era = 0;
  /** A time of its own for each case. */
  const stretch = () => 1_000_000_000 * ++era;

  it('sets a deadline at version 1, and setting it again moves it, bumps the version and frees a claim', async () => {
    const t = stretch();
    const key = fresh('k');
    expect(await repo().get(key)).toBeUndefined();
    await repo().set(key, 'clock', t + 10, '{"seq":1}');
    expect(await repo().get(key)).toEqual({
      key,
      kind: 'clock',
      dueAt: t + 10,
      data: '{"seq":1}',
      version: 1,
      claimedBy: null,
    });
    expect((await repo().claimDue('p', t + 10, t - 60_000, 100)).map((d) => d.key)).toEqual([key]);
    expect((await repo().get(key))?.claimedBy).toBe('p');
    await repo().set(key, 'reminder', t + 20, 'null');
    expect(await repo().get(key)).toEqual({
      key,
      kind: 'reminder',
      dueAt: t + 20,
      data: 'null',
      version: 2,
      claimedBy: null,
    });
  });

  it('sets and cancels inside a transaction, undone with it', async () => {
    const t = stretch();
    const [kept, gone] = [fresh('k'), fresh('k')];
    await repo().set(gone, 'x', t, '1');
    await expect(
      store().transaction(async (tx) => {
        await repo().set(kept, 'x', t, '1', tx);
        await repo().cancel(gone, tx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await repo().get(kept)).toBeUndefined();
    expect(await repo().get(gone)).toBeDefined();
    await store().transaction(async (tx) => {
      await repo().set(kept, 'x', t, '1', tx);
      await repo().cancel(gone, tx);
    });
    expect(await repo().get(kept)).toBeDefined();
    expect(await repo().get(gone)).toBeUndefined();
    await repo().cancel(gone); // cancelling what is not there is no error
  });

  it('claims what is due, earliest first and at most a batch; nothing twice while the claim is fresh', async () => {
    const t = stretch();
    const keys = [fresh('k'), fresh('k'), fresh('k'), fresh('k')];
    await repo().set(keys[2]!, 'x', t + 3, '3');
    await repo().set(keys[0]!, 'x', t + 1, '1');
    await repo().set(keys[1]!, 'x', t + 2, '2');
    await repo().set(keys[3]!, 'x', t + 50, '4'); // not due yet
    const first = await repo().claimDue('p', t + 10, t - 60_000, 2);
    expect(first).toEqual([
      { key: keys[0], kind: 'x', dueAt: t + 1, data: '1', version: 1 },
      { key: keys[1], kind: 'x', dueAt: t + 2, data: '2', version: 1 },
    ]);
    expect((await repo().claimDue('q', t + 10, t - 60_000, 10)).map((d) => d.key)).toEqual([keys[2]]);
    expect(await repo().claimDue('q', t + 10, t - 60_000, 10)).toEqual([]);
    // a claim older than the stale time is taken over
    const taken = await repo().claimDue('r', t + 20, t + 10 + 1, 10);
    expect(taken.map((d) => d.key).sort()).toEqual([keys[0], keys[1], keys[2]].sort());
    expect((await repo().get(keys[0]!))?.claimedBy).toBe('r');
  });

  it('finishes a run by deleting its row, only for the version and the claimer it was handed', async () => {
    const t = stretch();
    const key = fresh('k');
    await repo().set(key, 'x', t, '1');
    const [claimed] = await repo().claimDue('p', t, t - 60_000, 10);
    expect(claimed?.version).toBe(1);
    expect(await repo().finish(key, 1, 'someone else')).toBe(false);
    await repo().set(key, 'x', t + 5, '2'); // set again while it ran: version 2, unclaimed
    expect(await repo().finish(key, 1, 'p')).toBe(false);
    expect((await repo().get(key))?.version).toBe(2);
    const [again] = await repo().claimDue('p', t + 5, t - 60_000, 10);
    expect(again).toMatchObject({ key, version: 2, data: '2' });
    expect(await repo().finish(key, 2, 'p')).toBe(true);
    expect(await repo().get(key)).toBeUndefined();
  });

  it('hands a run back unclaimed and due later, only for the version and the claimer it was handed', async () => {
    const t = stretch();
    const key = fresh('k');
    await repo().set(key, 'x', t, '1');
    await repo().claimDue('p', t, t - 60_000, 10);
    expect(await repo().handBack(key, 1, 'q', t + 100)).toBe(false);
    expect(await repo().handBack(key, 2, 'p', t + 100)).toBe(false);
    expect(await repo().handBack(key, 1, 'p', t + 100)).toBe(true);
    expect(await repo().get(key)).toMatchObject({ dueAt: t + 100, claimedBy: null, version: 1 });
    expect(await repo().claimDue('p', t + 99, t - 60_000, 10)).toEqual([]);
    expect((await repo().claimDue('p', t + 100, t - 60_000, 10)).map((d) => d.key)).toEqual([key]);
  });

  it('hands each due deadline to one claimer when several claim at once', async () => {
    const t = stretch();
    const keys = Array.from({ length: 30 }, () => fresh('k'));
    for (const [i, key] of keys.entries()) await repo().set(key, 'x', t + i, `${i}`);
    const claims = await Promise.all(
      ['a', 'b', 'c'].map(async (owner) => {
        const got: string[] = [];
        for (;;) {
          const batch = await repo().claimDue(owner, t + 100, t - 60_000, 4);
          if (batch.length === 0) return got;
          got.push(...batch.map((d) => d.key));
        }
      }),
    );
    const all = claims.flat();
    expect(all.sort()).toEqual([...keys].sort());
    expect(new Set(all).size).toBe(keys.length);
  });
});
