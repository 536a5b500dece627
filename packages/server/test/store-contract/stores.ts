import { afterAll, beforeAll, describe, it } from 'vitest';
import { openStore, type Store } from '../../src/store.js';
import { type Backend, freshSchema, tempDir } from '../helpers.js';
import { TEST_DATABASE_URL } from '../services.js';

/**
 * The store-contract suite: each repository's cases run on both engines, here and only here. Behaviour tests then
 * need one engine, because what the repositories promise is proven the same on SQLite and PostgreSQL.
 * On a machine without PostgreSQL the PostgreSQL half is skipped, except in CI, where it fails and says why.
 */
const ENGINES: readonly Backend[] = ['sqlite', 'postgres'];

export const openTestStore = (backend: Backend): Promise<Store> =>
  backend === 'sqlite'
    ? openStore({ dataDir: tempDir() })
    : openStore({ databaseUrl: TEST_DATABASE_URL!, pgSchema: freshSchema(), dataDir: '' });

/**
 * `describe` once per engine with a fresh, migrated store: `body` gets a function returning it. Every case should
 * make the rows it reads (fresh ids), so cases stay independent of each other's order.
 */
export const describeStores = (name: string, body: (store: () => Store, backend: Backend) => void): void => {
  for (const backend of ENGINES) {
    const absent = backend === 'postgres' && !TEST_DATABASE_URL;
    if (absent && process.env.CI) {
      describe(`${name} on ${backend}`, () => {
        it('has the database it needs', () => {
          throw new Error('CI must provide QIYUAN_TEST_DATABASE_URL; the store contract runs on both engines');
        });
      });
      continue;
    }
    (absent ? describe.skip : describe)(`${name} on ${backend}`, () => {
      let store: Store | undefined;
      beforeAll(async () => {
        store = await openTestStore(backend);
      });
      afterAll(async () => {
        await store?.close();
      });
      body(() => {
        if (!store) throw new Error('the store is not open yet');
        return store;
      }, backend);
    });
  }
};
