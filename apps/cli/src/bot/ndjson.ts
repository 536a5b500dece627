/**
 * Newline-delimited JSON streams, as the Bot and Board API sends them: one JSON
 * object a line, and empty lines now and then to keep the connection alive.
 * `readNdjson` reads one response body; `followStream` keeps a stream open
 * across drops and server restarts, reconnecting with a growing, capped delay.
 */

/** One line of a stream: an object, or a line that was not one (with the reason), which the caller may log. */
export type StreamLine =
  | { readonly kind: 'object'; readonly value: Record<string, unknown> }
  | { readonly kind: 'bad'; readonly text: string; readonly reason: string };

const parseLine = (text: string): StreamLine => {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { kind: 'object', value: value as Record<string, unknown> };
    }
    return { kind: 'bad', text, reason: 'not a JSON object' };
  } catch (e) {
    return { kind: 'bad', text, reason: e instanceof Error ? e.message : String(e) };
  }
};

/**
 * The lines of a body as they arrive; keep-alive (blank) lines are skipped. A line split across chunks, or a
 * character split across chunks, is joined before it is parsed; a last line without its newline still counts.
 */
export async function* readNdjson(
  body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
): AsyncGenerator<StreamLine> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    let nl = pending.indexOf('\n');
    while (nl >= 0) {
      const line = pending.slice(0, nl).trim();
      pending = pending.slice(nl + 1);
      if (line) yield parseLine(line);
      nl = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  if (pending.trim()) yield parseLine(pending.trim());
}

/** Delays between reconnections: doubling from `initialMs` up to `maxMs`, back to the start once a stream reads. */
export interface Backoff {
  readonly initialMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000 };

/** The delay before reconnection attempt `attempt` (0 = the first after a drop). */
export const backoffDelay = (backoff: Backoff, attempt: number): number =>
  Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));

/** Why a stream could not be opened: `fatal` ends following (a refused token, a game that does not exist). */
export interface OpenFailure {
  readonly reason: string;
  readonly fatal: boolean;
  /** The server's own wait before another try (a 429's Retry-After), when longer than the backoff's. */
  readonly retryMs?: number;
}

export interface FollowStream {
  /** Opens the stream once: a body to read, or why not. */
  readonly open: (signal: AbortSignal) => Promise<{ body: ReadableStream<Uint8Array> } | OpenFailure>;
  /** Each object line, in order; returning `'stop'` ends following. */
  readonly onObject: (value: Record<string, unknown>) => undefined | 'stop' | Promise<undefined | 'stop'>;
  /** Lines that were not JSON objects, drops and reconnections, for the log. */
  readonly onNotice?: (notice: StreamNotice) => void;
  readonly backoff?: Backoff;
  /** Waits `ms` or until `signal` aborts; injected so tests need not wait. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly signal: AbortSignal;
}

export type StreamNotice =
  | { readonly kind: 'bad-line'; readonly text: string; readonly reason: string }
  | { readonly kind: 'dropped'; readonly reason: string; readonly retryInMs: number }
  | { readonly kind: 'connected'; readonly attempt: number };

/** How following ended: stopped by the caller (`onObject` or the signal) or refused for good. */
export type FollowEnd = { readonly kind: 'stopped' } | { readonly kind: 'refused'; readonly reason: string };

export const abortableSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Reads a stream until the caller stops or the server refuses it for good; a stream that ends or fails (a server
 * restart, a network drop) is opened again after the backoff delay, which starts over once a stream has opened.
 */
export const followStream = async (f: FollowStream): Promise<FollowEnd> => {
  const backoff = f.backoff ?? DEFAULT_BACKOFF;
  const sleep = f.sleep ?? abortableSleep;
  let attempt = 0;
  while (!f.signal.aborted) {
    let reason: string;
    let retryMs = 0;
    try {
      const opened = await f.open(f.signal);
      if ('reason' in opened) {
        if (opened.fatal) return { kind: 'refused', reason: opened.reason };
        reason = opened.reason;
        retryMs = opened.retryMs ?? 0;
      } else {
        f.onNotice?.({ kind: 'connected', attempt });
        attempt = 0;
        for await (const line of readNdjson(opened.body)) {
          if (line.kind === 'bad') {
            f.onNotice?.({ kind: 'bad-line', text: line.text, reason: line.reason });
            continue;
          }
          if ((await f.onObject(line.value)) === 'stop') {
            await opened.body.cancel().catch(() => {});
            return { kind: 'stopped' };
          }
        }
        reason = 'the stream ended';
      }
    } catch (e) {
      reason = e instanceof Error ? e.message : String(e);
    }
    if (f.signal.aborted) break;
    const wait = Math.max(backoffDelay(backoff, attempt++), retryMs);
    f.onNotice?.({ kind: 'dropped', reason, retryInMs: wait });
    await sleep(wait, f.signal);
  }
  return { kind: 'stopped' };
};
