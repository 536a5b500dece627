import { POINTS } from '@qiyuan/chinese-checkers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PACK_KEY } from '../src/offline-pack.js';
import { serveStatic } from './browser.js';
import { builtApp, ccMove, clickMove, moveCount, poll, screenshot, shownMoves, useSite } from './harness.js';
import { CC_CHAIN_PLY, CC_RACE } from './lines.js';

/**
 * End-to-end: the built app in Debian's chromium. These need no game server:
 * one-screen play, play against the AI in its Web Worker, reload, languages,
 * a phone viewport. (Online games are in online.test.ts, against the real server.)
 */
const site = useSite({ server: false, serviceWorker: true });
const newPage = site.newPage;

/** Starts a game from the home page with the given mode and option values. */
const startGame = async (page: Page, game: string, mode: 'hotseat' | 'ai', options: Record<string, string> = {}) => {
  await page.goto(site.url);
  await page.getByTestId('language').selectOption('en');
  await page.getByTestId(`game-${game}`).click();
  await page.locator(`input[name=mode][value=${mode}]`).check();
  for (const [k, v] of Object.entries(options)) await page.locator(`select[name=${k}]`).selectOption(v);
  await page.getByTestId('start').click();
  await page.waitForSelector('svg.board .piece');
};

/**
 * Waits for a page value. Vitest's expect.poll gives up after 1 s by default, which a
 * busy 2-core machine (the first test also pays chromium's cold start) can exceed
 * between a click and the re-render: that was the hotseat test's occasional timeout.
 */

/** A point of the star by its name, as the board's hit areas and pieces carry it (the engine's point id). */
const pointId = (name: string): string => String(POINTS.find((p) => p.name === name)!.id);
const status = (page: Page) => page.getByTestId('status').textContent();

/**
 * At ply `CC_CHAIN_PLY` of the race Red's a1 may jump once to c1, twice to e5 or e7, or three times to g7. Selecting
 * it previews the way to each landing beyond the first; the player may stop anywhere on the way: here on c1, which
 * is then taken back.
 */
const chooseWhereToStop = async (page: Page) => {
  await page.locator(`svg.board .piece.movable[data-at="${pointId('a1')}"]`).waitFor();
  await page.locator(`svg.board .hit[data-id="${pointId('a1')}"]`).click();
  const targets = page.locator('svg.board .hit.target');
  await poll(() => targets.evaluateAll((ts) => ts.map((t) => t.getAttribute('data-id')).sort())).toEqual(
    ['c1', 'e5', 'e7', 'g7'].map(pointId).sort(),
  );
  // one drawn path per landing reached by a chain: two jumps to e5 and e7, three to g7
  const paths = page.locator('svg.board .jump-path');
  await poll(() =>
    paths.evaluateAll((ps) => ps.map((p) => (p.getAttribute('d')?.match(/L/g) ?? []).length).sort()),
  ).toEqual([2, 2, 3]);
  // the three-jump path turns on the points it lands on: a1, c1, e7, g7
  const centre = (name: string) =>
    page
      .locator(`svg.board .hit[data-id="${pointId(name)}"]`)
      .evaluate((c) => `${Number(c.getAttribute('cx')).toFixed(3)} ${Number(c.getAttribute('cy')).toFixed(3)}`);
  const through = ['a1', 'c1', 'e7', 'g7'];
  const expected = (await Promise.all(through.map(centre))).map((xy, i) => `${i === 0 ? 'M' : 'L'}${xy}`).join(' ');
  expect(await paths.evaluateAll((ps) => ps.map((p) => p.getAttribute('d')))).toContain(expected);
  // stopping after the first jump
  const before = await moveCount(page);
  await page.locator(`svg.board .hit.target[data-id="${pointId('c1')}"]`).click();
  await poll(() => moveCount(page)).toBe(before + 1);
  expect((await shownMoves(page)).at(-1)).toBe('a1-c1');
  await page.getByTestId('takeback').click();
  await poll(() => moveCount(page)).toBe(before);
};

describe('Chinese Checkers in the browser', () => {
  // two players at one screen race to the end through the UI; a chain of jumps is previewed and stopped on the way
  it('plays a hotseat race until Red fills Green’s corner', async () => {
    const page = await newPage();
    await startGame(page, 'chinese-checkers', 'hotseat');
    await poll(() => status(page)).toContain('Red to move');
    await screenshot(page, 'chinese-checkers.png');
    for (const [i, m] of CC_RACE.entries()) {
      if (i === CC_CHAIN_PLY) await chooseWhereToStop(page);
      await ccMove(page, m);
    }
    await poll(() => status(page)).toBe('Game over: Red wins · goal filled');
    expect(await shownMoves(page)).toEqual([...CC_RACE]);
    // a race has nothing to capture, so no count of captures is shown
    expect(await page.getByTestId('cc-captures').isVisible()).toBe(false);
    // every red piece stands in Green's corner (the top of the star)
    const corner = POINTS.filter((p) => p.corner === 3).map((p) => String(p.id));
    const reds = await page
      .locator('svg.board .piece.cc-red')
      .evaluateAll((ps) => ps.map((p) => p.getAttribute('data-at')).sort());
    expect(reds).toEqual(corner.sort());
    await page.context().close();
  }, 120_000);

  // a reload in the middle of a game comes back to the same position and move list; a resignation ends it
  it('resumes after a reload', async () => {
    const page = await newPage();
    await startGame(page, 'chinese-checkers', 'hotseat');
    await clickMove(page);
    await clickMove(page);
    await poll(() => moveCount(page)).toBe(2);
    const before = await page.locator('[data-testid=move-list]').textContent();
    await page.reload();
    await page.waitForSelector('svg.board .piece');
    await poll(() => moveCount(page)).toBe(2);
    await poll(() => page.locator('[data-testid=move-list]').textContent()).toBe(before);
    await clickMove(page);
    await poll(() => moveCount(page)).toBe(3);
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-yes').click();
    await poll(() => status(page)).toBe('Game over: Red wins · resignation');
    // at one screen the banner speaks to nobody in particular: the end's neutral colour
    expect(await page.getByTestId('status').getAttribute('data-outcome')).toBe('over');
    await page.context().close();
  });

  // 食棋: any player moves any piece, and a jump takes the piece jumped over off the board
  it('plays the capture variant with a capture each', async () => {
    const page = await newPage();
    await startGame(page, 'chinese-checkers', 'hotseat', { variant: 'capture' });
    const pieces = page.locator('svg.board .piece');
    await poll(() => pieces.count()).toBe(60);
    // the game is won on captures, so each player's count is shown under the star
    const captures = page.getByTestId('cc-captures');
    await poll(() => captures.innerText()).toBe('Red · Captured: 0\nGreen · Captured: 0');
    // Red jumps g7 over h6 into the empty centre: the piece on h6 is gone
    const jumped = pointId('h6');
    expect(await page.locator(`svg.board .piece[data-at="${jumped}"]`).count()).toBe(1);
    await ccMove(page, 'g7xi5');
    await poll(() => pieces.count()).toBe(59);
    expect(await page.locator(`svg.board .piece[data-at="${jumped}"]`).count()).toBe(0);
    await poll(() => status(page)).toContain('Green to move');
    await poll(() => captures.locator('[data-seat="0"]').getAttribute('data-n')).toBe('1');
    // capturing is compulsory: Green's moves are captures too; it jumps i7 over h7 into g7, just emptied
    await ccMove(page, 'i7xg7');
    await poll(() => pieces.count()).toBe(58);
    expect(await page.locator(`svg.board .piece[data-at="${pointId('h7')}"]`).count()).toBe(0);
    await poll(() => captures.innerText()).toBe('Red · Captured: 1\nGreen · Captured: 1');
    expect(await shownMoves(page)).toEqual(['g7xi5', 'i7xg7']);
    await page.context().close();
  });
});

describe('languages and phones', () => {
  // every visible string follows the language switch; no English is left on a Chinese page
  it('switches every visible string', async () => {
    const page = await newPage();
    await startGame(page, 'chinese-checkers', 'hotseat');
    const english = await page.locator('body').innerText();
    expect(english).toContain('Moves');
    await page.getByTestId('language').selectOption('zh-CN');
    await poll(() => page.locator('body').innerText()).toContain('棋谱');
    const chinese = await page.locator('body').innerText();
    // only the brand's Latin letters, move notation and numbers may stay
    const words = chinese.match(/[A-Za-z]{3,}/g) ?? [];
    expect(words.filter((w) => !['English'].includes(w))).toEqual([]);
    await page.getByTestId('language').selectOption('zh-TW');
    await poll(() => page.locator('body').innerText()).toContain('棋譜');
    await page.goto(`${site.url}#/settings`);
    await poll(() => page.locator('h1').textContent()).toBe('設定');
    await page.goto(site.url);
    // the home page is a chunk of its own: its words appear once it has loaded
    await poll(() => page.locator('body').innerText()).toContain('中國跳棋');
    expect(await page.locator('body').innerText()).toContain('昆蟲棋');
    // the choice is remembered
    await page.reload();
    await poll(() => page.getByTestId('language').inputValue()).toBe('zh-TW');
    await page.context().close();
  });

  // at 375 px nothing overflows sideways and the board is still playable
  it('fits a phone', async () => {
    const page = await newPage(375, 740);
    await startGame(page, 'chinese-checkers', 'hotseat');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.locator('svg.board').boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    await clickMove(page);
    await poll(() => moveCount(page)).toBe(1);
    await screenshot(page, 'phone.png');
    await page.context().close();
  });
});

describe('offline', () => {
  // After one visit (and the offline pack fetched once the page was idle) the service worker holds the whole app: with the site gone, a reload still opens it, a game
  // against the AI starts and the AI answers from its worker; the rules page opens too.
  it('plays against the AI with the server gone', async () => {
    const own = await serveStatic(await builtApp());
    const page = await newPage();
    // the page's own clock, driven here: its time flows as usual, and the idle wait before the pack is skipped over
    // instead of waited out
    await page.clock.install();
    await page.goto(own.url);
    await poll(() =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return reg.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
      }),
    ).toBe(true);
    // the worker precaches the shell only; the rest of what offline play needs follows once the page has been idle
    // a while (offline-pack.ts: 30 s after its load)
    await page.clock.fastForward(30_000);
    await poll(() => page.evaluate((key) => localStorage.getItem(key), PACK_KEY), 60_000).not.toBeNull();
    await own.close();
    // nothing answers on that address any more: only the service worker can open the page
    await expect(fetch(own.url)).rejects.toThrow();
    await page.reload();
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('game-chinese-checkers').click();
    await page.locator('input[name=mode][value=ai]').check();
    await page.getByTestId('start').click();
    await page.waitForSelector('svg.board .piece');
    await clickMove(page);
    await poll(() => moveCount(page), 30_000).toBe(2);
    await page.goto(`${own.url}#/rules/hive`);
    await poll(() => page.locator('article.prose h1, article.prose h2').count()).toBeGreaterThan(0);
    await page.context().close();
  }, 180_000);
});
