import { type ChildProcess, fork } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE } from '../src/connections.js';

/**
 * A flood of connections that never speak — WebSockets that never say hello and HTTP requests trickled in byte by
 * byte (slowloris) — is closed by the server, and its memory comes back near where it was before the flood. The
 * server runs in a process of its own (flood-child.ts, with --expose-gc) so that what is measured is the server's.
 * The bounds are loose: the machine is shared, and the point is memory that is never given back (the old server
 * kept every such socket for good), not a few megabytes of heap the collector keeps.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SOCKETS = 200;
const TRICKLES = 300;
const MiB = 1024 * 1024;

interface Memory {
  heapUsed: number;
  external: number;
  rss: number;
  clients: number;
}

const until = async (read: () => boolean, ms: number): Promise<void> => {
  const end = Date.now() + ms;
  while (!read()) {
    if (Date.now() > end) throw new Error('the condition never came');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('a flood of silent connections', () => {
  let child: ChildProcess;
  let url: string;
  const replies: Memory[] = [];
  const measure = async (): Promise<Memory> => {
    const n = replies.length;
    child.send('measure');
    await until(() => replies.length > n, 30_000);
    return replies[n]!;
  };

  beforeAll(async () => {
    child = fork(path.join(here, 'flood-child.ts'), [], {
      execArgv: ['--expose-gc', '--import', 'tsx'],
      env: { ...process.env, HELLO_MS: '2000', REQUEST_MS: '2000' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    url = await new Promise<string>((resolve, reject) => {
      child.on('message', (m: { url?: string } & Partial<Memory>) => {
        if (m.url) resolve(m.url);
        else replies.push(m as Memory);
      });
      child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
  }, 60_000);
  afterAll(() => {
    child?.disconnect();
  });

  it('is closed by the server, and the memory it took is given back', async () => {
    // warm up: the code paths of a socket and a request are loaded before the baseline
    for (let i = 0; i < 3; i++) {
      await fetch(`${url}/api/session`);
      const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
      await new Promise((r) => ws.once('open', r));
      ws.close();
      await new Promise((r) => ws.once('close', r));
    }
    const before = await measure();

    const closes: number[] = [];
    const sockets = await Promise.all(
      Array.from(
        { length: SOCKETS },
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
            ws.on('close', (code) => closes.push(code));
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          }),
      ),
    );
    const port = Number(new URL(url).port);
    let trickleClosed = 0;
    const drips: NodeJS.Timeout[] = [];
    for (let i = 0; i < TRICKLES; i++) {
      const s = net.connect(port, '127.0.0.1', () => {
        s.write('GET /api/session HTTP/1.1\r\nHost: x\r\n');
        drips.push(setInterval(() => s.write('X-a: b\r\n'), 500));
      });
      s.on('error', () => undefined);
      s.on('close', () => trickleClosed++);
    }
    const during = await measure();
    expect(during.clients).toBeGreaterThan(0);

    // the server closes them all: the sockets for want of a hello, the trickles when their request's time is up
    await until(() => closes.length === SOCKETS && trickleClosed === TRICKLES, 60_000);
    for (const d of drips) clearInterval(d);
    expect(new Set(closes)).toEqual(new Set([CLOSE.noHello]));
    expect(sockets.every((ws) => ws.readyState === WebSocket.CLOSED)).toBe(true);

    const after = await measure();
    const mib = (m: Memory) =>
      `heap ${(m.heapUsed / MiB).toFixed(1)} MiB, external ${(m.external / MiB).toFixed(1)} MiB, rss ${(m.rss / MiB).toFixed(1)} MiB`;
    console.log(
      `flood of ${SOCKETS} sockets and ${TRICKLES} trickles: before ${mib(before)}; during ${mib(during)}; after ${mib(after)}`,
    );
    expect(after.clients).toBe(0);
    // what the flood took is given back: the heap within a few MiB of its baseline
    expect(after.heapUsed).toBeLessThan(before.heapUsed + 8 * MiB);
    expect(after.rss).toBeLessThan(before.rss + 64 * MiB);
  }, 180_000);
});
