/** The account routes: the session's user, registering (a guest becomes the account), logging in and out. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { hash } from '@node-rs/argon2';
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { newId } from './hub.js';
import { prepareStandIn, verifyPassword } from './login-timing.js';
import { loginBarred } from './moderation.js';
import { passwordProblem } from './passwords.js';
import type { UserRepo } from './repos/users.js';
import type { ServerClock } from './server-clock.js';
import { type Sessions, userInfo } from './session.js';
import { COOKIE, setSessionCookie } from './session-cookie.js';
import { isUniqueViolation } from './store.js';

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$/;
/**
 * Names a guest could have: guests are named `Guest-` and six letters or digits (session.ts), shown as 游客-/訪客- on
 * Chinese pages. An account named so would pass for a guest (or a guest for it), so `guest` followed by a separator or
 * a digit, or alone, in any case, is kept for guests. (A username has only ASCII letters, so the Chinese words cannot
 * be registered at all.)
 */
const GUEST_LIKE = /^guest(?:[-_0-9]|$)/i;

const credentials = (body: unknown): { username: string; password: string } | undefined => {
  const b = body as { username?: unknown; password?: unknown } | null;
  if (!b || typeof b.username !== 'string' || typeof b.password !== 'string') return undefined;
  return { username: b.username, password: b.password };
};

export const accountRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  users: UserRepo,
  sessions: Sessions,
  who: (req: FastifyRequest, reply: FastifyReply) => Promise<UserInfo>,
  unavailable: (reply: FastifyReply, e: unknown) => FastifyReply,
  authPerMinute: number | undefined = 20,
  clock: ServerClock,
): void => {
  app.get('/api/session', async (req, reply) => ({ user: await who(req, reply) }));
  app.get('/api/me', async (req, reply) => {
    const u = await sessions.userOf(req.cookies[COOKIE]);
    return u ? { user: u } : reply.code(401).send({ code: 'no-session', reason: 'not logged in' });
  });

  // Each refused try renews the minute (continueExceeding), so a guesser who keeps guessing stays shut out, and the
  // message "wait a minute" stays true whenever the window happened to start.
  const authLimit = {
    config: { rateLimit: { max: authPerMinute, timeWindow: 60_000, continueExceeding: true } },
  };

  app.post('/api/register', authLimit, async (req, reply) => {
    const c = credentials(req.body);
    if (!c) return reply.code(400).send({ code: 'bad-request', reason: 'send {username, password}' });
    if (!USERNAME.test(c.username)) {
      return reply.code(400).send({ code: 'bad-username', reason: 'a username has 3 to 20 letters, digits, _ or -' });
    }
    if (GUEST_LIKE.test(c.username)) {
      return reply.code(400).send({ code: 'guest-name', reason: 'names beginning with "Guest" are kept for guests' });
    }
    const weak = passwordProblem(c.password);
    if (weak) return reply.code(400).send(weak);
    const key = c.username.toLowerCase();
    const taken = () => reply.code(409).send({ code: 'name-taken', reason: 'this username is taken' });
    try {
      if (await users.nameTaken(key)) return taken();
      const passwordHash = await hash(c.password, { algorithm: 2 as never });
      const current = await sessions.userOf(req.cookies[COOKIE]);
      // a guest keeps its id, so its games stay its own, and becomes the account
      const id = current?.guest ? current.id : newId();
      const account = { name: c.username, nameKey: key, passwordHash };
      // a guest that never sat in a game has no row yet: it is written now
      const upgraded = current?.guest ? await users.upgradeGuest(id, account) : false;
      if (!upgraded) await users.createAccount({ id, ...account, createdAt: clock.now() });
      setSessionCookie(req, reply, await sessions.create(id));
      return { user: { id, name: c.username, guest: false } satisfies UserInfo };
    } catch (e) {
      // the name was taken between the check and the write; anything else is the database failing
      if (isUniqueViolation(e)) return taken();
      return unavailable(reply, e);
    }
  });

  prepareStandIn();
  app.post('/api/login', authLimit, async (req, reply) => {
    const c = credentials(req.body);
    if (!c) return reply.code(400).send({ code: 'bad-request', reason: 'send {username, password}' });
    const row = await users.byNameKey(c.username.toLowerCase().slice(0, 40));
    // an unknown name is checked against a stand-in hash, so that the answer takes as long as for a wrong password
    // and its time does not tell whether the account exists (login-timing.ts)
    const good = await verifyPassword(row?.password_hash ?? undefined, c.password);
    const barred = row && loginBarred(row, good);
    if (barred) return reply.code(403).send(barred);
    if (!row || !good) return reply.code(401).send({ code: 'bad-credentials', reason: 'wrong username or password' });
    setSessionCookie(req, reply, await sessions.create(row.id));
    return { user: userInfo(row) };
  });

  app.post('/api/logout', async (req, reply) => {
    const t = req.cookies[COOKIE];
    if (t) await sessions.end(t);
    reply.clearCookie(COOKIE, { path: '/' });
    return { ok: true };
  });
};
