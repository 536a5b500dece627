import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { RESET_TTL_MS, resetMail } from './account-mail.js';
import type { AccountTokens } from './account-tokens.js';
import type { Notices } from './notices.js';
import { passwordProblem } from './passwords.js';
import type { UserRepo } from './repos/users.js';
import type { Sessions } from './session.js';
import { COOKIE } from './session-cookie.js';

/**
 * A forgotten password: `POST /api/password/reset {email}` mails a single-use link (an hour) to the account whose
 * confirmed address that is, and `POST /api/password/reset/confirm {token, password}` sets the new password, with
 * the rules of registering, and ends every session of the account.
 *
 * The request's answer is the same whether or not the address belongs to an account: the same status and body, given
 * before the address is even looked up (the look-up and the mail follow the answer), so neither its words nor its time
 * tell who has an account here.
 */
/** What a password reset uses of the live server (the hub): its mail, its clock and its log. */
export interface PasswordResetsHost {
  readonly notices: Pick<Notices, 'mailing' | 'siteUrl' | 'send'>;
  readonly log: Logger;
  now(): number;
}

export class PasswordResets {
  /** The mails being prepared after their requests were answered (the tests wait for them). */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly hub: PasswordResetsHost,
    private readonly users: UserRepo,
    private readonly links: AccountTokens,
  ) {}

  /** Looks up the address and mails its account the link, after the request was answered. Never throws. */
  request(email: string): void {
    const job = this.mail(email).catch((e: unknown) => this.hub.log.warn({ err: e }, 'password reset not mailed'));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  private async mail(email: string): Promise<void> {
    const hub = this.hub;
    if (!hub.notices.mailing) return;
    // one address may have been confirmed for several accounts: each is sent its own link (the mail names it)
    for (const account of await this.users.accountsByConfirmedEmail(email)) {
      await hub.notices.send(account.email, account.id, 'reset', async () => {
        const token = await this.links.issue(account.id, 'reset', account.email, hub.now() + RESET_TTL_MS);
        return resetMail(hub.notices.siteUrl, account.name, token);
      });
    }
  }

  /**
   * Sets a new password for the account a reset link was mailed to, and spends the link; the account's id, or
   * undefined when the link is unknown, used, expired, or was mailed to an address the account no longer has (or no
   * longer confirms). `passwordHash` makes the hash only once the link proved good: a bad link costs no argon2 work.
   * The caller ends the account's sessions.
   */
  async reset(token: string, passwordHash: () => Promise<string>): Promise<string | undefined> {
    const t = await this.links.redeem(token, 'reset', this.hub.now());
    if (!t) return undefined;
    const state = await this.users.emailStateOf(t.userId);
    if (!state?.confirmed || state.email?.toLowerCase() !== t.email.toLowerCase()) return undefined;
    if (!(await this.users.setPasswordHash(t.userId, await passwordHash()))) return undefined;
    await this.links.drop(t.userId, 'reset');
    return t.userId;
  }

  /** Resolves once every reset asked for so far was mailed or given up. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

export const passwordResetRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  resets: PasswordResets,
  sessions: Sessions,
  perMinute: number,
): void => {
  const limit = { config: { rateLimit: { max: perMinute, timeWindow: 60_000, continueExceeding: true } } };

  app.post('/api/password/reset', limit, async (req, reply) => {
    const email = (req.body as { email?: unknown } | null)?.email;
    if (typeof email !== 'string' || email.length > 254)
      return reply.code(400).send({ code: 'bad-request', reason: 'send {email}' });
    resets.request(email.trim());
    return {
      ok: true,
      reason: 'if this is the confirmed address of an account, a link to reset its password is on its way',
    };
  });

  app.post('/api/password/reset/confirm', limit, async (req, reply) => {
    const b = req.body as { token?: unknown; password?: unknown } | null;
    if (typeof b?.token !== 'string' || typeof b.password !== 'string')
      return reply.code(400).send({ code: 'bad-request', reason: 'send {token, password}' });
    // the rules of registering, checked first: a weak password does not spend the link
    const weak = passwordProblem(b.password);
    if (weak) return reply.code(400).send(weak);
    const bad = () =>
      reply.code(400).send({ code: 'bad-token', reason: 'this link has expired or was used; ask for a new one' });
    const password = b.password;
    const userId = await resets.reset(b.token, () => hash(password, { algorithm: 2 as never }));
    if (userId === undefined) return bad();
    await sessions.endAllFor(userId, 'password reset');
    // this browser's session was one of them
    reply.clearCookie(COOKIE, { path: '/' });
    return { ok: true };
  });
};
