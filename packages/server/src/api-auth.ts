/**
 * Who a Bot/Board API request speaks for: a personal token (`Authorization: Bearer …`) with the scope the route
 * needs, or — on the routes a page uses too (challenges, the event stream) — the session cookie. Also the API's rate
 * limits: far above what a bot playing even bullet needs, well below what a flood sends.
 */
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiTokens, Scope } from './api-tokens.js';
import { type BucketRule, RateBuckets } from './rate-buckets.js';
import type { Sessions } from './session.js';
import { COOKIE } from './session-cookie.js';

export interface ApiCaller {
  readonly user: UserInfo;
  /** How it was recognised: a page's session, or a token. */
  readonly via: 'session' | 'token';
}

export interface ApiRefusal {
  readonly status: number;
  readonly code: string;
  readonly reason: string;
}

/** `scope`: the scope the route needs, or a list of which any one will do. */
export type Authenticate = (
  req: FastifyRequest,
  scope: Scope | readonly Scope[],
  cookie: boolean,
) => Promise<{ ok: true; caller: ApiCaller } | { ok: false; refusal: ApiRefusal }>;

const bearerOf = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1] ?? '';
};

export const authenticator =
  (tokens: ApiTokens, sessions: Sessions): Authenticate =>
  async (req, scope, cookie) => {
    const wanted: readonly Scope[] = typeof scope === 'string' ? [scope] : scope;
    const named = wanted.join(' or ');
    const bearer = bearerOf(req);
    if (bearer !== undefined) {
      const holder = await tokens.holderOf(bearer);
      if (!holder)
        return {
          ok: false,
          refusal: { status: 401, code: 'bad-token', reason: 'the token is unknown, revoked, or its account closed' },
        };
      if (!wanted.some((w) => holder.scopes.has(w)))
        return {
          ok: false,
          refusal: { status: 403, code: 'missing-scope', reason: `this route needs a token with the scope ${named}` },
        };
      return { ok: true, caller: { user: holder.user, via: 'token' } };
    }
    if (cookie) {
      const user = await sessions.userOf(req.cookies[COOKIE]);
      if (user && !user.guest) return { ok: true, caller: { user, via: 'session' } };
    }
    const how = cookie ? 'log in, or send Authorization: Bearer TOKEN' : 'send Authorization: Bearer TOKEN';
    return { ok: false, refusal: { status: 401, code: 'unauthorized', reason: `${how} (scope ${named})` } };
  };

/** What the API's requests may cost, per account. */
export interface ApiLimits {
  /** Moves, resignations, offers and chat lines. */
  readonly play: BucketRule;
  /** Challenges made. */
  readonly challenge: BucketRule;
  /** Streams opened. */
  readonly stream: BucketRule;
  /** Tokens made. */
  readonly token: BucketRule;
}

/**
 * A bullet bot moves at most a few times a second over a whole game (a Hive game of 1+0 is about 60 moves); the
 * lichess-like bridges open a stream per game and one event stream. The bursts leave room for many games at once.
 */
export const DEFAULT_API_LIMITS: ApiLimits = {
  play: { burst: 60, perMinute: 600 },
  challenge: { burst: 20, perMinute: 40 },
  stream: { burst: 30, perMinute: 120 },
  token: { burst: 10, perMinute: 10 },
};

export class ApiRateLimits {
  private readonly buckets: Record<keyof ApiLimits, RateBuckets>;

  constructor(limits: ApiLimits, now: () => number) {
    this.buckets = {
      play: new RateBuckets(limits.play, now),
      challenge: new RateBuckets(limits.challenge, now),
      stream: new RateBuckets(limits.stream, now),
      token: new RateBuckets(limits.token, now),
    };
  }

  /** Takes one of `kind` for the user; false (and a 429 with its reason sent) when it is over the limit. */
  admit(reply: FastifyReply, kind: keyof ApiLimits, userId: string): boolean {
    const b = this.buckets[kind];
    const wait = b.waitMs(userId);
    if (wait > 0) {
      reply
        .code(429)
        .header('retry-after', String(Math.ceil(wait / 1000)))
        .send({
          code: 'rate-limited',
          reason: `too many ${kind} requests: at most ${b.rule.perMinute} a minute; try again in ${Math.ceil(wait / 1000)} s`,
        });
      return false;
    }
    b.take(userId);
    return true;
  }
}
