import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@qiyuan/server';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.js';

/** End-to-end online: the built app served by the real server, two browser contexts and a spectator. */
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

let browser: Browser;
let server: { url: string; close(): Promise<void> };
let dataDir: string;

beforeAll(async () => {
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'error' });
  dataDir = mkdtempSync(join(tmpdir(), 'qiyuan-web-e2e-'));
  server = await startServer({ port: 0, dataDir, webDir: join(root, 'dist'), logLevel: 'silent' });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const poll = <T>(read: () => Promise<T> | T, timeout = 15_000) => expect.poll(read, { timeout, interval: 50 });

const newPage = async (): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
};

const moveCount = (page: Page) => page.locator('[data-testid=move-list] li').count();

/** Plays one legal move on this page's board (the seat whose turn it is). */
const clickMove = async (page: Page, others: Page[]) => {
  const before = await moveCount(page);
  const piece = page.locator('svg.board .piece.movable').first();
  const at = await piece.getAttribute('data-at');
  await page.locator(`svg.board .hit[data-id="${at}"]`).click({ force: true });
  await page.locator('svg.board .hit.target').first().click({ force: true });
  for (const p of [page, ...others]) await poll(() => moveCount(p)).toBe(before + 1);
};

describe('online through the real server', () => {
  // two players meet through an invitation link, move in turn, a spectator watches, a reload resumes, a resignation ends it
  it('plays a Chinese Checkers game online', async () => {
    const host = await newPage();
    await host.goto(server.url);
    await host.getByTestId('language').selectOption('en');
    await host.getByTestId('game-chinese-checkers').click();
    await host.locator('input[name=mode][value=online]').check();
    await host.getByTestId('start').click();
    const link = await host.getByTestId('invite-link').inputValue();
    const guest = await newPage();
    await guest.goto(link);
    await host.waitForSelector('svg.board .piece');
    await guest.waitForSelector('svg.board .piece');
    await new Promise((r) => setTimeout(r, 1500));
    const watcher = await newPage();
    await watcher.goto(host.url());
    await watcher.waitForSelector('svg.board .piece');
    // the creator is either seat: whoever has movable pieces moves first
    const first = (await host.locator('svg.board .piece.movable').count()) > 0 ? host : guest;
    const second = first === host ? guest : host;
    await clickMove(first, [second, watcher]);
    await clickMove(second, [first, watcher]);
    // a reload in the middle of the game resumes it
    await first.reload();
    await first.waitForSelector('svg.board .piece');
    await poll(() => moveCount(first)).toBe(2);
    await clickMove(first, [second, watcher]);
    await second.getByTestId('resign').click();
    await second.getByTestId('resign-yes').click();
    for (const p of [host, guest, watcher])
      await poll(() => p.getByTestId('status').textContent()).toMatch(/resignation/);
    for (const p of [host, guest, watcher]) await p.context().close();
  });
});
