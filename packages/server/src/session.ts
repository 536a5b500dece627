import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { UserInfo } from '@qiyuan/protocol';
import { newId } from './hub.js';
import type { Store } from './store.js';

/**
 * Who a cookie speaks for. An account's session is a random token stored in
 * `sessions`, so logging out ends it. A guest costs the database nothing: its
 * cookie is its id signed with the site's secret (kept in `settings`, the same
 * for every process), and a row in `users` is written only when the guest needs
 * one — when a game it sits in starts, or when it registers and becomes an
 * account. A flood of visits or sockets without a cookie writes nothing.
 */

const GUEST = 'g.';
const SECRET_KEY = 'session-secret';

/** `Guest-` and the id's first six letters or digits: base64url's `-` and `_` would end or split a name oddly. */
export const guestName = (id: string): string => `Guest-${id.replace(/[^A-Za-z0-9]/g, '').slice(0, 6)}`;

/** A row of `users`, as the server reads it. */
export interface UserRow {
  id: string;
  name: string;
  guest: number | boolean;
  password_hash: string | null;
  [k: string]: unknown;
}

export const userInfo = (row: UserRow): UserInfo => ({
  id: row.id,
  name: row.name,
  guest: Boolean(Number(row.guest)),
});

export class Sessions {
  /** Account tokens already looked up (a token is valid until logout, which forgets it here). */
  private readonly accounts = new Map<string, UserInfo>();

  private constructor(
    private readonly store: Store,
    private readonly signer: ReturnType<typeof fastifyCookie.signerFactory>,
  ) {}

  /** Reads the site's secret, creating it on the first start (every process then reads the same one). */
  static async open(store: Store): Promise<Sessions> {
    await store.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [
      SECRET_KEY,
      randomBytes(32).toString('base64url'),
    ]);
    const row = await store.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [SECRET_KEY]);
    if (!row) throw new Error('the session secret could not be stored');
    return new Sessions(store, fastifyCookie.signerFactory(row.value));
  }

  /** A new guest and the cookie value that names it; nothing is stored. */
  guest(): { user: UserInfo; token: string } {
    const id = newId();
    return { user: { id, name: guestName(id), guest: true }, token: this.signer.sign(`${GUEST}${id}`) };
  }

  /** The user a cookie value speaks for, if it is a valid session or guest. */
  async userOf(token: string | undefined): Promise<UserInfo | undefined> {
    if (!token || token.length > 200) return undefined;
    if (token.startsWith(GUEST)) return this.guestOf(token);
    const cached = this.accounts.get(token);
    if (cached) return cached;
    const row = await this.store.get<UserRow>(
      'SELECT users.* FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.token = ?',
      [token],
    );
    if (!row) return undefined;
    const u = userInfo(row);
    this.accounts.set(token, u);
    return u;
  }

  private async guestOf(token: string): Promise<UserInfo | undefined> {
    const signed = this.signer.unsign(token);
    if (!signed.valid || !signed.value) return undefined;
    const id = signed.value.slice(GUEST.length);
    // A guest that registered is an account now: its old guest cookie no longer speaks for it.
    const row = await this.store.get<{ guest: number | boolean }>('SELECT guest FROM users WHERE id = ?', [id]);
    if (row && !Number(row.guest)) return undefined;
    return { id, name: guestName(id), guest: true };
  }

  /** A stored session for an account; its token is the cookie value. */
  async create(userId: string): Promise<string> {
    const token = newId(24);
    await this.store.run('INSERT INTO sessions (token, user_id, created_at) VALUES (?, ?, ?)', [
      token,
      userId,
      Date.now(),
    ]);
    return token;
  }

  /** Logout: the token stops working (a guest's cookie is simply dropped by the browser). */
  async end(token: string): Promise<void> {
    this.accounts.delete(token);
    if (!token.startsWith(GUEST)) await this.store.run('DELETE FROM sessions WHERE token = ?', [token]);
  }

  /**
   * Ends every session of an account (its password was reset): its tokens are deleted from the store and forgotten
   * by this process. Sockets already open are not closed here.
   */
  async endAllFor(userId: string, _reason: string): Promise<void> {
    await this.store.run('DELETE FROM sessions WHERE user_id = ?', [userId]);
    this.forgetUser(userId);
  }

  /** The user changed (a guest registered): what was looked up for it is looked up again. */
  forgetUser(userId: string): void {
    for (const [t, u] of this.accounts) if (u.id === userId) this.accounts.delete(t);
  }
}
