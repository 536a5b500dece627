import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core';

/** Debian's chromium, refused with the way to get it when it is missing: browsers are never downloaded. */
const chromiumPath = (): string => {
  const executablePath = process.env.QIYUAN_CHROMIUM || '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `no Chromium at ${executablePath}: install Debian's (apt-get install chromium) or set QIYUAN_CHROMIUM; browsers are never downloaded`,
    );
  }
  return executablePath;
};

/** Headless, with nothing phoning home. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Parts of Chromium the tests turn off:
 * - its own window's WebUI. Headless Chromium still builds the browser's window for every page, and with it a renderer
 *   of its own for the address bar's suggestion popups (WebUI pages that a headless page never shows), started again
 *   for each new browser context: in a file of 11 tests, about half of the renderers' CPU (docs/BENCHMARKS.md, "Test
 *   suite"). The same features Puppeteer turns off.
 * - the spare renderer: after each navigation Chromium starts one more renderer process, warmed up for the next one. A
 *   test's browser context lives for a page or two, so the spare is mostly started for nothing: 0.2 s of CPU a context
 *   (`apps/web/bench/page-open.ts`). A navigation that needs a new process still gets one, started when asked for.
 */
const FEATURES_OFF = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIReloadButton',
  'PreloadTopChromeWebUI',
  'SpareRendererForSitePerProcess',
];

const DISABLE_FEATURES = '--disable-features=';

/**
 * The launch options: Chromium reads only the last `--disable-features` it is given, and Playwright passes one of its
 * own (features that interfere with automation), so ours must be one list with Playwright's. Playwright does not
 * export its list; a first launch shows it on the command line Playwright gave the browser (once per process).
 */
let launchOptions: Promise<LaunchOptions> | undefined;
const options = (): Promise<LaunchOptions> => {
  launchOptions ??= (async () => {
    const base = { executablePath: chromiumPath(), headless: true, args: ARGS } satisfies LaunchOptions;
    const probe = await chromium.launchServer(base);
    const theirs = probe.process().spawnargs.find((a) => a.startsWith(DISABLE_FEATURES));
    await probe.close();
    const merged = [...(theirs ? theirs.slice(DISABLE_FEATURES.length).split(',') : []), ...FEATURES_OFF];
    return {
      ...base,
      ...(theirs ? { ignoreDefaultArgs: [theirs] } : {}),
      args: [...ARGS, `${DISABLE_FEATURES}${[...new Set(merged)].join(',')}`],
    };
  })();
  return launchOptions;
};

/** Debian's chromium, headless, with nothing downloaded and nothing phoning home. */
export const launchChromium = async (): Promise<Browser> => chromium.launch(await options());

/** The same browser as a server that other processes connect to (the test run's shared one, global-setup.ts). */
export const launchChromiumServer = async (): Promise<BrowserServer> => chromium.launchServer(await options());

/** A connection to a browser launched by `launchChromiumServer`; closing it closes this connection's contexts. */
export const connectChromium = (wsEndpoint: string): Promise<Browser> => chromium.connect(wsEndpoint);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** A static server for apps/web/dist, for the tests that need no game server (hotseat, AI, languages). */
export const serveStatic = async (dir: string): Promise<{ url: string; close(): Promise<void> }> => {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || path.endsWith('/')) file = join(dir, 'index.html');
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
