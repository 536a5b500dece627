import { describe, expect, it } from 'vitest';
import { backoffDelay, followStream, readNdjson, type StreamNotice } from '../../src/bot/ndjson.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const body = (...chunks: (string | Uint8Array)[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(typeof chunk === 'string' ? bytes(chunk) : chunk);
      c.close();
    },
  });
const all = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe('readNdjson', () => {
  it('joins lines split across chunks and skips keep-alive newlines', async () => {
    const lines = await all(
      readNdjson(body('{"type":"ga', 'meFull","n":1}\n\n', '\n{"type":"gameState"}\n{"a":', '2}')),
    );
    expect(lines).toEqual([
      { kind: 'object', value: { type: 'gameFull', n: 1 } },
      { kind: 'object', value: { type: 'gameState' } },
      { kind: 'object', value: { a: 2 } },
    ]);
  });

  it('joins a character split across chunks', async () => {
    const all8 = bytes('{"text":"棋苑"}\n');
    const lines = await all(readNdjson(body(all8.slice(0, 11), all8.slice(11))));
    expect(lines).toEqual([{ kind: 'object', value: { text: '棋苑' } }]);
  });

  it('reports a line that is not a JSON object with the reason, and reads on', async () => {
    const lines = await all(readNdjson(body('not json\n[1,2]\n{"ok":true}\n')));
    expect(lines.map((l) => l.kind)).toEqual(['bad', 'bad', 'object']);
    expect(lines[1]).toMatchObject({ reason: 'not a JSON object' });
    expect(lines[0]).toMatchObject({ text: 'not json' });
  });
});

describe('backoffDelay', () => {
  it.each([
    [0, 500],
    [1, 1000],
    [3, 4000],
    [6, 30_000],
    [100, 30_000],
  ])('attempt %i waits %i ms', (attempt, ms) => {
    expect(backoffDelay({ initialMs: 500, maxMs: 30_000 }, attempt)).toBe(ms);
  });
});

describe('followStream', () => {
  it('reconnects after a drop and a refusal with growing delays, starting over once a stream opens', async () => {
    const opens: (() => { body: ReadableStream<Uint8Array> } | { reason: string; fatal: boolean })[] = [
      () => ({ body: body('{"n":1}\n') }),
      () => ({ reason: '503 restarting', fatal: false }),
      () => {
        throw new Error('connect ECONNREFUSED');
      },
      () => ({ body: body('{"n":2}\n') }),
      () => ({ body: body('{"n":3}\n') }),
    ];
    const seen: unknown[] = [];
    const waits: number[] = [];
    const notices: StreamNotice[] = [];
    const end = await followStream({
      open: async () => opens.shift()!(),
      onObject: (o) => {
        seen.push(o.n);
        return o.n === 3 ? 'stop' : undefined;
      },
      onNotice: (n) => notices.push(n),
      backoff: { initialMs: 100, maxMs: 1000 },
      sleep: async (ms) => {
        waits.push(ms);
      },
      signal: new AbortController().signal,
    });
    expect(end).toEqual({ kind: 'stopped' });
    expect(seen).toEqual([1, 2, 3]);
    // drop after 1 → 100; refusal → 200; thrown → 400; then a stream opened, so the drop after 2 waits 100 again
    expect(waits).toEqual([100, 200, 400, 100]);
    expect(notices.filter((n) => n.kind === 'dropped').map((n) => (n as { reason: string }).reason)).toEqual([
      'the stream ended',
      '503 restarting',
      'connect ECONNREFUSED',
      'the stream ended',
    ]);
  });

  it('waits as long as a rate limit asks before it tries again', async () => {
    const opens = [
      () => ({ reason: '429: too many stream requests', fatal: false, retryMs: 7000 }),
      () => ({ body: body('{"n":1}\n') }),
    ];
    const waits: number[] = [];
    await followStream({
      open: async () => opens.shift()!(),
      onObject: () => 'stop',
      backoff: { initialMs: 100, maxMs: 1000 },
      sleep: async (ms) => {
        waits.push(ms);
      },
      signal: new AbortController().signal,
    });
    expect(waits).toEqual([7000]);
  });

  it('ends at a fatal refusal with its reason', async () => {
    const end = await followStream({
      open: async () => ({ reason: '401: token revoked', fatal: true }),
      onObject: () => undefined,
      sleep: async () => {},
      signal: new AbortController().signal,
    });
    expect(end).toEqual({ kind: 'refused', reason: '401: token revoked' });
  });

  it('stops when its signal aborts, even while waiting to reconnect', async () => {
    const stop = new AbortController();
    let opened = 0;
    const end = followStream({
      open: async () => {
        opened++;
        return { reason: 'down', fatal: false };
      },
      onObject: () => undefined,
      backoff: { initialMs: 60_000, maxMs: 60_000 },
      signal: stop.signal,
    });
    // the real sleep: an hour-long wait that the abort must cut short
    await new Promise((r) => setImmediate(r));
    stop.abort();
    expect(await end).toEqual({ kind: 'stopped' });
    expect(opened).toBe(1);
  });
});
