import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Schema } from './schema.js';

/**
 * Kysely builds and types the queries; the store runs them. So the store keeps what it does that a stock Kysely
 * driver would not: SQLite's group commit (many rooms' transactions in one COMMIT, each in its own savepoint),
 * PostgreSQL's named prepared statements, and the transaction a repository is handed. A `Kysely` made here runs
 * every query through one `Runner` — the store itself, or one open transaction of it.
 */
export interface Runner {
  /** One statement with real placeholders (`?` on SQLite, `$1…` on PostgreSQL, as Kysely compiled them). */
  query(sql: string, params: readonly unknown[]): Promise<{ rows: unknown[]; changes: number }>;
}

export type Db = Kysely<Schema>;

class RunnerConnection implements DatabaseConnection {
  constructor(private readonly runner: Runner) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const r = await this.runner.query(compiled.sql, compiled.parameters);
    return { rows: r.rows as R[], numAffectedRows: BigInt(r.changes) };
  }
  // biome-ignore lint/correctness/useYield: nothing of the server reads a query as a stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the store does not stream query results');
  }
}

const refuseTransaction = (): Promise<void> =>
  Promise.reject(new Error('a transaction is opened with store.transaction(), which hands its own `q`'));

class RunnerDriver implements Driver {
  private readonly connection: RunnerConnection;
  constructor(runner: Runner) {
    this.connection = new RunnerConnection(runner);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  beginTransaction = refuseTransaction;
  commitTransaction = refuseTransaction;
  rollbackTransaction = refuseTransaction;
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/** A typed query builder whose every query runs on `runner`, compiled for `kind`'s SQL. */
export const kyselyOver = (runner: Runner, kind: 'sqlite' | 'postgres'): Db =>
  new Kysely<Schema>({
    dialect:
      kind === 'sqlite'
        ? {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new RunnerDriver(runner),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          }
        : {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new RunnerDriver(runner),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          },
  });
