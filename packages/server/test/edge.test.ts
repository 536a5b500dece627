import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE } from '../src/connections.js';
import type { ServerHandle } from '../src/index.js';
import { originAllowed, parseOrigins } from '../src/origin.js';
import { passwordProblem } from '../src/passwords.js';
import { parseTrustProxy } from '../src/proxy.js';
import { BACKENDS, Bot, startTestServer, tempDir } from './helpers.js';
import { rowOf, sql } from './sql.js';

/**
 * The server's edge: the headers every answer carries, which pages may open a socket, the password rule, the
 * session cookie over HTTPS, and the hygiene of connections (a socket that never says hello, too many sockets from
 * one address, HTTP requests that trickle in, the request log).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `read` is truthy (a loaded machine takes its time), or fails after `ms`. */
const until = async (read: () => unknown, ms = 20_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!read()) {
    if (Date.now() > end) throw new Error('the condition never came');
    await sleep(20);
  }
};

/** Opens a raw socket with these handshake headers: `open` (101), or the HTTP status and body that refused it. */
const handshake = (url: string, headers: Record<string, string>) =>
  new Promise<{ ws: WebSocket; status: number; body?: string }>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers });
    ws.once('open', () => resolve({ ws, status: 101 }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => {
        body += d.toString();
      });
      res.on('end', () => resolve({ ws, status: res.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });

/** A socket that says nothing; records how it was closed. */
const silentSocket = async (url: string) => {
  const { ws, status } = await handshake(url, {});
  expect(status).toBe(101);
  const s = { ws, closed: undefined as { code: number; reason: string } | undefined };
  ws.on('close', (code, reason) => {
    s.closed = { code, reason: reason.toString() };
  });
  return s;
};

/** An HTTP connection that trickles its request's headers; resolves when the server has closed it. */
const trickle = (url: string): Promise<void> =>
  new Promise((resolve) => {
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
      const drip = setInterval(() => socket.write('X-a: b\r\n'), 200);
      socket.on('close', () => {
        clearInterval(drip);
        resolve();
      });
    });
    socket.on('error', () => undefined);
  });

/** A socket that said hello and was welcomed. */
const greeted = async (url: string, headers: Record<string, string>): Promise<WebSocket> => {
  const { ws, status } = await handshake(url, headers);
  expect(status).toBe(101);
  const welcome = new Promise<void>((resolve) =>
    ws.on('message', (d) => {
      if ((JSON.parse(d.toString()) as { type: string }).type === 'welcome') resolve();
    }),
  );
  ws.send(JSON.stringify({ type: 'hello', v: 1 }));
  await welcome;
  return ws;
};

const webDir = (): string => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Qiyuan</title>');
  fs.writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
  return dir;
};

describe('security headers', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { webDir: webDir() });
  });
  afterAll(() => server?.close());

  it.each(['/', '/app.js', '/api/session', '/api/users/nobody', '/healthz'])('are on %s', async (route) => {
    const res = await fetch(`${server.url}${route}`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    // cross-origin isolated: the analysis engine's threads share memory, and a worker's script loads in such a page
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

describe('which pages may open a WebSocket', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { allowedOrigins: 'https://play.example, https://qiyuan.example:8443' });
  });
  afterAll(() => server?.close());

  it('refuses a page of another site, even with the player’s cookie, before the upgrade', async () => {
    const bot = await Bot.guest(server.url);
    const cookie = bot.cookie!;
    for (const origin of [
      'https://evil.example',
      'null',
      `http://127.0.0.1.evil.example`,
      'https://play.example.evil',
    ]) {
      const { status, body } = await handshake(server.url, { origin, cookie });
      expect(status, origin).toBe(403);
      expect(JSON.parse(body ?? '{}')).toMatchObject({ code: 'bad-origin' });
    }
    expect(server.hub.clients.size).toBe(1);
  });

  it('accepts the site’s own pages, the listed origins and programs that send no Origin', async () => {
    const host = new URL(server.url).host;
    for (const origin of [`http://${host}`, 'https://play.example', 'https://QIYUAN.example:8443', undefined]) {
      const { ws, status } = await handshake(server.url, origin ? { origin } : {});
      expect(status, origin).toBe(101);
      ws.close();
    }
  });

  it('reads the list of origins, and names an entry that is not one', () => {
    expect(parseOrigins('https://a.example,  http://b.example:8080/ ')).toEqual({
      ok: true,
      value: ['https://a.example', 'http://b.example:8080'],
    });
    expect(parseOrigins('https://a.example/path')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('/path'),
    });
    expect(parseOrigins(undefined)).toEqual({ ok: true, value: [] });
    expect(originAllowed('https://a.example', 'a.example', [])).toBe(true);
    expect(originAllowed('https://a.example', 'b.example', [])).toBe(false);
    expect(originAllowed('javascript:alert(1)', 'a.example', [])).toBe(false);
  });

  it('refuses to start with a malformed list', async () => {
    await expect(startTestServer('sqlite', { allowedOrigins: 'evil' })).rejects.toThrow(/QIYUAN_ALLOWED_ORIGINS/);
  });
});

describe('the password rule', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { authPerMinute: 1000 });
  });
  afterAll(() => server?.close());

  const register = (username: string, password: string) =>
    fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });

  it('refuses the most common passwords, whatever their case, saying why, and stores nothing', async () => {
    for (const password of ['password', '12345678', 'Password', 'qwertyuiop', 'iloveyou']) {
      const res = await register('carol', password);
      expect(res.status, password).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'common-password', reason: expect.stringContaining('common') });
    }
    const n = await rowOf(server.store, sql<{ n: number }>`SELECT COUNT(*) AS n FROM users`);
    expect(Number(n?.n)).toBe(0);
  });

  it('keeps the length rule and accepts an uncommon password', async () => {
    expect((await (await register('dave', 'short')).json()) as unknown).toMatchObject({ code: 'bad-password' });
    expect((await register('dave', 'x'.repeat(201))).status).toBe(400);
    expect((await register('dave', 'seven purple hexagons')).status).toBe(200);
  });

  it('is one function the server and its tests share', () => {
    expect(passwordProblem('correct horse battery')).toBeUndefined();
    expect(passwordProblem('letmein1')?.code).toBe('common-password');
    expect(passwordProblem('1234567')?.code).toBe('bad-password');
  });
});

describe('the session cookie', () => {
  let direct: ServerHandle;
  let proxied: ServerHandle;
  beforeAll(async () => {
    direct = await startTestServer('sqlite');
    proxied = await startTestServer('sqlite', { trustProxy: '127.0.0.1' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const cookieOf = async (url: string, headers: Record<string, string> = {}) =>
    (await fetch(`${url}/api/session`, { headers })).headers.get('set-cookie') ?? '';

  it('is Secure when a trusted proxy says the page came over HTTPS', async () => {
    expect(await cookieOf(proxied.url, { 'x-forwarded-proto': 'https' })).toMatch(/; Secure/);
    expect(await cookieOf(proxied.url)).not.toMatch(/; Secure/);
  });

  it('refuses to start with a proxy list that names no address, saying which entry', async () => {
    await expect(startTestServer('sqlite', { trustProxy: 'true' })).rejects.toThrow(/QIYUAN_TRUST_PROXY: "true"/);
    await expect(startTestServer('sqlite', { trustProxy: '10.0.0.0/99' })).rejects.toThrow(/10\.0\.0\.0\/99/);
    expect(parseTrustProxy(' loopback, 10.0.0.0/8 ,::1 ')).toEqual({ ok: true, value: 'loopback,10.0.0.0/8,::1' });
    expect(parseTrustProxy('')).toEqual({ ok: true, value: undefined });
  });

  it('believes no forwarded header without a trusted proxy', async () => {
    expect(await cookieOf(direct.url, { 'x-forwarded-proto': 'https' })).not.toMatch(/; Secure/);
  });
});

describe('connection hygiene', () => {
  let server: ServerHandle;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      webDir: webDir(),
      helloTimeoutMs: 1000,
      socketsPerAddress: 3,
      trustProxy: '127.0.0.1',
      requestTimeoutMs: 1500,
      logLevel: 'info',
      logDestination: new Writable({
        write(chunk, _enc, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      }),
    });
  });
  afterAll(() => server?.close());

  it('closes a socket that says no hello in time, saying why; one that said hello stays', async () => {
    const silent = await silentSocket(server.url);
    const bot = await Bot.connect(server.url);
    await until(() => silent.closed);
    expect(silent.closed).toEqual({ code: CLOSE.noHello, reason: 'no hello within 1 s' });
    // a silent socket and a trickling request opened after the bot, closed by the server's own timers: once both are,
    // the bot's hello deadline and its HTTP request time have passed too (waited for, not slept on)
    const later = await silentSocket(server.url);
    await trickle(server.url);
    await until(() => later.closed);
    expect(later.closed?.code).toBe(CLOSE.noHello);
    expect(bot.ws.readyState).toBe(WebSocket.OPEN);
    // past the HTTP request timeout too: an upgraded socket has left the HTTP timers
    expect(await bot.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    bot.ws.close();
    await until(() => server.hub.clients.size === 0);
  });

  it('refuses sockets past the cap of one address, saying why, and gives places back as sockets close', async () => {
    // the players' addresses as the trusted proxy on this machine names them
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const first = [];
    for (let i = 0; i < 3; i++) first.push(await greeted(server.url, from('203.0.113.7')));
    const fourth = await handshake(server.url, from('203.0.113.7'));
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      fourth.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed).toEqual({ code: CLOSE.tooManySockets, reason: 'more than 3 connections from this address' });
    expect(first.every((ws) => ws.readyState === WebSocket.OPEN)).toBe(true);
    // another address has places of its own
    const neighbour = await greeted(server.url, from('203.0.113.8'));
    first[0]!.close();
    await until(() => server.hub.clients.size === 3);
    const again = await greeted(server.url, from('203.0.113.7'));
    for (const ws of [...first, neighbour, again]) ws.close();
    await until(() => server.hub.clients.size === 0);
  });

  it('caps no socket of this machine when no proxy is trusted (a proxy here that was not declared)', async () => {
    const local = await startTestServer('sqlite', { socketsPerAddress: 2 });
    const sockets = [];
    for (let i = 0; i < 4; i++) sockets.push(await greeted(local.url, {}));
    expect(sockets.every((ws) => ws.readyState === WebSocket.OPEN)).toBe(true);
    await local.close();
  });

  it.each(BACKENDS)(
    'keeps nothing of a socket that closed while its session was being looked up (%s)',
    async (backend) => {
      const server = await startTestServer(backend);
      const bot = await Bot.guest(server.url);
      const cookie = bot.cookie!;
      bot.ws.close();
      await until(() => server.hub.clients.size === 0);
      // each socket is gone before the server has read its cookie's session from the database
      await Promise.all(
        Array.from(
          { length: 20 },
          () =>
            new Promise<void>((resolve) => {
              const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { cookie } });
              ws.on('upgrade', () => ws.terminate());
              ws.on('error', () => undefined);
              ws.on('close', () => resolve());
            }),
        ),
      );
      // a socket of the same cookie opened after them is attached once its lookup is done, which comes after theirs:
      // then it is the only one the hub holds
      const after = await Bot.connect(server.url, cookie);
      expect(await after.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
      expect(server.hub.clients.size).toBe(1);
      after.ws.close();
      await until(() => server.hub.clients.size === 0, 5000);
      await server.close();
    },
  );

  it('closes HTTP connections that trickle their request (slowloris)', async () => {
    const { port } = new URL(server.url);
    const trickles = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<{ socket: net.Socket; closedAt: () => number | undefined }>((resolve) => {
            const socket = net.connect(Number(port), '127.0.0.1', () => {
              socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
              let closedAt: number | undefined;
              const drip = setInterval(() => socket.write('X-a: b\r\n'), 200);
              socket.on('close', () => {
                clearInterval(drip);
                closedAt = Date.now();
              });
              socket.on('error', () => undefined);
              resolve({ socket, closedAt: () => closedAt });
            });
          }),
      ),
    );
    const start = Date.now();
    await until(() => trickles.every((t) => t.closedAt() !== undefined), 15_000);
    // the request's 1.5 s, checked every second, on a machine that may be slow
    expect(Math.max(...trickles.map((t) => t.closedAt()! - start))).toBeLessThan(10_000);
  });

  it('logs the API and errors at the default level, and no request for the app’s files', async () => {
    lines.length = 0;
    for (const file of ['/', '/app.js', '/index.html']) expect((await fetch(`${server.url}${file}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/users/nobody`)).status).toBe(404);
    await until(() => lines.some((l) => l.includes('/api/users/nobody')));
    const urls = lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(['/api/users/nobody']);
  });
});
