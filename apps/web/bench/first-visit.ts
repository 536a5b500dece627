import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type ServerHandle, startServer } from '@qiyuan/server';
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { launchChromium } from '../test/browser.js';
import { BENCH_PAGES, type BenchPage } from './pages.js';

/**
 * What a first visit of a page costs, as Chromium downloads it from `qiyuan serve` (SQLite) with an empty cache:
 * every request the browser makes — the page's, its workers' and the service worker's — as Playwright reports them
 * from the DevTools protocol's Network events, sizes as they crossed the wire (`encodedDataLength`: brotli where the
 * browser took it). Then, in a second fresh browser context with the protocol's "Fast 3G" network (562.5 ms round
 * trip, 180 KB/s down) and a 4× slower CPU, the time until the page can be used. Needs a built app
 * (`npm run build -w @qiyuan/web`).
 *
 *   node --import tsx apps/web/bench/first-visit.ts [name filter] [--files] [--bytes]
 *
 * `--bytes` leaves out the time to interactive (the bytes do not depend on the machine's load; the time does).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The built app: apps/web/dist, or another build's folder in QIYUAN_WEB_DIST (to measure two builds). */
export const DIST = process.env.QIYUAN_WEB_DIST || join(root, 'dist');

/** How long after the page became usable the wire is counted: "the first seconds" of a visit. */
export const WINDOW_MS = 5000;

/** Chrome DevTools' "Fast 3G" preset, as the protocol takes it (bytes per second, milliseconds). */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
const CPU_SLOWDOWN = 4;
/** The site's first language, and the largest words: a browser set to Simplified Chinese. */
const LOCALE = 'zh-CN';

export interface Site {
  readonly url: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

export const openSite = async (webDir = DIST): Promise<Site> => {
  if (!existsSync(join(webDir, 'index.html')))
    throw new Error(`no built app in ${webDir}: npm run build -w @qiyuan/web`);
  const dataDir = mkdtempSync(join(tmpdir(), 'qiyuan-first-visit-'));
  let server: ServerHandle | undefined;
  try {
    server = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', dataDir, databaseUrl: '', webDir });
    const browser = await launchChromium();
    const s = server;
    return {
      url: s.url.replace(/\/$/, ''),
      browser,
      close: async () => {
        await browser.close();
        await s.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
};

/** Writes the page's localStorage before its scripts run, and notes when its ready selector first matches. */
const prepare = async (context: BrowserContext, p: BenchPage): Promise<void> => {
  // a script's text, not a function: tsx would name the function's inner arrows with a helper the page lacks
  await context.addInitScript(`{
    const storage = ${JSON.stringify(p.storage ?? {})};
    for (const [k, v] of Object.entries(storage)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
    const seen = new MutationObserver(() => {
      if (window.qyReady === undefined && document.querySelector(${JSON.stringify(p.ready)})) {
        window.qyReady = performance.now();
        seen.disconnect();
      }
    });
    seen.observe(document, { childList: true, subtree: true, attributes: true });
  }`);
};

interface Seen {
  readonly url: string;
  readonly path: string;
  /** Made by the service worker (its precache, its runtime cache's fetches), not by the page or its workers. */
  readonly byWorker: boolean;
  /** Answered by the service worker: nothing crossed the wire for it. */
  readonly fromWorker: boolean;
  readonly body: number;
  readonly headers: number;
  /** Milliseconds after the navigation began. */
  readonly end: number;
}

export interface Visit {
  /** The page's own requests (its files and the API, its workers' too), as sent, wherever the bytes were fetched. */
  readonly own: { readonly requests: number; readonly bytes: number };
  /** The JavaScript among them, each file at gzip -9 (what a browser without brotli gets). */
  readonly js: { readonly files: number; readonly gzip: number };
  /** Everything that crossed the wire until `WINDOW_MS` after the page was usable, response headers included. */
  readonly wire: { readonly requests: number; readonly bytes: number };
  /** Of which the service worker's own downloads. */
  readonly worker: { readonly requests: number; readonly bytes: number };
  /** Time to interactive on Fast 3G with a 4× slower CPU, ms; undefined when the page never became ready. */
  readonly tti: number | undefined;
  readonly files: readonly Seen[];
}

const gzipOf = (path: string): number => {
  const file = join(DIST, path);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
};

/** The size of a built file as sent with `encoding` (the server's precompressed copies). */
const sentSize = (path: string, encoding: string | undefined): number => {
  const file = join(DIST, path === '/' ? 'index.html' : path);
  const copy = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
  return existsSync(copy) ? statSync(copy).size : 0;
};

/** The service worker's scripts: fetched for it, not run by the page. */
const WORKER_SCRIPT = /\/(sw|workbox-[\w-]+)\.js$/;

/** The bytes of a first visit of `p`, counted until `WINDOW_MS` after the page became usable. */
export const measureBytes = async (site: Site, p: BenchPage): Promise<Omit<Visit, 'tti'>> => {
  const context = await site.browser.newContext({ locale: LOCALE });
  try {
    await prepare(context, p);
    const done: Promise<Seen | undefined>[] = [];
    let start = 0;
    const note = (req: Request, failed: boolean) => {
      const arrived = Date.now();
      done.push(
        (async () => {
          if (failed) return undefined;
          const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
          const url = new URL(req.url());
          // the browser's own clock of the response's end; the event's arrival when it has none
          const timing = req.timing();
          const end = Math.round((timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : arrived) - start);
          // a negative size is an answer from the browser's HTTP cache (the worker asking for what the page just got)
          const cached = sizes.responseBodySize < 0;
          // a Web Worker's script is reported without its size: the file sent, by the encoding the server chose
          const sent =
            sizes.responseBodySize === 0 && res?.status() === 200 && !res.fromServiceWorker()
              ? sentSize(url.pathname, (await res.allHeaders())['content-encoding'])
              : sizes.responseBodySize;
          return {
            url: req.url().replace(site.url, ''),
            path: url.pathname,
            byWorker: req.serviceWorker() !== null,
            fromWorker: res?.fromServiceWorker() ?? false,
            body: cached ? 0 : sent,
            headers: cached ? 0 : sizes.responseHeadersSize,
            end,
          };
        })().catch(() => undefined),
      );
    };
    context.on('requestfinished', (r) => note(r, false));
    context.on('requestfailed', (r) => note(r, true));
    const page = await context.newPage();
    start = Date.now();
    await page.goto(`${site.url}/${p.hash}`, { waitUntil: 'load' });
    await page.waitForSelector(p.ready, { timeout: 60_000 });
    // the window ends WINDOW_MS after the page could be used, so that a loaded machine's slower start does not cut
    // off what the page fetches next (the AI's worker, the header's count)
    const until = Date.now() - start + WINDOW_MS;
    await page.waitForTimeout(WINDOW_MS);
    const files = (await Promise.all(done)).filter((f): f is Seen => f !== undefined);
    const inWindow = files.filter((f) => f.end <= until);
    const network = inWindow.filter((f) => !f.fromWorker);
    const workerFetched = new Map(files.filter((f) => f.byWorker && !f.fromWorker).map((f) => [f.path, f.body]));
    const own = inWindow.filter((f) => !f.byWorker && !WORKER_SCRIPT.test(f.path));
    const ownBytes = own.reduce((n, f) => n + (f.fromWorker ? (workerFetched.get(f.path) ?? 0) : f.body), 0);
    const js = [...new Set(own.filter((f) => f.path.endsWith('.js')).map((f) => f.path))];
    const sum = (xs: Seen[]) => xs.reduce((n, f) => n + f.body + f.headers, 0);
    const byWorker = network.filter((f) => f.byWorker);
    return {
      own: { requests: own.length, bytes: ownBytes },
      js: { files: js.length, gzip: js.reduce((n, f) => n + gzipOf(f), 0) },
      wire: { requests: network.length, bytes: sum(network) },
      worker: { requests: byWorker.length, bytes: sum(byWorker) },
      files,
    };
  } finally {
    await context.close();
  }
};

/**
 * Time to interactive of a first visit on Fast 3G with a 4× slower CPU: milliseconds from the navigation until the
 * page's ready selector matches. The service worker is kept out (the protocol's throttling reaches the page and not
 * the worker, which would fetch unthrottled and answer the page's later requests at full speed).
 */
export const measureTti = async (site: Site, p: BenchPage): Promise<number | undefined> => {
  const context = await site.browser.newContext({ locale: LOCALE, serviceWorkers: 'block' });
  try {
    await prepare(context, p);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${site.url}/${p.hash}`, { waitUntil: 'commit' });
    try {
      await page.waitForFunction(() => (window as unknown as { qyReady?: number }).qyReady !== undefined, undefined, {
        timeout: 30_000,
        polling: 100,
      });
    } catch {
      return undefined;
    }
    return await page.evaluate(() => Math.round((window as unknown as { qyReady: number }).qyReady));
  } finally {
    await context.close();
  }
};

export const measure = async (site: Site, p: BenchPage): Promise<Visit> => {
  const bytes = await measureBytes(site, p);
  return { ...bytes, tti: await measureTti(site, p) };
};

const kb = (n: number) => (n / 1024).toFixed(1);

const main = async (): Promise<void> => {
  const filter = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const verbose = process.argv.includes('--files');
  const bytesOnly = process.argv.includes('--bytes');
  const site = await openSite();
  try {
    console.log(
      '| page | own requests | JS gzip -9 | wire, first 5 s (service worker) | interactive, Fast 3G + 4× CPU |',
    );
    console.log('| --- | --- | --- | --- | --- |');
    for (const p of BENCH_PAGES.filter((x) => !filter || x.name.toLowerCase().includes(filter.toLowerCase()))) {
      const v = bytesOnly ? { ...(await measureBytes(site, p)), tti: undefined } : await measure(site, p);
      const tti = bytesOnly ? '–' : v.tti === undefined ? 'never' : `${(v.tti / 1000).toFixed(2)} s`;
      console.log(
        `| ${p.name} | ${kb(v.own.bytes)} KB (${v.own.requests}) | ${kb(v.js.gzip)} KB (${v.js.files} files) | ${kb(v.wire.bytes)} KB (${kb(v.worker.bytes)} KB) | ${tti} |`,
      );
      if (verbose)
        for (const f of v.files)
          console.log(
            `    ${String(f.end).padStart(5)} ms ${f.byWorker ? 'sw ' : '   '}${f.fromWorker ? '(from sw) ' : ''}${String(f.body).padStart(7)} ${f.url}`,
          );
    }
  } finally {
    await site.close();
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
