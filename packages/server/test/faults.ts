import type Database from 'better-sqlite3';
import type { Store } from '../src/store.js';

/**
 * A database that refuses writes while a test says so, on either engine: every
 * write (a query that is not a SELECT) and every `transaction` of the server's store fails as a lost connection or a
 * failing disk would, and reads go on. `refused` counts the writes turned away.
 */
export class FaultyWrites {
  failing = false;
  refused = 0;

  constructor(store: Store) {
    const query = store.query.bind(store);
    const transaction = store.transaction.bind(store);
    // the typed queries of the repositories come through here: a write fails, a read goes on
    store.query = (sql, params) => (this.failing && !/^\s*select\b/i.test(sql) ? this.refuse() : query(sql, params));
    store.transaction = (f) => (this.failing ? this.refuse() : transaction(f));
  }

  private refuse(): Promise<never> {
    this.refused++;
    return Promise.reject(new Error('disk I/O error'));
  }
}

/** The SQLite connection behind a server's store (tests only: to fill its disk, or to break its rollback). */
export const sqliteOf = (store: Store): Database.Database => {
  if (store.kind !== 'sqlite') throw new Error('not a SQLite store');
  return (store as unknown as { db: Database.Database }).db;
};

/** Waits until `cond` holds, polling; fails with `what` after `ms`. */
export const until = async (cond: () => boolean, what: string, ms = 20_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
