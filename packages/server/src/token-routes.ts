/** The personal API token routes: made, listed and revoked by the account's own session (never by a token). */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { ApiRateLimits } from './api-auth.js';
import { type ApiTokens, isScope, SCOPES, type Scope } from './api-tokens.js';

const DESCRIPTION_MAX = 100;
const BODY_KEYS = new Set(['description', 'scopes']);

/** The body of `POST /api/tokens`, or why it is refused: only the keys and scopes on the allow-list. */
export const tokenRequest = (body: unknown): { description: string; scopes: Scope[] } | { reason: string } => {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { reason: 'send {description, scopes}' };
  const b = body as Record<string, unknown>;
  const extra = Object.keys(b).find((k) => !BODY_KEYS.has(k));
  if (extra !== undefined) return { reason: `"${extra}" is not a token's field: send {description, scopes}` };
  const d = b.description;
  if (typeof d !== 'string' || d.trim().length === 0 || d.length > DESCRIPTION_MAX)
    return { reason: `a description of 1 to ${DESCRIPTION_MAX} characters says what the token is for` };
  if (!Array.isArray(b.scopes) || b.scopes.length === 0 || b.scopes.length > SCOPES.length * 2)
    return { reason: `scopes: a list of ${SCOPES.join(', ')}` };
  const unknown = b.scopes.find((s) => !isScope(s));
  if (unknown !== undefined) return { reason: `${JSON.stringify(unknown)} is no scope (${SCOPES.join(', ')})` };
  return { description: d.trim(), scopes: [...new Set(b.scopes as Scope[])] };
};

export const tokenRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  tokens: ApiTokens,
  /** The session's account, if it has one (a guest has no tokens). */
  accountOf: (req: FastifyRequest) => Promise<UserInfo | undefined>,
  limits: ApiRateLimits,
): void => {
  const account = async (req: FastifyRequest, reply: FastifyReply): Promise<UserInfo | undefined> => {
    // a token never makes or lists tokens: only the account's own session does
    if (req.headers.authorization !== undefined) {
      reply.code(403).send({ code: 'session-only', reason: 'tokens are managed from the account’s own session' });
      return undefined;
    }
    const u = await accountOf(req);
    if (u && !u.guest) return u;
    reply.code(401).send({ code: 'no-session', reason: 'log in first' });
    return undefined;
  };

  app.post('/api/tokens', async (req, reply) => {
    const u = await account(req, reply);
    if (!u) return reply;
    const r = tokenRequest(req.body);
    if ('reason' in r) return reply.code(400).send({ code: 'bad-request', reason: r.reason });
    if (!limits.admit(reply, 'token', u.id)) return reply;
    const made = await tokens.create(u.id, r.description, r.scopes);
    if ('refused' in made) return reply.code(400).send({ code: 'too-many-tokens', reason: made.refused });
    return { id: made.id, token: made.token, description: r.description, scopes: r.scopes };
  });

  app.get('/api/tokens', async (req, reply) => {
    const u = await account(req, reply);
    if (!u) return reply;
    return { tokens: await tokens.list(u.id) };
  });

  app.delete<{ Params: { id: string } }>('/api/tokens/:id', async (req, reply) => {
    const u = await account(req, reply);
    if (!u) return reply;
    if (!(await tokens.revoke(u.id, req.params.id)))
      return reply.code(404).send({ code: 'not-found', reason: 'no such token of yours' });
    return { ok: true };
  });
};
