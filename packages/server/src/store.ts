import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { type Db, kyselyOver, type Runner } from './db/dialect.js';
import { MIGRATIONS } from './db/migrations.js';
import { type ClockTimer, keptTimer, monotonicMs, realTime } from './server-clock.js';

export type { Db } from './db/dialect.js';
export { SCHEMA_VERSION } from './db/migrations.js';

/**
 * Persistence. One schema, two engines: SQLite (embedded default, WAL) and
 * PostgreSQL (`DATABASE_URL=postgres://…`). The repositories (`repos/`) write
 * their queries with Kysely through `q`, which compiles them for the engine
 * with its own placeholders and runs them here. Migrations run on start,
 * under an advisory lock on PostgreSQL so several processes may start at once.
 */

export interface Tx extends Runner {
  readonly kind: 'sqlite' | 'postgres';
  /** Typed queries that run in this transaction (on the store itself: each statement on its own). */
  readonly q: Db;
}

export interface Store extends Tx {
  /** Runs `f` in one transaction; a thrown error rolls it back and is rethrown. */
  transaction<T>(f: (tx: Tx) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Whether a write failed on a UNIQUE or PRIMARY KEY constraint (the row exists), on either engine. */
export const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
};

// ---------------------------------------------------------------- SQLite

class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly cache = new Map<string, Database.Statement>();

  constructor(
    file: string,
    /**
     * The least time between the starts of two group commits, in ms. A commit costs about as much for one move as for
     * several (its statements, the WAL's page writes, the locks: about 60 µs of CPU for one move, 35 µs a move for four,
     * measured 29 November), so when moves come faster than this they wait for the next commit and share it; each waits
     * at most this long more for its answer. A move after a quiet spell commits at once. 0: every turn commits.
     */
    private readonly spacingMs = 1,
  ) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a committed transaction survives a process crash (SIGKILL);
    // only an OS crash or power loss may lose the last commits. QIYUAN_SQLITE_SYNC=full fsyncs each one.
    this.db.pragma(`synchronous = ${process.env.QIYUAN_SQLITE_SYNC === 'full' ? 'FULL' : 'NORMAL'}`);
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
  }

  private stmt(sql: string): Database.Statement {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.cache.set(sql, s);
    }
    return s;
  }

  readonly q: Db = kyselyOver(this, 'sqlite');

  async query(sql: string, params: readonly unknown[]): Promise<{ rows: unknown[]; changes: number }> {
    const s = this.stmt(sql);
    return s.reader ? { rows: s.all(...params), changes: 0 } : { rows: [], changes: s.run(...params).changes };
  }
  /**
   * Group commit: transactions requested in the same turn of the event loop
   * run one after another inside one SQLite transaction, each in its own
   * savepoint (a failing one is rolled back alone), and all resolve after the
   * one COMMIT. better-sqlite3 is synchronous, so nothing else interleaves.
   */
  transaction<T>(f: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ f: f as (tx: Tx) => Promise<unknown>, resolve: resolve as (v: unknown) => void, reject });
      this.kick();
    });
  }
  private pending: { f: (tx: Tx) => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] =
    [];
  private scheduled = false;
  private flushing = false;
  /**
   * When the last group commit started (monotonic, so a wall clock set back cannot make the next
   * commit wait for hours), and the timer of the next one when it waits for its turn.
   */
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private waiting: ClockTimer | undefined;
  private kick(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    // flush settles every job itself and never rejects; a rejection here would end the process
    const run = () => {
      this.waiting = undefined;
      this.flush().catch(() => undefined);
    };
    const wait = this.lastFlushAt + this.spacingMs - monotonicMs();
    // A kept timer, not realTime.after's unref'd one: a process must not end with transactions waiting for their
    // commit (the admin CLI's writes). Plumbing, not game time (server-clock.ts).
    if (wait > 0) this.waiting = keptTimer(wait, run);
    else setImmediate(run);
  }
  private async flush(): Promise<void> {
    this.scheduled = false;
    const jobs = this.pending.splice(0, 512);
    if (jobs.length === 0) return;
    this.lastFlushAt = monotonicMs();
    this.flushing = true;
    // the transaction-control statements are prepared once, like the others: exec() parses them on every call
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      // a transaction left open by a failed rollback is ended first, or no transaction could begin again
      if (this.db.open && this.db.inTransaction) this.db.exec('ROLLBACK');
      this.stmt('BEGIN IMMEDIATE').run();
      for (const job of jobs) {
        this.stmt('SAVEPOINT job').run();
        try {
          const value = await job.f(this);
          this.stmt('RELEASE job').run();
          outcomes.push({ ok: true, value });
        } catch (error) {
          this.stmt('ROLLBACK TO job').run();
          this.stmt('RELEASE job').run();
          outcomes.push({ ok: false, error });
        }
      }
      this.stmt('COMMIT').run();
      jobs.forEach((job, i) => {
        const o = outcomes[i]!;
        if (o.ok) job.resolve(o.value);
        else job.reject(o.error);
      });
    } catch (e) {
      // Every job is told first: a rollback that fails as well (the connection closed, the disk gone) must not
      // leave the rooms waiting on a commit that will never be answered.
      for (const job of jobs) job.reject(e);
      try {
        if (this.db.open && this.db.inTransaction) this.db.exec('ROLLBACK');
      } catch {
        // the next flush tries again before it begins
      }
    } finally {
      this.flushing = false;
      if (this.pending.length > 0) this.kick();
    }
  }
  async ping(): Promise<boolean> {
    try {
      this.db.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }
  async close(): Promise<void> {
    // transactions waiting for their turn to commit are committed first, not failed by the closed database; a flush
    // takes at most 512 of them and sets the timer again for the rest, so this goes on until none waits
    while (this.waiting !== undefined) {
      this.waiting.cancel();
      this.waiting = undefined;
      await this.flush();
    }
    if (this.db.open) this.db.close();
  }
  migrate(): void {
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
    );
    const row = this.db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
    const done = row.v ?? 0;
    for (let i = done; i < MIGRATIONS.length; i++) {
      const apply = this.db.transaction(() => {
        for (const sql of MIGRATIONS[i]!) this.db.exec(sql);
        this.db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(i + 1, realTime.now());
      });
      apply();
    }
  }
}

// ---------------------------------------------------------------- PostgreSQL

/**
 * Named prepared statements: each pooled connection parses a statement once and
 * then only binds and executes it (the move commit is a CTE PostgreSQL would
 * otherwise plan again on every move, on the same two cores as the servers).
 * Every query of the server is built in a repository, so the set of texts is small; past the bound
 * a text runs unnamed rather than growing every connection's statement cache.
 */
const statements = new Map<string, { name: string; text: string }>();
const query = (sql: string, params: readonly unknown[]): pg.QueryConfig => {
  let known = statements.get(sql);
  if (known === undefined && statements.size < 256) {
    known = { name: `q${statements.size}`, text: sql };
    statements.set(sql, known);
  }
  const values = params as unknown[];
  return known === undefined ? { text: sql, values } : { ...known, values };
};

/** BIGINT columns (times in ms, fences) and COUNT(*) read as numbers, as SQLite gives them; all fit in 2^53. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

class PgTx implements Tx {
  readonly kind: 'sqlite' | 'postgres' = 'postgres';
  private kysely: Db | undefined;
  constructor(protected readonly client: pg.PoolClient | pg.Pool) {}
  /** Made on first use: most transactions are the room commits, which do not ask for it. */
  get q(): Db {
    this.kysely ??= kyselyOver(this, 'postgres');
    return this.kysely;
  }
  async query(sql: string, params: readonly unknown[]): Promise<{ rows: unknown[]; changes: number }> {
    const r = await this.client.query(query(sql, params));
    return { rows: r.rows, changes: r.rowCount ?? 0 };
  }
}

class PgStore extends PgTx implements Store {
  constructor(private readonly pool: pg.Pool) {
    super(pool);
  }
  async transaction<T>(f: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // a checked-out client reports a lost connection as an event: the query that fails says it too
    const ignore = () => {};
    client.on('error', ignore);
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const r = await f(new PgTx(client));
      await client.query('COMMIT');
      return r;
    } catch (e) {
      await client.query('ROLLBACK').catch((rollback: Error) => {
        broken = rollback;
      });
      throw e;
    } finally {
      client.off('error', ignore);
      client.release(broken);
    }
  }
  async ping(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
  async close(): Promise<void> {
    await this.pool.end();
  }
  async migrate(schema: string | undefined): Promise<void> {
    const client = await this.pool.connect();
    try {
      if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await client.query('SELECT pg_advisory_lock(727001)');
      try {
        await client.query(
          'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
        );
        const r = await client.query('SELECT MAX(version) AS v FROM schema_migrations');
        const done = Number(r.rows[0]?.v ?? 0);
        for (let i = done; i < MIGRATIONS.length; i++) {
          await client.query('BEGIN');
          try {
            for (const sql of MIGRATIONS[i]!) await client.query(sql);
            await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
              i + 1,
              realTime.now(),
            ]);
            await client.query('COMMIT');
          } catch (e) {
            await client.query('ROLLBACK');
            throw e;
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock(727001)');
      }
    } finally {
      client.release();
    }
  }
}

export interface StoreConfig {
  /** `postgres://…` selects PostgreSQL; otherwise SQLite in `dataDir`. */
  readonly databaseUrl?: string;
  readonly dataDir?: string;
  /** PostgreSQL schema to use (created if missing); tests use a fresh one per run. */
  readonly pgSchema?: string;
  /**
   * SQLite: the least time between two group commits in ms (SqliteStore's `spacingMs`; default 1, or
   * QIYUAN_SQLITE_COMMIT_MS); 0 commits every turn of the event loop that asked for a transaction.
   */
  readonly sqliteCommitMs?: number;
}

/** Opens the store and runs its migrations. */
export const openStore = async (config: StoreConfig): Promise<Store> => {
  const url = config.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const schema = config.pgSchema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.QIYUAN_PG_POOL) || 20,
      connectionTimeoutMillis: 5000,
      types,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    pool.on('error', () => {}); // an idle client's error is reported by the next query
    const store = new PgStore(pool);
    try {
      await store.migrate(schema);
    } catch (e) {
      await pool.end().catch(() => {});
      throw e;
    }
    return store;
  }
  const dir = config.dataDir ?? './data';
  fs.mkdirSync(dir, { recursive: true });
  const fromEnv = Number(process.env.QIYUAN_SQLITE_COMMIT_MS);
  const spacing =
    config.sqliteCommitMs ??
    (process.env.QIYUAN_SQLITE_COMMIT_MS && Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : undefined);
  const store = new SqliteStore(path.join(dir, 'qiyuan.sqlite'), spacing);
  store.migrate();
  return store;
};
