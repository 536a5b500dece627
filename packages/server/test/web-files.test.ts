import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { startTestServer, tempDir } from './helpers.js';

/**
 * The web app's built files as the server sends them: the build's brotli or gzip copy when the browser accepts it,
 * the plain file otherwise, and caching that follows the file names (hashed files for a year, the page and the
 * service worker asked again each time).
 */

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const PAGE = `<!doctype html><title>Qiyuan</title>${'<p>棋苑</p>'.repeat(200)}`;

/** A built app as the web build leaves it: each text file with its `.br` and `.gz` copies. */
const builtApp = (): string => {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': PAGE,
    'sw.js': SCRIPT,
    'manifest.webmanifest': '{"name":"棋苑"}',
    'assets/index-B2x_9kQz.js': SCRIPT,
  };
  for (const [name, body] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), body);
    fs.writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body));
  }
  return dir;
};

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and undo the compression). */
const get = (url: string, headers: Record<string, string> = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });

describe('the web app’s files', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { webDir: builtApp() });
  });
  afterAll(() => server?.close());

  const ASSET = '/assets/index-B2x_9kQz.js';

  it('sends brotli when the browser accepts it, preferred to gzip', async () => {
    const res = await get(`${server.url}${ASSET}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that does not take brotli', async () => {
    const res = await get(`${server.url}${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that asks for no compression', async () => {
    const res = await get(`${server.url}${ASSET}`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.toString()).toBe(SCRIPT);
    const identity = await get(`${server.url}${ASSET}`, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(SCRIPT);
  });

  it('compresses the page too, at its address and as the answer for any page of the app', async () => {
    for (const route of ['/', '/index.html', '/some/page/of/the/app']) {
      const res = await get(`${server.url}${route}`, { 'accept-encoding': 'br' });
      expect(res.status, route).toBe(200);
      expect(res.headers['content-encoding'], route).toBe('br');
      expect(res.headers['content-type'], route).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.body).toString(), route).toBe(PAGE);
      // the security headers stay on a compressed answer
      expect(res.headers['content-security-policy'], route).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], route).toBe('nosniff');
    }
  });

  it('keeps hashed files a year, asks again for the page and the service worker, keeps the rest a short while', async () => {
    for (const enc of ['br', 'gzip', '']) {
      const headers: Record<string, string> = enc ? { 'accept-encoding': enc } : {};
      const hashed = await get(`${server.url}${ASSET}`, headers);
      expect(hashed.headers['cache-control'], enc).toBe('public, max-age=31536000, immutable');
      for (const route of ['/', '/index.html', '/games/hive', '/sw.js']) {
        expect((await get(`${server.url}${route}`, headers)).headers['cache-control'], `${route} ${enc}`).toBe(
          'no-cache',
        );
      }
      const other = await get(`${server.url}/manifest.webmanifest`, headers);
      expect(other.headers['cache-control'], enc).toBe('public, max-age=3600');
    }
  });

  it('answers 304 to a browser that asks again for a page it holds, in the encoding it holds', async () => {
    for (const enc of ['br', 'gzip']) {
      const first = await get(`${server.url}/`, { 'accept-encoding': enc });
      expect(first.headers.etag, enc).toBeDefined();
      const again = await get(`${server.url}/`, { 'accept-encoding': enc, 'if-none-match': first.headers.etag! });
      expect(again.status, enc).toBe(304);
      expect(again.body.length, enc).toBe(0);
    }
  });

  it('does not serve the compressed copies at addresses of their own, and still answers API routes as JSON', async () => {
    expect((await get(`${server.url}${ASSET}.br`)).headers['content-type']).toMatch(/text\/html/);
    const api = await get(`${server.url}/api/nothing-here`, { 'accept-encoding': 'br' });
    expect(api.status).toBe(404);
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(api.body.toString())).toMatchObject({ code: 'not-found' });
  });
});
