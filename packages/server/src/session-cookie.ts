/** The session cookie that HTTP requests and WebSockets carry: its name, setting it, the user a request speaks for. */
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sessions } from './session.js';

export const COOKIE = 'qy_session';

/** Sets the session cookie; Secure when the page was reached over HTTPS (directly, or through a trusted proxy). */
export const setSessionCookie = (req: FastifyRequest, reply: FastifyReply, token: string): void => {
  reply.setCookie(COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 365 * 86400,
    secure: req.protocol === 'https' || process.env.QIYUAN_SECURE_COOKIES === '1',
  });
};

/**
 * The request's user, or a new guest (with its cookie, and nothing stored) when there is none: what `/api/session`
 * answers, the one route that makes a browser's guest. The page asks it before it opens its socket.
 */
export const sessionUserOf =
  (sessions: Sessions) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<UserInfo> => {
    const u = await sessions.userOf(req.cookies[COOKIE]);
    if (u) return u;
    const g = sessions.guest();
    setSessionCookie(req, reply, g.token);
    return g.user;
  };

/**
 * The request's user; a request without a valid cookie speaks for a guest of its own that gets no cookie. Only
 * `/api/session` gives a browser its guest: when every route gave one, a first visit's requests that ran side by side
 * (the page's session and, say, its header's turn count) each made a guest, and the cookie the browser kept could
 * name another guest than the one its socket plays as, so the player lost their seats at the next reconnection.
 */
export const requestUserOf =
  (sessions: Sessions) =>
  async (req: FastifyRequest): Promise<UserInfo> =>
    (await sessions.userOf(req.cookies[COOKIE])) ?? sessions.guest().user;
