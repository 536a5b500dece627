import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickMove, moveCount, poll, useSite } from './harness.js';
import { startLocal } from './ui.js';

/**
 * The layout as a player meets it, on a phone (375 × 740) and a laptop (1280 × 800): no page scrolls sideways, the
 * header's links are big enough to tap, the chosen game is marked, the move list reads as words, the Chinese
 * Checkers star fills its board, whose turn it is shows over the board on a phone and Hive's own reserve is on the
 * screen with the board.
 */
const site = useSite({ server: false });

const GAMES = ['hive', 'junqi', 'abalone', 'chinese-checkers'] as const;

/**
 * How far the page scrolls past the window's right edge, and what reaches furthest (to name in a failure; a wide table
 * in a box of its own that scrolls reaches past the edge without widening the page).
 */
const sideways = (page: Page): Promise<{ by: number; widest: string }> =>
  page.evaluate(() => {
    const by = document.documentElement.scrollWidth - window.innerWidth;
    let widest = '';
    let right = window.innerWidth;
    for (const e of document.querySelectorAll('body *')) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > right) {
        right = r.right;
        widest = `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className}` : ''}`;
      }
    }
    return { by, widest };
  });

const expectFits = async (page: Page, where: string): Promise<void> => {
  const s = await sideways(page);
  expect(s.by, `${where} scrolls sideways (${s.widest} reaches furthest)`).toBeLessThanOrEqual(0);
};

const phonePage = async (language: string): Promise<Page> => {
  const page = await site.newPage(375, 740, true);
  await page.goto(site.url);
  await page.getByTestId('language').selectOption(language);
  // the language's words load first (a chunk of their own): measure once the page speaks it
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
  return page;
};

describe('on a phone', () => {
  // every create form in every mode, in English (the longest words) and Chinese: Hive's game types once widened
  // the page by 34 px
  it('never scrolls sideways on the home page', async () => {
    for (const language of ['en', 'zh-CN']) {
      const page = await phonePage(language);
      for (const game of GAMES) {
        await page.getByTestId(`game-${game}`).click();
        for (const mode of ['hotseat', 'ai', 'online']) {
          await page.locator(`input[name=mode][value=${mode}]`).check();
          await page.getByTestId('start').waitFor();
          await expectFits(page, `${language} ${game} ${mode}`);
        }
      }
      await page.context().close();
    }
  });

  it('never scrolls sideways on the other pages', async () => {
    const page = await phonePage('en');
    for (const route of ['#/rules', ...GAMES.map((g) => `#/rules/${g}`), '#/settings', '#/profile', '#/account']) {
      await page.goto(`${site.url}${route}`);
      await page.locator('main h1').first().waitFor();
      await expectFits(page, route);
    }
    for (const game of GAMES) {
      await startLocal(page, site.url, game, 'hotseat');
      await expectFits(page, `the ${game} game`);
    }
    await page.context().close();
  });

  // a fingertip is about 40 px: the header's links were 23 px tall; and the header keeps to one row (in English
  // it took three, 152 px of a 740 px screen), the links behind the menu button
  it('has header links big enough to tap, behind the menu button', async () => {
    for (const language of ['en', 'zh-CN']) {
      const page = await phonePage(language);
      expect((await page.locator('header.top').boundingBox())!.height).toBeLessThan(70);
      await page.getByTestId('menu-toggle').click();
      await page.locator('header.top nav a').first().waitFor();
      const heights = await page
        .locator('header.top nav a')
        .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
      expect(heights.length).toBe(7);
      for (const h of heights) expect(h).toBeGreaterThanOrEqual(40);
      await page.context().close();
    }
  });

  it('marks the chosen game', async () => {
    const page = await phonePage('en');
    const border = (game: string) =>
      page.getByTestId(`game-${game}`).evaluate((e) => getComputedStyle(e).borderLeftColor);
    await page.getByTestId('game-abalone').click();
    await poll(() => page.getByTestId('game-abalone').getAttribute('aria-pressed')).toBe('true');
    expect(await border('abalone')).not.toBe(await border('hive'));
    await page.getByTestId('game-hive').click();
    await poll(() => border('hive')).not.toBe(await border('abalone'));
    await page.context().close();
  });

  // the seat's name and the move are two words (a flex box once dropped the space: "Redd1-e6"); the star reaches
  // the board's edges (it once sat in a square with a sixth of its width empty on each side)
  it('plays Chinese Checkers on a star that fills the board', async () => {
    const page = await site.newPage(375, 740, true);
    await startLocal(page, site.url, 'chinese-checkers', 'hotseat');
    const board = (await page.locator('svg.board').boundingBox())!;
    const holes = await page
      .locator('svg.board .hit')
      .evaluateAll((hs) => hs.map((h) => h.getBoundingClientRect()).map((r) => ({ x: r.x + r.width / 2, y: r.y })));
    const left = Math.min(...holes.map((h) => h.x)) - board.x;
    const right = board.x + board.width - Math.max(...holes.map((h) => h.x));
    for (const margin of [left, right]) expect(margin / board.width).toBeLessThan(0.08);
    await clickMove(page);
    await poll(() => moveCount(page)).toBe(1);
    expect(await page.locator('[data-testid=move-list] li button').first().innerText()).toMatch(/^Red [a-q]\d+-/);
    await page.context().close();
  });
});

describe('Hive on a phone', () => {
  // the empty board says where the first tile comes from; the eight bugs of each reserve sit in one row each
  it('shows where the first tile comes from and each reserve in one row', async () => {
    const page = await site.newPage(375, 740, true);
    await startLocal(page, site.url, 'hive', 'hotseat');
    // the panel is under the board, often out of sight (always so with Junqi's tall board): whose turn it is shows
    // over the board too
    const bar = page.locator('.board-area .status-bar');
    await poll(() => bar.textContent()).toBe('White to move');
    expect(await bar.isVisible()).toBe(true);
    expect((await bar.boundingBox())!.y).toBeLessThan((await page.locator('svg.board').boundingBox())!.y);
    await poll(() => page.locator('svg.board .hv-start').textContent()).toBe('Pick a tile from your reserve');
    const rows = await page
      .locator('.hv-hand')
      .evaluateAll((hands) =>
        hands.map(
          (h) => new Set([...h.querySelectorAll('.hv-reserve')].map((b) => b.getBoundingClientRect().top)).size,
        ),
      );
    expect(rows).toEqual([1, 1]);
    await page.locator('.hv-reserve:not([disabled])').first().click();
    await poll(() => page.locator('svg.board .hv-start').count()).toBe(0);
    await page.context().close();
  });
});

describe('on a laptop', () => {
  // 1280 × 800: the board, both reserves and the zoom buttons in one screen, so placing a tile needs no scrolling
  it('shows Hive with both reserves and no scrolling', async () => {
    const page = await site.newPage(1280, 800);
    await startLocal(page, site.url, 'hive', 'hotseat');
    const bottom = await page.locator('.hv-hand').evaluateAll((hs) => hs.map((h) => h.getBoundingClientRect().bottom));
    expect(bottom.length).toBe(2);
    for (const b of bottom) expect(b).toBeLessThanOrEqual(800);
    expect((await page.locator('svg.board').boundingBox())!.width).toBeGreaterThan(480);
    // beside the board the panel says whose turn it is: no second line over the board
    expect(await page.locator('.board-area .status-bar').isVisible()).toBe(false);
    await page.context().close();
  });
});
