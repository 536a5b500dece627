import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { type Game, unwrap } from '@qiyuan/core';
import { hive, parseGameString } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * The analysis board's engine on several threads: the real server makes the page cross-origin isolated (COOP and
 * COEP), the engine's worker starts helper workers that share its table, and the lines it gives are still legal.
 * Without isolation the engine searches alone and offers no choice of threads.
 */
const site = useSite({ server: true });

// A Base+MLP middlegame with many moves, so that no depth ends early on a forced move or a proven win.
const MIDDLEGAME = 'Base+MLP;InProgress;White[4];wS1;bG1 -wS1;wA1 wS1/;bQ /bG1;wQ wA1-;bA1 \\bG1';

const GAMES: Record<string, { make: () => Game; record?: string }> = {
  hive: {
    make: () => unwrap(parseGameString(MIDDLEGAME)),
    record: hive.exportGame(unwrap(parseGameString(MIDDLEGAME))),
  },
  abalone: { make: () => unwrap(abalone.create(unwrap(abalone.parseOptions({})))) },
  'chinese-checkers': { make: () => unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({})))) },
};

/** Opens the analysis board of `id`, with `record` loaded if given. */
const openBoard = async (page: Page, id: string, record?: string): Promise<void> => {
  await page.goto(`${site.url}#/analysis/${id}`);
  await page.getByTestId('engine-toggle').waitFor();
  if (record === undefined) return;
  await page.getByTestId('editor').locator('summary').click();
  await page.getByTestId('import-text').fill(record);
  await page.getByTestId('import-load').click();
  await poll(() => page.getByTestId('tree-move').count()).toBeGreaterThan(0);
};

/** The engine's lines as move lists: the first move's button, then the continuation. */
const shownLines = async (page: Page): Promise<string[][]> => {
  const out: string[][] = [];
  for (const li of await page.getByTestId('engine-line').all()) {
    const first = (await li.locator('button').textContent()) ?? '';
    const rest = ((await li.locator('span.muted').textContent()) ?? '').split(' · ').filter((m) => m !== '');
    out.push([first, ...rest]);
  }
  return out;
};

/** Whether `line` plays move by move from `game`'s position. */
const plays = (game: Game, line: readonly string[]): boolean => {
  const copy = game.clone();
  return line.every((text) => {
    const m = copy.parseMove(text);
    return m.ok && copy.play(m.value).ok;
  });
};

const depthLine = (page: Page) => page.getByTestId('engine-depth');

describe('the analysis engine on several threads', () => {
  it('the page is cross-origin isolated by the server’s headers', async () => {
    const page = await site.newPage();
    const res = await page.goto(site.url);
    expect(res?.headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect(res?.headers()['cross-origin-embedder-policy']).toBe('require-corp');
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await page.context().close();
  });

  for (const [id, { make, record }] of Object.entries(GAMES)) {
    it(`${id}: searches on the threads chosen and gives legal lines`, { timeout: 180_000 }, async () => {
      const page = await site.newPage();
      // a device of four cores, whatever this machine's: three threads by default (one core stays with the page)
      await page.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 4 }));
      await openBoard(page, id, record);
      const choice = page.getByTestId('engine-threads');
      expect((await choice.locator('option').allTextContents()).map(Number)).toEqual([1, 2, 3, 4]);
      expect(await choice.inputValue()).toBe('3');
      // two, which this two-core machine can run
      const threads = 2;
      await choice.selectOption(String(threads));
      await page.getByTestId('engine-toggle').click();
      await poll(() => depthLine(page).getAttribute('data-threads'), 60_000).toBe(String(threads));
      await poll(() => depthLine(page).textContent(), 120_000).toMatch(/Depth ([3-9]|1\d)/);
      expect(await depthLine(page).textContent()).toContain(`${threads} threads`);
      // the helpers searched: each writes its nodes once the engine's answer stops it
      await poll(async () => Number(await depthLine(page).getAttribute('data-helper-nodes')), 120_000).toBeGreaterThan(
        0,
      );
      await page.getByTestId('engine-toggle').click();
      await poll(() => page.getByTestId('engine-toggle').textContent()).toBe('Start engine');
      const lines = await shownLines(page);
      expect(lines.length).toBe(3);
      const game = make();
      for (const line of lines) expect(plays(game, line), line.join(' ')).toBe(true);
      // the choice is kept for the next visit
      await page.reload();
      await page.getByTestId('engine-toggle').waitFor();
      expect(await page.getByTestId('engine-threads').inputValue()).toBe(String(threads));
      await page.context().close();
    });
  }

  it('without isolation the engine searches alone and offers no choice of threads', { timeout: 120_000 }, async () => {
    const page = await site.newPage();
    // the page as a server without the embedder policy sends it
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const res = await route.fetch();
        const headers = { ...res.headers() };
        delete headers['cross-origin-embedder-policy'];
        await route.fulfill({ response: res, headers });
      },
    );
    await openBoard(page, 'abalone');
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    expect(await page.getByTestId('engine-threads').count()).toBe(0);
    await page.getByTestId('engine-toggle').click();
    await poll(() => depthLine(page).textContent(), 60_000).toMatch(/Depth [2-9]/);
    expect(await depthLine(page).getAttribute('data-threads')).toBe('1');
    expect(await depthLine(page).textContent()).not.toMatch(/thread/);
    await page.context().close();
  });
});
