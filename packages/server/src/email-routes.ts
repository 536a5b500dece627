import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { CONFIRM_TTL_MS, confirmMail } from './account-mail.js';
import type { AccountTokens } from './account-tokens.js';
import type { Hub } from './hub.js';
import { emailProblem } from './notices.js';
import type { UserRepo } from './repos/users.js';

/**
 * The account's e-mail address: `GET`/`PUT /api/me/email`, `POST /api/me/email/resend` and
 * `POST /api/me/email/confirm {token}`. A new address is kept unconfirmed and mailed one link; nothing else is ever
 * mailed to it until that link is followed, so an address typed by someone else (a victim's) receives at most the
 * confirmation mails, which have daily caps of their own (mail-budget.ts).
 */
export const emailRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  hub: Hub,
  users: UserRepo,
  links: AccountTokens,
  who: (req: FastifyRequest, reply: FastifyReply) => Promise<UserInfo>,
  perMinute: number,
): void => {
  const notices = hub.notices;
  const limit = { config: { rateLimit: { max: perMinute, timeWindow: 60_000 } } };

  /** Mails a fresh confirmation link to the account's address; whether the mail went out. */
  const sendLink = async (userId: string, name: string, email: string): Promise<boolean> => {
    if (!notices.mailing) return false;
    return notices.send(email, userId, 'confirm', async () => {
      const token = await links.issue(userId, 'confirm', email, hub.now() + CONFIRM_TTL_MS);
      return confirmMail(notices.siteUrl, name, token);
    });
  };

  app.get('/api/me/email', async (req, reply) => {
    const u = await who(req, reply);
    const state = u.guest ? undefined : await users.emailStateOf(u.id);
    return { email: state?.email ?? null, confirmed: state?.confirmed ?? false, mailing: notices.mailing };
  });

  app.put('/api/me/email', limit, async (req, reply) => {
    const u = await who(req, reply);
    if (u.guest)
      return reply.code(403).send({ code: 'not-allowed', reason: 'only an account can receive e-mail notices' });
    const raw = (req.body as { email?: unknown } | null)?.email;
    if (raw !== null && typeof raw !== 'string')
      return reply.code(400).send({ code: 'bad-request', reason: 'send {email: "name@example.org"} or {email: null}' });
    const email = raw === null || raw.trim() === '' ? null : raw.trim();
    const problem = email === null ? undefined : emailProblem(email);
    if (problem) return reply.code(400).send({ code: 'bad-email', reason: problem });
    const state = await users.emailStateOf(u.id);
    if (!state) return reply.code(401).send({ code: 'no-session', reason: 'not logged in' });
    // the same address again: a confirmed one stays confirmed, and no mail is sent (resend asks for one)
    if (email !== null && email === state.email) return { email, confirmed: state.confirmed, sent: false };
    await users.setEmail(u.id, email);
    await links.drop(u.id, 'confirm');
    if (email === null) return { email: null, confirmed: false, sent: false };
    return { email, confirmed: false, sent: await sendLink(u.id, state.name, email) };
  });

  app.post('/api/me/email/resend', limit, async (req, reply) => {
    const u = await who(req, reply);
    const state = u.guest ? undefined : await users.emailStateOf(u.id);
    if (!state?.email || state.confirmed)
      return reply
        .code(400)
        .send({ code: 'nothing-to-confirm', reason: 'there is no address waiting to be confirmed' });
    if (!notices.mailing) return reply.code(400).send({ code: 'no-mail', reason: 'this site sends no e-mail' });
    if (!(await sendLink(u.id, state.name, state.email)))
      return reply.code(429).send({
        code: 'mail-limit',
        reason: 'no more confirmation mails to this address or account today; try again tomorrow',
      });
    return { sent: true };
  });

  // the link may be opened in another browser: the token alone says whose address it confirms
  app.post('/api/me/email/confirm', limit, async (req, reply) => {
    const token = (req.body as { token?: unknown } | null)?.token;
    if (typeof token !== 'string') return reply.code(400).send({ code: 'bad-request', reason: 'send {token}' });
    const bad = () =>
      reply.code(400).send({ code: 'bad-token', reason: 'this link has expired or was used; ask for a new one' });
    const t = await links.redeem(token, 'confirm', hub.now());
    if (!t) return bad();
    if (!(await users.confirmEmail(t.userId, t.email))) return bad();
    return { email: t.email, confirmed: true };
  });
};
