/**
 * A streamed HTTP answer of NDJSON (one JSON object a line), as the Bot and Board API's streams are: a newline alone
 * every `keepAliveMs` keeps proxies and clients from taking the quiet for a dead connection, and `check` is asked now
 * and then whether the caller may still read it (a revoked token, a banned account: the stream ends).
 */
import type { FastifyReply } from 'fastify';
import { realTime } from './server-clock.js';

export interface Ndjson {
  /** Writes one object as a line; false once the stream is closed. */
  write(obj: unknown): boolean;
  /** Ends the stream (the client sees the end of the body). */
  end(): void;
  readonly closed: boolean;
  /** Called once when the stream ends, from either side. */
  onClose(f: () => void): void;
}

export interface NdjsonOptions {
  readonly keepAliveMs: number;
  /** How often `check` is asked. */
  readonly checkMs: number;
  readonly check?: () => Promise<boolean>;
}

export const openNdjson = (reply: FastifyReply, opts: NdjsonOptions): Ndjson => {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'application/x-ndjson; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // a proxy in front (nginx) would hold the lines back otherwise
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  let closed = false;
  const closers: (() => void)[] = [];
  let sinceCheck = 0;
  // a keep-alive of the connection, not game time: real time (server-clock.ts)
  const timer = realTime.every(opts.keepAliveMs, () => {
    if (closed) return;
    res.write('\n');
    sinceCheck += opts.keepAliveMs;
    if (opts.check && sinceCheck >= opts.checkMs) {
      sinceCheck = 0;
      opts.check().then(
        (fine) => {
          if (!fine) stream.end();
        },
        () => undefined,
      );
    }
  });
  const shut = () => {
    if (closed) return;
    closed = true;
    timer.cancel();
    for (const f of closers.splice(0)) f();
  };
  res.on('close', shut);
  res.on('error', shut);
  const stream: Ndjson = {
    write(obj) {
      if (closed) return false;
      res.write(`${JSON.stringify(obj)}\n`);
      return true;
    },
    end() {
      if (closed) return;
      shut();
      res.end();
    },
    get closed() {
      return closed;
    },
    onClose(f) {
      if (closed) f();
      else closers.push(f);
    },
  };
  return stream;
};
