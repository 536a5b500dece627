import { afterEach, expect, it } from 'vitest';
import { openStore, type Store } from '../src/store.js';
import { tempDir } from './helpers.js';

/**
 * SQLite's group commit waits for its turn: moves that come faster than the spacing share the next commit (each
 * commit's own cost is paid once for all of them), and none is answered before that commit.
 */
const opened: Store[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

const open = async (dataDir: string, sqliteCommitMs: number): Promise<Store> => {
  const s = await openStore({ dataDir, sqliteCommitMs });
  opened.push(s);
  return s;
};

const setting = (store: Store, key: string, value: string) =>
  store.transaction(async (tx) => {
    await tx.q.insertInto('settings').values({ key, value }).execute();
  });

const stored = async (store: Store, key: string): Promise<string | undefined> =>
  (await store.q.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

/** A few turns of the event loop, for a commit that was due at once to happen (no fixed sleep). */
const turns = async (n = 5): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
};

it('commits after a quiet spell at once, then makes later transactions wait for the spacing and share a commit', async () => {
  const dir = tempDir();
  // a minute: the first commit must not wait for it (the test would time out), the next ones must
  const store = await open(dir, 60_000);
  await setting(store, 'first', '1');
  const answered: string[] = [];
  const second = setting(store, 'second', '2').then(() => answered.push('second'));
  await turns();
  const third = setting(store, 'third', '3').then(() => answered.push('third'));
  await turns();
  expect(answered).toEqual([]);
  // another connection sees the first commit and neither waiting transaction: nothing is answered before it is stored
  const reader = await open(dir, 0);
  expect(await stored(reader, 'first')).toBe('1');
  expect(await stored(reader, 'second')).toBeUndefined();
  expect(await stored(reader, 'third')).toBeUndefined();
  // closing commits the waiting transactions (one commit for both) instead of failing them
  await store.close();
  await Promise.all([second, third]);
  expect(answered).toEqual(['second', 'third']);
  expect(await stored(reader, 'second')).toBe('2');
  expect(await stored(reader, 'third')).toBe('3');
});

it('without spacing commits every turn that asked, each without waiting', async () => {
  const store = await open(tempDir(), 0);
  for (let i = 0; i < 20; i++) await setting(store, `k${i}`, String(i));
  expect(await stored(store, 'k19')).toBe('19');
});

it('a failing transaction in a shared commit fails alone', async () => {
  const dir = tempDir();
  const store = await open(dir, 60_000);
  await setting(store, 'taken', 'a');
  const free = setting(store, 'free', 'b');
  const clash = setting(store, 'taken', 'c');
  await store.close();
  await free;
  await expect(clash).rejects.toThrow(/UNIQUE/);
  const reader = await open(dir, 0);
  expect(await stored(reader, 'free')).toBe('b');
  expect(await stored(reader, 'taken')).toBe('a');
});
