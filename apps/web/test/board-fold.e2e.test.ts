import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * The board where a player looks first. On a phone (375 × 667) a puzzle's board starts near the top of the page,
 * its explanation below it; on a laptop (1280 × 900) Hive's board and both reserves are on the screen without
 * scrolling, on the analysis board and on the puzzles page.
 */
const site = useSite({ server: true });

/** The page's boxes as the window shows them, unscrolled. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const box = (x: Element | null) => {
      const r = x?.getBoundingClientRect();
      return r ? { top: r.top, bottom: r.bottom } : undefined;
    };
    return {
      board: box(document.querySelector('svg.board')),
      host: box(document.querySelector('.board-host')),
      hands: [...document.querySelectorAll('.hv-hand')].map((h) => box(h)!),
      intro: box(document.querySelector('[data-testid=puzzle-intro]')),
      height: window.innerHeight,
      scrolled: window.scrollY,
    };
  });

const openPuzzle = async (page: Page, game: string, prefix: string) => {
  await page.goto(`${site.url}#/puzzles/${game}`);
  await page.getByTestId('language').selectOption('en');
  await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(
    new RegExp(`^${prefix}`),
  );
  await page.locator('svg.board').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
};

describe('the board above the fold', () => {
  it('puts a puzzle’s board near the top of a phone’s screen, its explanation below', {
    timeout: 120_000,
  }, async () => {
    const page = await site.newPage(375, 667, true);
    for (const [game, prefix] of [
      ['hive', 'hive-'],
      ['abalone', 'abalone-'],
      ['chinese-checkers', 'cc-'],
    ] as const) {
      await openPuzzle(page, game, prefix);
      const b = await boxes(page);
      // about 700 px down before: now right under the header and the puzzle's heading and task
      expect(b.host!.top).toBeLessThan(240);
      // the board and, in Hive, both reserves are on the screen
      expect(b.host!.bottom).toBeLessThanOrEqual(b.height);
      // the explanation of the puzzles comes after the board
      expect(b.intro!.top).toBeGreaterThan(b.board!.bottom);
    }
  });

  it('shows Hive’s board and both reserves without scrolling at 1280 × 900', { timeout: 120_000 }, async () => {
    const page = await site.newPage(1280, 900);
    await openPuzzle(page, 'hive', 'hive-');
    const puzzle = await boxes(page);
    await page.goto(`${site.url}#/analysis/hive`);
    await page.locator('.hv-hand .hv-reserve').first().waitFor();
    const analysis = await boxes(page);
    for (const b of [puzzle, analysis]) {
      expect(b.hands).toHaveLength(2);
      for (const box of [b.board!, ...b.hands]) {
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.bottom).toBeLessThanOrEqual(b.height);
      }
    }
  });
});
