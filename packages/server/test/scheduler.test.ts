import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DeadlinesRepo } from '../src/repos/deadlines.js';
import { type Deadline, Scheduler } from '../src/scheduler.js';
import { openStore, type Store } from '../src/store.js';
import { type Backend, ENGINES, freshSchema, tempDir } from './helpers.js';

/**
 * The shared scheduler (scheduler.ts): three schedulers, as three processes would have, on one database; every
 * deadline is run exactly once however they race, a deadline set again while it runs is kept, a failed run is
 * handed out again, and a claim abandoned by a process that died is taken over after the claim timeout.
 */

const log = pino({ level: 'silent' });

/** `n` stores on one database: SQLite files in one directory, or connections to one PostgreSQL schema. */
const openShared = async (backend: Backend, n: number): Promise<Store[]> => {
  const config =
    backend === 'postgres'
      ? { databaseUrl: process.env.QIYUAN_TEST_DATABASE_URL!, pgSchema: freshSchema() }
      : { dataDir: tempDir() };
  const stores: Store[] = [];
  for (let i = 0; i < n; i++) stores.push(await openStore(config));
  return stores;
};

describe.each(ENGINES)('shared deadlines on %s', (backend) => {
  let stores: Store[] = [];
  afterEach(async () => {
    await Promise.all(stores.map((s) => s.close()));
    stores = [];
  });

  it('runs each due deadline exactly once across three processes racing for them', async () => {
    stores = await openShared(backend, 3);
    const runs = new Map<string, string[]>();
    const schedulers = stores.map((store, i) => {
      const s = new Scheduler(new DeadlinesRepo(store), log, `p${i}`, { batch: 7 });
      s.on('test', async (d: Deadline) => {
        runs.set(d.key, [...(runs.get(d.key) ?? []), s.owner]);
        // a handler that takes a while: the others must not take its deadline meanwhile
        await new Promise((r) => setTimeout(r, 2));
        return 'done';
      });
      return s;
    });
    const now = Date.now();
    for (let k = 0; k < 90; k++) await schedulers[k % 3]!.set(`job:${k}`, 'test', now - 1000 + k, { k });
    // one not yet due
    await schedulers[0]!.set('job:later', 'test', now + 3_600_000);
    const race = async (s: Scheduler) => {
      for (let rounds = 0; rounds < 100; rounds++) if ((await s.runDue(now + 1000)) === 0) return;
    };
    await Promise.all(schedulers.map(race));
    expect(runs.size).toBe(90);
    for (const [key, who] of runs) expect(who, key).toHaveLength(1);
    // more than one process took part (each claims a batch of 7 at a time)
    expect(new Set([...runs.values()].flat()).size).toBeGreaterThan(1);
    const left = await stores[0]!.q.selectFrom('deadlines').select('key').execute();
    expect(left.map((r) => r.key)).toEqual(['job:later']);
  });

  it('keeps a deadline set again while its earlier version runs, and hands a failed run out again', async () => {
    stores = await openShared(backend, 1);
    const s = new Scheduler(new DeadlinesRepo(stores[0]!), log, 'p0', { retryMs: 0 });
    let calls = 0;
    s.on('moved', async () => {
      calls++;
      // the game changed while the handler ran: a new deadline replaces this one
      if (calls === 1) await s.set('g', 'moved', Date.now() + 3_600_000, { seq: 2 });
      return 'done';
    });
    let failures = 0;
    s.on('flaky', async () => {
      failures++;
      if (failures === 1) throw new Error('the database went away');
      return 'done';
    });
    await s.set('g', 'moved', Date.now() - 10, { seq: 1 });
    await s.set('f', 'flaky', Date.now() - 10);
    await s.runDue();
    expect(calls).toBe(1);
    expect(await s.get('g')).toMatchObject({ kind: 'moved', data: { seq: 2 }, claimedBy: null });
    expect(failures).toBe(1);
    expect(await s.get('f')).toMatchObject({ claimedBy: null });
    await s.runDue(Date.now() + 10);
    expect(failures).toBe(2);
    expect(await s.get('f')).toBeUndefined();
    await s.cancel('g');
    expect(await s.get('g')).toBeUndefined();
  });

  it('takes over a claim abandoned by a process that died, only after the claim timeout', async () => {
    stores = await openShared(backend, 2);
    const dead = new Scheduler(new DeadlinesRepo(stores[0]!), log, 'dead', { claimTimeoutMs: 5000 });
    const alive = new Scheduler(new DeadlinesRepo(stores[1]!), log, 'alive', { claimTimeoutMs: 5000 });
    const seen: string[] = [];
    // the dead process claimed and never finished: its handler never returns
    dead.on('job', () => new Promise(() => undefined));
    alive.on('job', async (d) => {
      seen.push(d.key);
      return 'done';
    });
    const now = Date.now();
    await alive.set('j', 'job', now - 1);
    void dead.runDue(now);
    // wait until the dead process's claim is stored
    for (let i = 0; i < 100 && (await alive.get('j'))?.claimedBy !== 'dead'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await alive.get('j'))?.claimedBy).toBe('dead');
    expect(await alive.runDue(now + 1000)).toBe(0);
    expect(seen).toEqual([]);
    expect(await alive.runDue(now + 6000)).toBe(1);
    expect(seen).toEqual(['j']);
    expect(await alive.get('j')).toBeUndefined();
  });
});
