import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { UserInfo } from '@qiyuan/protocol';
import { newId } from './hub.js';
import type { SessionRepo } from './repos/sessions.js';
import { type ServerClock, systemClock } from './server-clock.js';

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

/** What `userInfo` reads of an account: a whole `UserRow`, or the few columns a hot look-up selects. */
export interface UserFacts {
  readonly id: string;
  readonly name: string;
  readonly guest: number | boolean;
  readonly bot?: unknown;
}

export const userInfo = (row: UserFacts): UserInfo => ({
  id: row.id,
  name: row.name,
  guest: Boolean(Number(row.guest)),
  ...(Number(row.bot ?? 0) ? { bot: true as const } : {}),
});

/** Sessions that ended: one token (logout), or every session of an account (a new password, a ban, closing it). */
export type SessionEnd =
  | { readonly token: string; readonly reason: string }
  | { readonly userId: string; readonly reason: string };

/** What carries an end to the other processes of a cluster (cluster.ts); none on a single process. */
export interface SessionBus {
  listen(kind: string, fn: (msg: { readonly kind: string; readonly [k: string]: unknown }) => void): void;
  broadcast(msg: { readonly kind: string; readonly [k: string]: unknown }): Promise<void>;
}

const ENDED = 'sessions-ended';

export class Sessions {
  /** Counts the ends seen here: a socket whose look-up overlapped one asks again (server.ts). */
  private ends = 0;
  private bus: SessionBus | undefined;
  /** Closes this process's sockets of an ended session (server.ts). */
  private onEnded: (end: SessionEnd) => void = () => {};

  private constructor(
    private readonly repo: SessionRepo,
    private readonly signer: ReturnType<typeof fastifyCookie.signerFactory>,
    private readonly clock: ServerClock,
  ) {}

  /** Reads the site's secret, creating it on the first start (every process then reads the same one). */
  static async open(repo: SessionRepo, clock: ServerClock = systemClock): Promise<Sessions> {
    const secret = await repo.settingOrInit(SECRET_KEY, randomBytes(32).toString('base64url'));
    return new Sessions(repo, fastifyCookie.signerFactory(secret), clock);
  }

  /**
   * Hears of ends from every process (through `bus`, in a cluster) and hands each to `onEnded`, which closes the
   * sockets of this process that spoke for the session.
   */
  connect(bus: SessionBus | undefined, onEnded: (end: SessionEnd) => void): void {
    this.bus = bus;
    this.onEnded = onEnded;
    bus?.listen(ENDED, (m) => {
      const reason = typeof m.reason === 'string' ? m.reason : 'the session ended';
      if (typeof m.token === 'string') this.ended({ token: m.token, reason });
      else if (typeof m.userId === 'string') this.ended({ userId: m.userId, reason });
    });
  }

  /** A new guest and the cookie value that names it; nothing is stored. */
  guest(): { user: UserInfo; token: string } {
    const id = newId();
    return { user: { id, name: guestName(id), guest: true }, token: this.signer.sign(`${GUEST}${id}`) };
  }

  /** How many ends this process has seen; `endedSince(mark)` tells whether one came after `mark`. */
  mark(): number {
    return this.ends;
  }

  endedSince(mark: number): boolean {
    return this.ends !== mark;
  }

  /**
   * The user a cookie value speaks for, if it is a valid session or guest. An account's token is looked up in the
   * store every time (one primary-key read): the stored row is the truth, so a session ended through any process
   * stops working on all of them with the very next request, with nothing to forget or to tell.
   */
  async userOf(token: string | undefined): Promise<UserInfo | undefined> {
    if (!token || token.length > 200) return undefined;
    if (token.startsWith(GUEST)) return this.guestOf(token);
    // a banned or closed account's session speaks for nobody (the repository's query says so)
    const row = await this.repo.accountOf(token);
    return row ? userInfo(row) : undefined;
  }

  private async guestOf(token: string): Promise<UserInfo | undefined> {
    const signed = this.signer.unsign(token);
    if (!signed.valid || !signed.value) return undefined;
    const id = signed.value.slice(GUEST.length);
    // A guest that registered is an account now: its old guest cookie no longer speaks for it.
    if (await this.repo.registered(id)) return undefined;
    return { id, name: guestName(id), guest: true };
  }

  /** A stored session for an account; its token is the cookie value. */
  async create(userId: string): Promise<string> {
    const token = newId(24);
    await this.repo.create(token, userId, this.clock.now());
    return token;
  }

  /**
   * Logout: the token stops working on every process at once, and the sockets opened with it are closed (a guest's
   * cookie is simply dropped by the browser).
   */
  async end(token: string, reason = 'logged out'): Promise<void> {
    if (token.startsWith(GUEST)) return;
    await this.repo.end(token);
    await this.spread({ token, reason });
  }

  /**
   * Ends every session of an account on every process (a new password, a ban, the account closed): each token
   * stops working and every socket of the account is closed with `reason`.
   */
  async endAllFor(userId: string, reason: string): Promise<void> {
    await this.repo.endAllOf(userId);
    await this.spread({ userId, reason });
  }

  /** Here at once, then on the other processes (each also hears its own news back, which changes nothing). */
  private async spread(end: SessionEnd): Promise<void> {
    this.ended(end);
    await this.bus?.broadcast({ kind: ENDED, ...end }).catch(() => undefined);
  }

  private ended(end: SessionEnd): void {
    this.ends++;
    this.onEnded(end);
  }

  /** Which of these account tokens still have their stored session. */
  alive(tokens: readonly string[]): Promise<Set<string>> {
    return this.repo.alive(tokens);
  }
}
