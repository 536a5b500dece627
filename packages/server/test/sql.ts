import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../src/store.js';

/**
 * A test's own look at the stored rows, or a write the server would never make (a broken row, a back-dated time):
 * SQL through Kysely's `sql` tag, so each value is bound as a parameter on either engine, never written into the text.
 * The server itself has no such path: its queries are its repositories' (store-boundary.test.ts).
 */
export const rowsOf = async <T>(store: Tx, query: RawBuilder<T>): Promise<T[]> => (await query.execute(store.q)).rows;

export const rowOf = async <T>(store: Tx, query: RawBuilder<T>): Promise<T | undefined> =>
  (await rowsOf(store, query))[0];

/** Runs a write; resolves to the number of rows it changed. */
export const runOn = async (store: Tx, query: RawBuilder<unknown>): Promise<number> =>
  Number((await query.execute(store.q)).numAffectedRows ?? 0n);

export { sql };
