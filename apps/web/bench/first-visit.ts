import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@qiyuan/server';
import type { Request } from 'playwright-core';
import { launchChromium } from '../test/browser.js';

/**
 * The bytes a first visit of the home page costs, as the browser receives them from `qiyuan serve` (bodies as sent,
 * compressed or not, plus headers): the page's own requests apart from what the service worker fetches for itself
 * to keep the app offline. Needs a built app (`npm run build -w @qiyuan/web`). The gzip column is what a browser that
 * does not take brotli would receive. With `--plain` the app is served without its compressed copies, as the server
 * sent it before it had them.
 *
 *   node --import tsx apps/web/bench/first-visit.ts [--plain]
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const main = async (): Promise<void> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qiyuan-first-visit-'));
  const dist = join(root, 'dist');
  const plain = process.argv.includes('--plain');
  const webDir = plain ? join(dataDir, 'web') : dist;
  if (plain) cpSync(dist, webDir, { recursive: true, filter: (f) => !/\.(br|gz)$/.test(f) });
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    dataDir,
    databaseUrl: '',
    webDir,
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen: { req: Request; fromWorker: boolean }[] = [];
    context.on('requestfinished', (req) => {
      seen.push({ req, fromWorker: req.serviceWorker() !== null });
    });
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForFunction(async () => {
      const reg = await navigator.serviceWorker.ready;
      return reg.active?.state === 'activated';
    });
    await page.waitForLoadState('networkidle');
    const rows = await Promise.all(
      seen.map(async ({ req, fromWorker }) => {
        const sizes = await req.sizes();
        const res = await req.response();
        const path = new URL(req.url()).pathname;
        const gz = join(webDir, `${path === '/' ? '/index.html' : path}.gz`);
        return {
          gzip: existsSync(gz) ? statSync(gz).size : sizes.responseBodySize,
          url: req.url().replace(server.url, ''),
          fromWorker,
          body: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
          encoding: (await res?.allHeaders())?.['content-encoding'] ?? '-',
        };
      }),
    );
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const report = (label: string, xs: typeof rows) => {
      const bodies = xs.reduce((n, r) => n + r.body, 0);
      const headers = xs.reduce((n, r) => n + r.headers, 0);
      const gzip = xs.reduce((n, r) => n + r.gzip, 0);
      console.log(
        `${label}: ${xs.length} requests, bodies ${kb(bodies)} as sent (gzip: ${kb(gzip)}), with headers ${kb(bodies + headers)}`,
      );
    };
    const own = rows.filter((r) => !r.fromWorker);
    for (const r of own) console.log(`${r.encoding.padEnd(5)} ${String(r.body).padStart(8)}  ${r.url}`);
    report("the page's own", own);
    report(
      "the service worker's",
      rows.filter((r) => r.fromWorker),
    );
    report('all', rows);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
