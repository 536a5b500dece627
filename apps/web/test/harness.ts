import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerHandle, startServer } from '@qiyuan/server';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { expect, inject } from 'vitest';
import { launchChromium, serveStatic } from './browser.js';
import './global-setup.js';

/** The end-to-end tests' common ground: the app built once per run, served, and Debian's chromium driving it. */

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

/** The repository's screenshots folder (docs/screenshots). */
export const SHOTS = join(root, '..', '..', 'docs', 'screenshots');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The built app: built by the first caller of this run into the run's directory, under a lock (a directory made
 * atomically), while the test files of other processes wait; a marker file says the build finished.
 */
export const builtApp = async (): Promise<string> => {
  const dir = inject('webBuildDir');
  const outDir = join(dir, 'dist');
  const done = join(dir, 'built');
  const lock = join(dir, 'lock');
  for (;;) {
    if (existsSync(done)) return outDir;
    try {
      mkdirSync(lock);
    } catch {
      await sleep(200);
      continue;
    }
    try {
      if (!existsSync(done)) {
        await build({
          root,
          configFile: join(root, 'vite.config.ts'),
          logLevel: 'error',
          build: { outDir, emptyOutDir: true },
        });
        writeFileSync(done, '');
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
};

export interface Site {
  /** The page's address (`http://127.0.0.1:<port>/`). */
  readonly url: string;
  readonly browser: Browser;
  /** The game server behind the page, when the site was opened with one. */
  readonly server: ServerHandle | undefined;
  /** A page in a browser context of its own (its own cookies: its own guest), in English, failing on any page error. */
  newPage(width?: number, height?: number, touch?: boolean): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The built app in chromium: served statically (one-screen games and the AI need no server), or by the real game
 * server on SQLite in a temporary directory (`server: true`).
 */
export const openSite = async (opts: { server?: boolean } = {}): Promise<Site> => {
  const webDir = await builtApp();
  let server: ServerHandle | undefined;
  let dataDir: string | undefined;
  let url: string;
  let closeServer: () => Promise<void>;
  if (opts.server) {
    dataDir = mkdtempSync(join(tmpdir(), 'qiyuan-web-db-'));
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, webDir, logLevel: 'silent' });
    url = server.url;
    closeServer = () => server!.close();
  } else {
    const site = await serveStatic(webDir);
    url = site.url;
    closeServer = () => site.close();
  }
  const browser = await launchChromium();
  return {
    url,
    browser,
    server,
    newPage: async (width = 1100, height = 900, touch = false) => {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US', hasTouch: touch });
      const page = await context.newPage();
      page.on('pageerror', (e) => {
        throw e;
      });
      return page;
    },
    close: async () => {
      await browser.close();
      await closeServer();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Waits for a page value; a loaded 2-core machine can take seconds between a click and the re-render. */
export const poll = <T>(read: () => Promise<T> | T, timeout = 20_000): ReturnType<typeof expect.poll<T>> =>
  expect.poll(read, { timeout, interval: 50 });

/** How many entries the game page's move list shows. */
export const moveCount = (page: Page): Promise<number> => page.locator('[data-testid=move-list] li').count();
