/**
 * Sessions in the store: the site's cookie secret (in `settings`), accounts' session tokens (`sessions`), and the one
 * fact about `users` a guest's cookie needs. The look-ups run on every request, so they are `Prepared`: built and
 * compiled once per engine rather than on each request.
 */
import { Prepared } from '../db/prepared.js';
import type { Store } from '../store.js';

/** What a session's request needs to know of its account. */
export interface SessionUser {
  readonly id: string;
  readonly name: string;
  /** 0/1 as stored: the account may still be a guest's row (never for a stored session, but the column says it). */
  readonly guest: number;
  readonly bot: number;
}

const accountOfToken = new Prepared<{ token: string }, SessionUser>((q, p) =>
  q
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.guest', 'users.bot'])
    .where('sessions.token', '=', p.token)
    // a banned or closed account's session speaks for nobody, even one written as the ban was made
    .where('users.banned_at', 'is', null)
    .where('users.closed_at', 'is', null),
);

const guestFlagOf = new Prepared<{ id: string }, { guest: number }>((q, p) =>
  q.selectFrom('users').select('guest').where('id', '=', p.id),
);

/** Tokens asked about at once by `alive`: well under either engine's limit on a statement's parameters. */
const ALIVE_BATCH = 500;

export class SessionRepo {
  constructor(private readonly store: Store) {}

  /**
   * The value stored under `key` in `settings`, writing `candidate` there first if there is none: every process that
   * starts reads the value the first one wrote, whichever that was.
   */
  async settingOrInit(key: string, candidate: string): Promise<string> {
    await this.store.q
      .insertInto('settings')
      .values({ key, value: candidate })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.store.q.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    if (!row) throw new Error(`the setting ${key} could not be stored`);
    return row.value;
  }

  /** The account a session token speaks for, unless there is no such session or the account is banned or closed. */
  async accountOf(token: string): Promise<SessionUser | undefined> {
    return (await accountOfToken.run(this.store, { token })).rows[0];
  }

  /** Whether the id of a guest's cookie names a registered account now (so the cookie no longer speaks for it). */
  async registered(id: string): Promise<boolean> {
    const row = (await guestFlagOf.run(this.store, { id })).rows[0];
    return row !== undefined && row.guest === 0;
  }

  async create(token: string, userId: string, createdAt: number): Promise<void> {
    await this.store.q.insertInto('sessions').values({ token, user_id: userId, created_at: createdAt }).execute();
  }

  /** Ends one session; whether it existed. */
  async end(token: string): Promise<boolean> {
    const r = await this.store.q.deleteFrom('sessions').where('token', '=', token).executeTakeFirst();
    return r.numDeletedRows === 1n;
  }

  /** Ends every session of an account; how many there were. */
  async endAllOf(userId: string): Promise<number> {
    const r = await this.store.q.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Which of these tokens still have their stored session (asked in batches, however many there are). */
  async alive(tokens: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < tokens.length; i += ALIVE_BATCH) {
      const part = tokens.slice(i, i + ALIVE_BATCH);
      const rows = await this.store.q.selectFrom('sessions').select('token').where('token', 'in', part).execute();
      for (const r of rows) out.add(r.token);
    }
    return out;
  }
}
