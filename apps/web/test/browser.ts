import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { type Browser, type BrowserServer, chromium } from 'playwright-core';

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

/** Debian's chromium, headless, with nothing downloaded and nothing phoning home. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath(), headless: true, args: ARGS });

/** The same browser as a server that other processes connect to (the test run's shared one, global-setup.ts). */
export const launchChromiumServer = (): Promise<BrowserServer> =>
  chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: ARGS });

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
