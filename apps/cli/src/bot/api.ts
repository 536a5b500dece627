import { fail, ok, type Result } from '@qiyuan/core';
import type { OpenFailure } from './ndjson.js';

/**
 * The server's Bot (or Board) API as the bot uses it: bearer-token requests
 * with Node's fetch. Every answer comes back as a value: a refusal carries the
 * server's status and reason, a network failure its message; nothing throws.
 */

export type ApiKind = 'bot' | 'board';

export interface ApiOptions {
  /** The server's address, `https://example.org` (a trailing slash is fine). */
  readonly server: string;
  readonly token: string;
  /** Which family of game routes: `/api/bot/…` (a bot account) or `/api/board/…`. */
  readonly kind?: ApiKind;
  /** Injected in tests; Node's own by default. */
  readonly fetch?: typeof fetch;
}

export class BotApi {
  readonly kind: ApiKind;
  /** The server's address, as the log shows it. */
  readonly server: string;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: ApiOptions) {
    this.server = options.server.replace(/\/+$/, '');
    this.kind = options.kind ?? 'bot';
    this.fetcher = options.fetch ?? fetch;
  }

  private headers(json = false): Record<string, string> {
    return {
      authorization: `Bearer ${this.options.token}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
  }

  /** A request whose answer is JSON (or empty): the parsed body, or the refusal's reason. */
  async call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Result<unknown>> {
    try {
      const res = await this.fetcher(`${this.server}${path}`, {
        method,
        headers: this.headers(body !== undefined),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : {};
      } catch {
        // a plain-text answer is kept as it is
      }
      if (!res.ok) return fail(`http-${res.status}`, reasonOf(parsed, res));
      return ok(parsed);
    } catch (e) {
      return fail('network', e instanceof Error ? e.message : String(e));
    }
  }

  /** Opens an NDJSON stream: its body, or why not (`fatal` when retrying cannot help: 401, 403, 404). */
  async open(path: string, signal: AbortSignal): Promise<{ body: ReadableStream<Uint8Array> } | OpenFailure> {
    const res = await this.fetcher(`${this.server}${path}`, { headers: this.headers(), signal });
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => '');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      const retry = Number(res.headers.get('retry-after'));
      return {
        reason: reasonOf(parsed, res),
        fatal: [400, 401, 403, 404].includes(res.status),
        ...(res.status === 429 && retry > 0 ? { retryMs: retry * 1000 } : {}),
      };
    }
    return { body: res.body };
  }

  openEvents(signal: AbortSignal) {
    return this.open('/api/stream/event', signal);
  }
  openGame(id: string, signal: AbortSignal) {
    return this.open(`/api/${this.kind}/game/stream/${encodeURIComponent(id)}`, signal);
  }
  accept(challengeId: string) {
    return this.call('POST', `/api/challenge/${encodeURIComponent(challengeId)}/accept`);
  }
  decline(challengeId: string, reason: string) {
    return this.call('POST', `/api/challenge/${encodeURIComponent(challengeId)}/decline`, { reason });
  }
  move(gameId: string, move: string) {
    return this.call('POST', `/api/${this.kind}/game/${encodeURIComponent(gameId)}/move/${encodeURIComponent(move)}`);
  }
  resign(gameId: string) {
    return this.call('POST', `/api/${this.kind}/game/${encodeURIComponent(gameId)}/resign`);
  }
  draw(gameId: string, yes: boolean) {
    return this.call('POST', `/api/${this.kind}/game/${encodeURIComponent(gameId)}/draw/${yes ? 'yes' : 'no'}`);
  }
  takeback(gameId: string, yes: boolean) {
    return this.call('POST', `/api/${this.kind}/game/${encodeURIComponent(gameId)}/takeback/${yes ? 'yes' : 'no'}`);
  }
  chat(gameId: string, text: string, room = 'player') {
    return this.call('POST', `/api/${this.kind}/game/${encodeURIComponent(gameId)}/chat`, { room, text });
  }
}

const reasonOf = (body: unknown, res: Response): string => {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const k of ['reason', 'error', 'message']) if (typeof b[k] === 'string') return `${res.status}: ${b[k]}`;
  }
  return typeof body === 'string' && body ? `${res.status}: ${body.slice(0, 200)}` : `${res.status} ${res.statusText}`;
};
