import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serveStatic } from './browser.js';
import { builtApp, clickMove, moveCount, poll, SHOTS, useSite } from './harness.js';

/**
 * End-to-end: the built app in Debian's chromium. These need no game server:
 * one-screen play, play against the AI in its Web Worker, reload, languages,
 * a phone viewport. (Online games are in online.test.ts, against the real server.)
 */
const site = useSite({ server: false });
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

describe('Chinese Checkers in the browser', () => {
  // two players at one screen take turns through the UI; a resignation ends the game
  it('plays a hotseat game to its end', async () => {
    const page = await newPage();
    await startGame(page, 'chinese-checkers', 'hotseat');
    await poll(() => page.getByTestId('status').textContent()).toContain('Red to move');
    await page.screenshot({ path: join(SHOTS, 'chinese-checkers.png') });
    for (let i = 0; i < 4; i++) {
      await clickMove(page);
      await poll(() => moveCount(page)).toBe(i + 1);
    }
    await poll(() => page.getByTestId('status').textContent()).toContain('Red to move');
    // take back one move, then play it again
    await page.getByTestId('takeback').click();
    await poll(() => moveCount(page)).toBe(3);
    await clickMove(page);
    await poll(() => moveCount(page)).toBe(4);
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-yes').click();
    await poll(() => page.getByTestId('status').textContent()).toMatch(/Game over: Green wins · resignation/);
    await page.context().close();
  });

  // a reload in the middle of a game comes back to the same position and move list
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
    await page.context().close();
  });

  // the AI answers in its Web Worker, with no server at all
  it('plays against the AI', async () => {
    const page = await newPage();
    await startGame(page, 'chinese-checkers', 'ai');
    for (let i = 0; i < 2; i++) {
      await clickMove(page);
      await poll(() => moveCount(page), 30_000).toBe(2 * i + 2);
      await poll(() => page.getByTestId('status').textContent()).toContain('Red to move');
    }
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
    const home = await page.locator('body').innerText();
    expect(home).toContain('中國跳棋');
    expect(home).toContain('昆蟲棋');
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
    await page.screenshot({ path: join(SHOTS, 'phone.png') });
    await page.context().close();
  });
});

describe('offline', () => {
  // After one visit the service worker holds the whole app: with the site gone, a reload still opens it, a game
  // against the AI starts and the AI answers from its worker; the rules page opens too.
  it('plays against the AI with the server gone', async () => {
    const own = await serveStatic(await builtApp());
    const page = await newPage();
    await page.goto(own.url);
    await poll(() =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return reg.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
      }),
    ).toBe(true);
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
  });
});
