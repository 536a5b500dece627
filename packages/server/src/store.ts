import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { realTime } from './server-clock.js';

/**
 * Persistence. One schema, two engines: SQLite (embedded default, WAL) and
 * PostgreSQL (`DATABASE_URL=postgres://…`). SQL is written once with `?`
 * placeholders; the PostgreSQL side numbers them. Migrations run on start,
 * under an advisory lock on PostgreSQL so several processes may start at once.
 */

export type Row = Record<string, unknown>;

export interface Tx {
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  all<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Store extends Tx {
  readonly kind: 'sqlite' | 'postgres';
  get<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs `f` in one transaction; a thrown error rolls it back and is rethrown. */
  transaction<T>(f: (tx: Tx) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Each entry is one migration; a statement list, identical for both engines. */
const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE users (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      name_key TEXT UNIQUE,
      password_hash TEXT,
      guest INTEGER NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    `CREATE TABLE sessions (
      token TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id),
      created_at BIGINT NOT NULL
    )`,
    `CREATE TABLE games (
      id TEXT PRIMARY KEY,
      game TEXT NOT NULL,
      options TEXT NOT NULL,
      clock TEXT NOT NULL,
      speed TEXT NOT NULL,
      rated INTEGER NOT NULL,
      private INTEGER NOT NULL,
      seats TEXT NOT NULL,
      creator TEXT NOT NULL,
      status TEXT NOT NULL,
      seq INTEGER NOT NULL,
      snapshot TEXT,
      clock_state TEXT,
      outcome TEXT,
      rating_change TEXT,
      fence BIGINT NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      finished_at BIGINT
    )`,
    'CREATE INDEX games_status ON games(status)',
    `CREATE TABLE game_events (
      game_id TEXT NOT NULL REFERENCES games(id),
      seq INTEGER NOT NULL,
      kind TEXT NOT NULL,
      seat INTEGER,
      data TEXT,
      at BIGINT NOT NULL,
      PRIMARY KEY (game_id, seq)
    )`,
    `CREATE TABLE game_players (
      game_id TEXT NOT NULL REFERENCES games(id),
      seat INTEGER NOT NULL,
      user_id TEXT NOT NULL,
      PRIMARY KEY (game_id, seat)
    )`,
    'CREATE INDEX game_players_user ON game_players(user_id)',
    `CREATE TABLE ratings (
      user_id TEXT NOT NULL,
      game TEXT NOT NULL,
      speed TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      rd DOUBLE PRECISION NOT NULL,
      vol DOUBLE PRECISION NOT NULL,
      games INTEGER NOT NULL,
      PRIMARY KEY (user_id, game, speed)
    )`,
  ],
  [
    // a game's chat is part of its record: kept across restarts and takeovers, shown again after the end
    `CREATE TABLE game_chat (
      id TEXT PRIMARY KEY,
      game_id TEXT NOT NULL REFERENCES games(id),
      from_user TEXT NOT NULL,
      text TEXT NOT NULL,
      spectator INTEGER NOT NULL,
      at BIGINT NOT NULL
    )`,
    'CREATE INDEX game_chat_game ON game_chat(game_id, at)',
  ],
  [
    // the site's own values, such as the secret that signs guests' cookies (shared by every process)
    'CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  ],
  [
    // seeks that expired while their creator was away, until the creator has been told (see seek-expiry.ts)
    `CREATE TABLE seek_expiries (
      seek_id TEXT PRIMARY KEY REFERENCES games(id),
      user_id TEXT NOT NULL,
      expired_at BIGINT NOT NULL,
      told INTEGER NOT NULL
    )`,
    'CREATE INDEX seek_expiries_user ON seek_expiries(user_id, told)',
  ],
  [
    // team chat (2v2 Junqi): the team a line was written in; NULL for lines to everyone
    'ALTER TABLE game_chat ADD COLUMN team INTEGER',
  ],
  [
    // computer reviews of finished games (reviews.ts): pending while one process makes it, then done or failed
    `CREATE TABLE game_reviews (
      game_id TEXT PRIMARY KEY REFERENCES games(id),
      status TEXT NOT NULL,
      review TEXT,
      error TEXT,
      requested_by TEXT NOT NULL,
      requested_at BIGINT NOT NULL,
      finished_at BIGINT
    )`,
  ],
  [
    // tournaments (tournaments.ts): the event, its entrants, and every pairing of every round with its game
    `CREATE TABLE tournaments (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      game TEXT NOT NULL,
      options TEXT NOT NULL,
      clock TEXT NOT NULL,
      speed TEXT NOT NULL,
      format TEXT NOT NULL,
      rated INTEGER NOT NULL,
      private INTEGER NOT NULL,
      creator TEXT NOT NULL,
      status TEXT NOT NULL,
      round INTEGER NOT NULL,
      starts_at BIGINT,
      ends_at BIGINT,
      max_players INTEGER,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      finished_at BIGINT
    )`,
    'CREATE INDEX tournaments_status ON tournaments(status, starts_at)',
    `CREATE TABLE tournament_players (
      tournament_id TEXT NOT NULL REFERENCES tournaments(id),
      user_id TEXT NOT NULL,
      name TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      from_round INTEGER NOT NULL,
      withdrawn_round INTEGER,
      joined_at BIGINT NOT NULL,
      PRIMARY KEY (tournament_id, user_id)
    )`,
    // one row per round, written once (its primary key is what makes a round paired exactly once across processes)
    `CREATE TABLE tournament_rounds (
      tournament_id TEXT NOT NULL REFERENCES tournaments(id),
      round INTEGER NOT NULL,
      pairings TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (tournament_id, round)
    )`,
    // every game a round started: its pairing (board), its number in a match, its players by seat
    `CREATE TABLE tournament_games (
      tournament_id TEXT NOT NULL REFERENCES tournaments(id),
      round INTEGER NOT NULL,
      board INTEGER NOT NULL,
      game_no INTEGER NOT NULL,
      players TEXT NOT NULL,
      tie_break INTEGER NOT NULL,
      game_id TEXT NOT NULL UNIQUE,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (tournament_id, round, board, game_no)
    )`,
    // a game paired by a tournament names it
    'ALTER TABLE games ADD COLUMN tournament_id TEXT',
  ],
  [
    // deadlines every process shares (scheduler.ts): a correspondence game's flag, a reminder, a tournament's round
    `CREATE TABLE deadlines (
      key TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      due_at BIGINT NOT NULL,
      data TEXT NOT NULL,
      version INTEGER NOT NULL,
      claimed_by TEXT,
      claimed_at BIGINT
    )`,
    'CREATE INDEX deadlines_due ON deadlines(due_at)',
    // the address a player gave for e-mail notices (correspondence reminders); NULL: none
    'ALTER TABLE users ADD COLUMN email TEXT',
  ],
  [
    // puzzles (puzzles.ts): the committed sets, loaded on start; each puzzle's own Glicko-2 rating
    `CREATE TABLE puzzles (
      id TEXT PRIMARY KEY,
      game TEXT NOT NULL,
      position TEXT NOT NULL,
      solution TEXT NOT NULL,
      moves INTEGER NOT NULL,
      themes TEXT NOT NULL,
      source TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      rd DOUBLE PRECISION NOT NULL,
      vol DOUBLE PRECISION NOT NULL,
      plays INTEGER NOT NULL
    )`,
    'CREATE INDEX puzzles_game ON puzzles(game, rating)',
    // a player's first attempt at a puzzle, the one that is rated (its primary key makes it once per player)
    `CREATE TABLE puzzle_attempts (
      user_id TEXT NOT NULL,
      puzzle_id TEXT NOT NULL REFERENCES puzzles(id),
      solved INTEGER NOT NULL,
      rated INTEGER NOT NULL,
      at BIGINT NOT NULL,
      PRIMARY KEY (user_id, puzzle_id)
    )`,
    // a player's puzzle rating per game, apart from the ratings of games played
    `CREATE TABLE puzzle_ratings (
      user_id TEXT NOT NULL,
      game TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      rd DOUBLE PRECISION NOT NULL,
      vol DOUBLE PRECISION NOT NULL,
      games INTEGER NOT NULL,
      PRIMARY KEY (user_id, game)
    )`,
  ],
  [
    // team tournaments (2v2 Junqi, tournaments.ts): the team a player entered with; NULL in other tournaments
    'ALTER TABLE tournament_players ADD COLUMN team TEXT',
  ],
  [
    // puzzles of every game (puzzle-judge.ts): how a puzzle is judged (`line` or `goal`) and what the solver must reach
    "ALTER TABLE puzzles ADD COLUMN kind TEXT NOT NULL DEFAULT 'line'",
    "ALTER TABLE puzzles ADD COLUMN goal TEXT NOT NULL DEFAULT 'win'",
  ],
  [
    // the players of a game who turned the spectators' chat off for themselves (chat-settings.ts)
    `CREATE TABLE game_chat_quiet (
      game_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      PRIMARY KEY (game_id, user_id)
    )`,
    // an address is mailed nothing but its confirmation link until its owner follows it (account-mail.ts)
    'ALTER TABLE users ADD COLUMN email_confirmed INTEGER NOT NULL DEFAULT 0',
    // single-use links mailed to a player (confirm an address, reset a password): only the token's hash is kept
    `CREATE TABLE account_tokens (
      hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      email TEXT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    'CREATE INDEX account_tokens_user ON account_tokens(user_id, kind)',
    // every mail sent, by address and account, so the daily caps hold across processes and restarts (mail-budget.ts)
    `CREATE TABLE mail_log (
      id TEXT PRIMARY KEY,
      address TEXT NOT NULL,
      user_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      at BIGINT NOT NULL
    )`,
    'CREATE INDEX mail_log_address ON mail_log(address, at)',
    'CREATE INDEX mail_log_user ON mail_log(user_id, at)',
    // a password reset finds the account by its address, in any case
    'CREATE INDEX users_email ON users(LOWER(email))',
  ],
  [
    // moderation (moderation-store.ts): an account's role, ban, mute and closing; NULL for none
    'ALTER TABLE users ADD COLUMN role TEXT',
    'ALTER TABLE users ADD COLUMN banned_at BIGINT',
    'ALTER TABLE users ADD COLUMN ban_reason TEXT',
    'ALTER TABLE users ADD COLUMN muted_until BIGINT',
    'ALTER TABLE users ADD COLUMN mute_reason TEXT',
    'ALTER TABLE users ADD COLUMN closed_at BIGINT',
    // a player's report about another, open until a moderator closes it with a note
    `CREATE TABLE reports (
      id TEXT PRIMARY KEY,
      reporter_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      reason TEXT NOT NULL,
      text TEXT NOT NULL,
      game_id TEXT,
      created_at BIGINT NOT NULL,
      closed_at BIGINT,
      closed_by TEXT,
      note TEXT
    )`,
    'CREATE INDEX reports_open ON reports(closed_at, created_at)',
    'CREATE INDEX reports_user ON reports(user_id, created_at)',
    'CREATE INDEX reports_reporter ON reports(reporter_id, created_at)',
    // who blocked whom (each way is its own row)
    `CREATE TABLE blocks (
      blocker_id TEXT NOT NULL,
      blocked_id TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (blocker_id, blocked_id)
    )`,
    // every moderator action: who, when, whom, what and why
    `CREATE TABLE mod_log (
      id TEXT PRIMARY KEY,
      at BIGINT NOT NULL,
      moderator_id TEXT NOT NULL,
      moderator_name TEXT NOT NULL,
      action TEXT NOT NULL,
      user_id TEXT NOT NULL,
      user_name TEXT NOT NULL,
      reason TEXT NOT NULL,
      details TEXT
    )`,
    'CREATE INDEX mod_log_at ON mod_log(at)',
    'CREATE INDEX mod_log_user ON mod_log(user_id, at)',
  ],
  [
    // an arena player whose first move lapsed is paused (tournament-pauses.ts): the aborted game that paused them,
    // so that the same game never pauses them again once they have come back
    'ALTER TABLE tournament_players ADD COLUMN paused_by TEXT',
    // why a tournament ended before its planned end (tournaments.ts), as JSON {reason, round}; NULL otherwise
    'ALTER TABLE tournaments ADD COLUMN end_reason TEXT',
  ],
  [
    // the Bot and Board API (api-tokens.ts, challenges.ts): personal tokens, kept as their SHA-256 only
    `CREATE TABLE api_tokens (
      id TEXT PRIMARY KEY,
      hash TEXT NOT NULL UNIQUE,
      user_id TEXT NOT NULL,
      description TEXT NOT NULL,
      scopes TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      last_used_at BIGINT
    )`,
    'CREATE INDEX api_tokens_user ON api_tokens(user_id)',
    // a bot account (1) plays through the Bot API only, for good; a seek says whether bots may join it
    'ALTER TABLE users ADD COLUMN bot INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE games ADD COLUMN allow_bots INTEGER NOT NULL DEFAULT 0',
    // one player's challenge to another, until it is answered, cancelled or expires
    `CREATE TABLE challenges (
      id TEXT PRIMARY KEY,
      challenger_id TEXT NOT NULL,
      dest_id TEXT NOT NULL,
      challenger TEXT NOT NULL,
      dest TEXT NOT NULL,
      game TEXT NOT NULL,
      options TEXT NOT NULL,
      clock TEXT NOT NULL,
      rated INTEGER NOT NULL,
      seat INTEGER,
      status TEXT NOT NULL,
      game_id TEXT,
      decline_reason TEXT,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    'CREATE INDEX challenges_dest ON challenges(dest_id, status)',
    'CREATE INDEX challenges_challenger ON challenges(challenger_id, status)',
  ],
];

export const SCHEMA_VERSION = MIGRATIONS.length;

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

  constructor(file: string) {
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

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return this.stmt(sql).run(...params).changes;
  }
  async all<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.stmt(sql).all(...params) as T[];
  }
  async get<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return this.stmt(sql).get(...params) as T | undefined;
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
  private kick(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      // flush settles every job itself and never rejects; a rejection here would end the process
      this.flush().catch(() => undefined);
    });
  }
  private async flush(): Promise<void> {
    this.scheduled = false;
    const jobs = this.pending.splice(0, 512);
    if (jobs.length === 0) return;
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

const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * Named prepared statements: each pooled connection parses a statement once and
 * then only binds and executes it (the move commit is a CTE PostgreSQL would
 * otherwise plan again on every move, on the same two cores as the servers).
 * Every SQL text of the server is a literal, so the set is small; past the bound
 * a text runs unnamed rather than growing every connection's statement cache.
 */
const statements = new Map<string, { name: string; text: string }>();
const query = (sql: string, params: readonly unknown[]): pg.QueryConfig => {
  let known = statements.get(sql);
  if (known === undefined && statements.size < 256) {
    known = { name: `q${statements.size}`, text: numbered(sql) };
    statements.set(sql, known);
  }
  const values = params as unknown[];
  return known === undefined ? { text: numbered(sql), values } : { ...known, values };
};

class PgTx implements Tx {
  constructor(protected readonly client: pg.PoolClient | pg.Pool) {}
  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    const r = await this.client.query(query(sql, params));
    return r.rowCount ?? 0;
  }
  async all<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const r = await this.client.query(query(sql, params));
    return r.rows as T[];
  }
}

class PgStore extends PgTx implements Store {
  readonly kind = 'postgres' as const;
  constructor(private readonly pool: pg.Pool) {
    super(pool);
  }
  async get<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0];
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
  const store = new SqliteStore(path.join(dir, 'qiyuan.sqlite'));
  store.migrate();
  return store;
};
