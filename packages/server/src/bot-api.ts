/**
 * The Bot and Board API's routes, in the shape lichess made familiar (docs/PROTOCOL.md lists them): tokens, the bot
 * upgrade, challenges, the event stream, a game's stream, and a player's actions in a game. Bot routes need the
 * scope `bot:play` and a bot account; board routes `board:play` and an account that is no bot.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { type ApiCaller, type ApiLimits, ApiRateLimits, authenticator, DEFAULT_API_LIMITS } from './api-auth.js';
import { type ActOutcome, type ApiAction, actFor } from './api-play.js';
import { ApiTokens, type Scope } from './api-tokens.js';
import { upgradeToBot } from './bot-accounts.js';
import { type ChallengeResult, Challenges } from './challenges.js';
import { streamEvents } from './event-stream.js';
import { streamGame } from './game-stream.js';
import type { Hub } from './hub.js';
import { type Ndjson, openNdjson } from './ndjson.js';
import type { ChallengeBook } from './repos/challenges.js';
import type { GameHistory } from './repos/game-history.js';
import type { Sessions } from './session.js';
import { COOKIE } from './session-cookie.js';
import { tokenRoutes } from './token-routes.js';

export interface BotApiOptions {
  readonly limits?: ApiLimits;
  /** How long a challenge waits for its answer (default 10 minutes). */
  readonly challengeTtlMs?: number;
  /** A newline alone on every stream this often (default 6 s). */
  readonly keepAliveMs?: number;
}

type App = FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>;
type Kind = 'bot' | 'board';

const CHAT_MAX = 500;

/** The repositories the API reads and writes through. */
export interface BotApiRepos {
  readonly history: GameHistory;
  readonly challenges: ChallengeBook;
}

export const botApiRoutes = (
  app: App,
  hub: Hub,
  repos: BotApiRepos,
  sessions: Sessions,
  opts: BotApiOptions = {},
): void => {
  const { history } = repos;
  const tokens = new ApiTokens(hub.store, hub.now);
  const auth = authenticator(tokens, sessions);
  const limits = new ApiRateLimits(opts.limits ?? DEFAULT_API_LIMITS, hub.now);
  const challenges = new Challenges({
    store: hub.store,
    book: repos.challenges,
    lobby: hub.lobby,
    tell: (userId, msg) => hub.toUser(userId, msg),
    now: hub.now,
    ...(opts.challengeTtlMs === undefined ? {} : { ttlMs: opts.challengeTtlMs }),
  });
  const keepAliveMs = opts.keepAliveMs ?? 6000;
  // every stream open now: a server shutting down ends them (the clients reconnect), or it would wait on them
  const open = new Set<Ndjson>();
  const stream = (reply: FastifyReply, check: () => Promise<boolean>): Ndjson => {
    const out = openNdjson(reply, { keepAliveMs, checkMs: 30_000, check });
    open.add(out);
    out.onClose(() => open.delete(out));
    return out;
  };
  app.addHook('preClose', async () => {
    for (const out of [...open]) out.end();
  });

  tokenRoutes(app, tokens, (req) => sessions.userOf(req.cookies[COOKIE]).catch(() => undefined), limits);

  /** The caller, or undefined with the refusal sent. */
  const caller = async (
    req: FastifyRequest,
    reply: FastifyReply,
    scope: Scope | readonly Scope[],
    cookie: boolean,
  ): Promise<ApiCaller | undefined> => {
    const r = await auth(req, scope, cookie);
    if (r.ok) return r.caller;
    reply.code(r.refusal.status).send({ code: r.refusal.code, reason: r.refusal.reason });
    return undefined;
  };

  /** A player of the right kind for a bot or board route (the token's account, read from the store just now). */
  const player = async (req: FastifyRequest, reply: FastifyReply, kind: Kind): Promise<UserInfo | undefined> => {
    const c = await caller(req, reply, kind === 'bot' ? 'bot:play' : 'board:play', false);
    if (!c) return undefined;
    if (kind === 'bot' && !c.user.bot) {
      reply
        .code(403)
        .send({ code: 'not-a-bot', reason: 'the Bot API is for bot accounts: upgrade this account first' });
      return undefined;
    }
    if (kind === 'board' && c.user.bot) {
      reply.code(403).send({ code: 'bot-account', reason: 'a bot account plays through the Bot API (/api/bot/…)' });
      return undefined;
    }
    return c.user;
  };

  const answer = (reply: FastifyReply, r: ActOutcome | ChallengeResult) => {
    if (r.ok) return 'challenge' in r ? { challenge: r.challenge } : { ok: true };
    return reply
      .code(r.status)
      .send({ code: r.code, reason: r.reason, ...(r.refusal === undefined ? {} : { refusal: r.refusal }) });
  };

  // ---------------------------------------------------------------- the bot account

  app.post('/api/bot/account/upgrade', async (req, reply) => {
    const c = await caller(req, reply, 'bot:play', false);
    if (!c) return reply;
    const r = await upgradeToBot(hub.store, c.user.id);
    if (!r.ok) return reply.code(400).send({ code: r.code, reason: r.reason });
    return { ok: true };
  });

  // ---------------------------------------------------------------- challenges (pages too, by their session)

  app.get('/api/challenge', async (req, reply) => {
    const c = await caller(req, reply, ['challenge:write', 'bot:play', 'board:play'], true);
    if (!c) return reply;
    return challenges.openOf(c.user.id);
  });

  app.post<{ Params: { name: string } }>('/api/challenge/:name', async (req, reply) => {
    const c = await caller(req, reply, 'challenge:write', true);
    if (!c) return reply;
    if (!limits.admit(reply, 'challenge', c.user.id)) return reply;
    return answer(reply, await challenges.create(c.user, req.params.name, req.body));
  });

  app.post<{ Params: { id: string } }>('/api/challenge/:id/accept', async (req, reply) => {
    const c = await caller(req, reply, 'challenge:write', true);
    if (!c) return reply;
    return answer(reply, await challenges.accept(req.params.id, c.user));
  });

  app.post<{ Params: { id: string } }>('/api/challenge/:id/decline', async (req, reply) => {
    const c = await caller(req, reply, 'challenge:write', true);
    if (!c) return reply;
    const body = (req.body ?? {}) as { reason?: unknown };
    return answer(reply, await challenges.decline(req.params.id, c.user, body.reason));
  });

  app.post<{ Params: { id: string } }>('/api/challenge/:id/cancel', async (req, reply) => {
    const c = await caller(req, reply, 'challenge:write', true);
    if (!c) return reply;
    return answer(reply, await challenges.cancel(req.params.id, c.user));
  });

  // ---------------------------------------------------------------- streams

  /** Whether the request's token or session still speaks for the account (a stream ends when it stops). */
  const stillValid = (req: FastifyRequest, scope: Scope | readonly Scope[], cookie: boolean) => async () =>
    (await auth(req, scope, cookie)).ok;

  const eventScopes: readonly Scope[] = ['bot:play', 'board:play', 'challenge:write'];
  app.get('/api/stream/event', async (req, reply) => {
    const c = await caller(req, reply, eventScopes, true);
    if (!c) return reply;
    if (!limits.admit(reply, 'stream', c.user.id)) return reply;
    const out = stream(reply, stillValid(req, eventScopes, true));
    await streamEvents(hub, history, challenges, c.user, out, c.via === 'session' ? req.cookies[COOKIE] : undefined);
    return reply;
  });

  for (const kind of ['bot', 'board'] as const) {
    const scope: Scope = kind === 'bot' ? 'bot:play' : 'board:play';
    app.get<{ Params: { id: string } }>(`/api/${kind}/game/stream/:id`, async (req, reply) => {
      const user = await player(req, reply, kind);
      if (!user) return reply;
      const id = req.params.id;
      const seats = id.length > 64 ? undefined : await history.seatsOf(id);
      if (!seats) return reply.code(404).send({ code: 'not-found', reason: 'no such game' });
      if (!seats.some((s) => s.kind === 'user' && s.user.id === user.id))
        return reply.code(403).send({ code: 'not-your-seat', reason: 'you hold no seat in this game' });
      if (!limits.admit(reply, 'stream', user.id)) return reply;
      const out = stream(reply, stillValid(req, scope, false));
      streamGame(hub, user, id, out);
      return reply;
    });

    /** One action of a route: the caller checked and counted, then played. */
    const act = (
      path: string,
      action: (req: FastifyRequest<{ Params: Record<string, string> }>) => ApiAction | string,
    ) =>
      app.post<{ Params: Record<string, string> }>(`/api/${kind}/game/:id/${path}`, async (req, reply) => {
        const user = await player(req, reply, kind);
        if (!user) return reply;
        const a = action(req);
        if (typeof a === 'string') return reply.code(400).send({ code: 'bad-request', reason: a });
        if (!limits.admit(reply, 'play', user.id)) return reply;
        return answer(reply, await actFor(hub, history, user, req.params.id!, a));
      });

    act('move/:move', (req) => ({ kind: 'move', move: req.params.move! }));
    act('resign', () => ({ kind: 'resign' }));
    for (const offer of ['draw', 'takeback'] as const) {
      act(`${offer}/:answer`, (req) => {
        const yes = req.params.answer;
        if (yes !== 'yes' && yes !== 'no') return `${offer}/yes offers or accepts; ${offer}/no declines`;
        // an offer made while the other's offer stands agrees to it (room-offers.ts), as lichess's yes does
        return yes === 'yes' ? { kind: 'offer', offer } : { kind: 'answer', offer, accept: false };
      });
    }
    act('chat', (req) => {
      const body = req.body as { text?: unknown; room?: unknown } | null;
      const text = body?.text;
      if (typeof text !== 'string' || text.length === 0 || text.length > CHAT_MAX)
        return `send {text, room}: a text of 1 to ${CHAT_MAX} characters`;
      const room = body?.room ?? 'player';
      if (room !== 'player' && room !== 'team') return 'room: "player" (everyone) or "team" (your partners)';
      return { kind: 'chat', text, channel: room === 'team' ? 'team' : 'all' };
    });
  }
};
