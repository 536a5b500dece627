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

/** The request's user, or a new guest (with its cookie, and nothing stored) when there is none. */
export const sessionUserOf =
  (sessions: Sessions) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<UserInfo> => {
    const u = await sessions.userOf(req.cookies[COOKIE]);
    if (u) return u;
    const g = sessions.guest();
    setSessionCookie(req, reply, g.token);
    return g.user;
  };
