/** The Bot and Board API from a test: accounts with tokens, calls with a token or a cookie, streams. */
import { call, register, uniqueName } from './accounts.js';
import { NdjsonReader } from './ndjson-reader.js';

// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own route's answer
type Answer = any;

export interface ApiUser {
  readonly name: string;
  readonly id: string;
  readonly cookie: string;
  /** A token with every scope (a test makes narrower ones itself). */
  token: string;
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** A call with a bearer token. */
export const api = async (
  url: string,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ status: number; body: Answer }> => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

/** A token of the session's account with these scopes. */
export const makeToken = async (
  url: string,
  cookie: string,
  scopes: string[],
  description = 'test',
): Promise<string> => {
  const r = await call(url, 'POST', '/api/tokens', cookie, { description, scopes });
  if (r.status !== 200) throw new Error(`token: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token as string;
};

/** A new account, with a token of `scopes`. */
export const apiUser = async (
  url: string,
  scopes = ['board:play', 'challenge:write'],
  prefix?: string,
): Promise<ApiUser> => {
  const r = await register(url, uniqueName(prefix ?? 'p'));
  return { name: r.name, id: r.user.id, cookie: r.cookie, token: await makeToken(url, r.cookie, scopes) };
};

/** A new bot account (upgraded by its bot:play token). */
export const botUser = async (url: string): Promise<ApiUser> => {
  const u = await apiUser(url, ['bot:play', 'challenge:write']);
  const r = await api(url, 'POST', '/api/bot/account/upgrade', u.token);
  if (r.status !== 200) throw new Error(`upgrade: ${r.status} ${JSON.stringify(r.body)}`);
  return u;
};

export const eventStream = (url: string, token: string): Promise<NdjsonReader> =>
  NdjsonReader.open(url, '/api/stream/event', bearer(token));

export const gameStream = (url: string, kind: 'bot' | 'board', gameId: string, token: string): Promise<NdjsonReader> =>
  NdjsonReader.open(url, `/api/${kind}/game/stream/${gameId}`, bearer(token));

/** `from` challenges `to` and `to` accepts: the game's id. */
export const challengeAccepted = async (url: string, from: ApiUser, to: ApiUser, body: unknown): Promise<string> => {
  const made = await api(url, 'POST', `/api/challenge/${to.name}`, from.token, body);
  if (made.status !== 200) throw new Error(`challenge: ${made.status} ${JSON.stringify(made.body)}`);
  const ok = await api(url, 'POST', `/api/challenge/${made.body.challenge.id}/accept`, to.token);
  if (ok.status !== 200) throw new Error(`accept: ${ok.status} ${JSON.stringify(ok.body)}`);
  return ok.body.challenge.gameId as string;
};
