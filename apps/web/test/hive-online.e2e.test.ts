/**
 * End-to-end online for the Hive advanced game: the built app served by the real server, two guests in separate
 * browser contexts choose their rosters blind (neither page ever shows the other's choice before both are in), a
 * spectator sees neither, then both play moves of the new pieces.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type HiveGame, parseGameString } from '@qiyuan/hive';
import { type ServerHandle, startServer } from '@qiyuan/server';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

let browser: Browser;
let server: ServerHandle;
let dataDir: string;
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'qiyuan-hive-online-web-'));
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  dataDir = mkdtempSync(join(tmpdir(), 'qiyuan-hive-online-db-'));
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, webDir: outDir, logLevel: 'silent' });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  for (const d of [dataDir, outDir]) if (d) rmSync(d, { recursive: true, force: true });
});

const poll = <T>(read: () => Promise<T> | T, timeout = 20_000) => expect.poll(read, { timeout, interval: 100 });

const newPage = async (): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
};

const moveCount = (page: Page) => page.locator('[data-testid=move-list] li').count();

const chooseRoster = async (page: Page, counts: Readonly<Record<string, string>>) => {
  await page.getByTestId('roster-confirm').waitFor();
  for (const [kind, n] of Object.entries(counts)) await page.locator(`select[name=roster-${kind}]`).selectOption(n);
  await page.getByTestId('roster-confirm').click();
};

const hiveMove = async (page: Page, game: HiveGame, uhp: string) => {
  const m = game.viewFor(game.position.side).legal.find((x) => x.uhp === uhp);
  if (!m) throw new Error(`${uhp} is not legal here`);
  const before = await moveCount(page);
  if (m.from) await page.locator(`svg.board .hv-cell[data-cell="${m.from.q},${m.from.r}"]`).click();
  else await page.locator(`.hv-reserve[data-piece="${m.piece}"]`).click();
  const target = page.locator(`svg.board .hv-cell.target[data-cell="${m.to.q},${m.to.r}"]`);
  await target.waitFor({ state: 'attached' });
  await target.click();
  await poll(() => moveCount(page)).toBe(before + 1);
  expect(game.play(game.legalMoves().find((x) => game.moveToString(x) === uhp)!).ok).toBe(true);
};

describe('Hive advanced game online', () => {
  it('two players choose their rosters blind, then play a grab and a swap', async () => {
    const white = await newPage();
    await white.goto(server.url);
    await white.getByTestId('language').selectOption('en');
    await white.getByTestId('game-hive').click();
    await white.locator('input[name=mode][value=online]').check();
    await white.locator('select[name=variant]').selectOption('Base+MLP');
    await white.locator('select[name=sides]').selectOption('advanced');
    await white.locator('#clock-kind').selectOption('none');
    await white.locator('input[name=visibility][value=private]').check();
    await white.locator('#my-seat').selectOption('0');
    await white.getByTestId('start').click();
    await white.getByTestId('waiting').waitFor();
    const link = await white.getByTestId('invite-link').inputValue();
    const black = await newPage();
    await black.goto(link);
    await black.getByTestId('language').selectOption('en');
    await black.getByTestId('join').click();
    const watcher = await newPage();
    await watcher.goto(link);
    await watcher.getByTestId('language').selectOption('en');

    // Black chooses first; White and the spectator learn only that Black has chosen.
    await chooseRoster(black, { R: '2', D: '1', C: '1' });
    await poll(() => black.getByTestId('roster-waiting').textContent()).toContain('White');
    await poll(() => watcher.getByTestId('roster-waiting').textContent()).toContain('White');
    for (const p of [white, watcher]) {
      await poll(() => p.locator('[data-testid=move-list] li').first().textContent()).toContain('Roster chosen');
      expect(await p.getByTestId('move-list').innerText()).not.toContain('Scorpion');
    }
    await chooseRoster(white, { T: '1', F: '2', W: '1' });
    for (const p of [white, black, watcher])
      await poll(() => p.locator('.hv-reserve[data-piece="bC"]').count()).toBe(1);
    // Once both are in, every view shows both rosters (Black's Scorpions in its reserve).
    await poll(() => watcher.locator('.hv-reserve[data-piece="bR1"]').count()).toBe(1);
    // and the move list names Black's choice, without a reload, where it said only "Roster chosen"
    for (const p of [white, watcher])
      await poll(() => p.locator('[data-testid=move-list] li').first().textContent()).toContain('Scorpion');

    const g = parseGameString('Base+MLP:TF2W/R2DC');
    if (!g.ok) throw new Error(g.error.reason);
    for (const [i, uhp] of ['wT1', 'bC wT1-', 'wQ -wT1', 'bQ bC-', 'wT1 +wQ', 'bC =bQ'].entries()) {
      await hiveMove(i % 2 === 0 ? white : black, g.value, uhp);
      for (const p of [white, black, watcher]) await poll(() => moveCount(p)).toBe(2 + i + 1);
    }
    await poll(() => watcher.locator('svg.board .hv-cell').count()).toBe(3);
    for (const p of [white, black, watcher]) await p.context().close();
  }, 180_000);
});
