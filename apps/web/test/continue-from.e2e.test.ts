import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { moveCount, poll, useSite } from './harness.js';

/**
 * "Continue from here" on the analysis board: a game on this device starts from the position shown, with the moves
 * that led there — against the computer, which plays the side not to move, or with a friend at the same screen.
 */
const site = useSite({ server: false });

const treeMoves = (page: Page) => page.getByTestId('tree-move').count();

/** Plays the first legal move on the analysis board (Chinese Checkers) and waits for the tree to take it. */
const analysisMove = async (page: Page): Promise<void> => {
  const before = await treeMoves(page);
  for (let attempt = 0; ; attempt++) {
    const at = await page.locator('svg.board .piece.movable').first().getAttribute('data-at', { timeout: 30_000 });
    await page.locator(`svg.board .hit[data-id="${at}"]`).click();
    try {
      await page.locator('svg.board .hit.target').first().waitFor({ state: 'attached', timeout: 5_000 });
      break;
    } catch (e) {
      if (attempt === 4) throw e;
    }
  }
  await page.locator('svg.board .hit.target').first().click();
  await poll(() => treeMoves(page)).toBeGreaterThan(before);
};

/** Plays the first legal move on the game page at this screen. */
const gameMove = async (page: Page): Promise<void> => {
  const before = await moveCount(page);
  for (let attempt = 0; ; attempt++) {
    const at = await page.locator('svg.board .piece.movable').first().getAttribute('data-at', { timeout: 30_000 });
    await page.locator(`svg.board .hit[data-id="${at}"]`).click();
    try {
      await page.locator('svg.board .hit.target').first().waitFor({ state: 'attached', timeout: 5_000 });
      break;
    } catch (e) {
      if (attempt === 4) throw e;
    }
  }
  await page.locator('svg.board .hit.target').first().click();
  await poll(() => moveCount(page)).toBeGreaterThan(before);
};

describe('continue from an analysis position', () => {
  it('starts a game against the computer from the position, the player on the side to move', {
    timeout: 180_000,
  }, async () => {
    const page = await site.newPage(1280, 900);
    await page.goto(`${site.url}#/analysis/chinese-checkers`);
    await page.getByTestId('language').selectOption('en');
    for (let i = 0; i < 3; i++) await analysisMove(page);
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Green to move');
    await page.getByTestId('continue-level').selectOption('1');
    await page.getByTestId('continue-ai').click();
    await poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/local\/\w+$/);
    // the three moves that led there, then the player's (Green's) move and the computer's answer for Red
    await poll(() => moveCount(page)).toBe(3);
    await gameMove(page);
    await poll(() => moveCount(page), 60_000).toBe(5);
    const saved = await page.evaluate(() => {
      const id = location.hash.split('/')[2]!;
      return JSON.parse(localStorage.getItem(`qiyuan.local.${id}`) ?? 'null') as {
        mode: string;
        aiSeats: number[];
        level: number;
      };
    });
    expect(saved).toMatchObject({ mode: 'ai', aiSeats: [0], level: 1 });
    await page.context().close();
  });

  it('starts a game with a friend at this screen from the position', { timeout: 120_000 }, async () => {
    const page = await site.newPage(1280, 900);
    await page.goto(`${site.url}#/analysis/chinese-checkers`);
    await page.getByTestId('language').selectOption('zh-CN');
    await poll(() => page.getByTestId('continue-friend').textContent()).toBe('与朋友同屏对弈');
    await analysisMove(page);
    await page.getByTestId('continue-friend').click();
    await poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/local\/\w+$/);
    await poll(() => moveCount(page)).toBe(1);
    // both sides are played here, one after the other
    await gameMove(page);
    await gameMove(page);
    await poll(() => moveCount(page)).toBe(3);
    await page.context().close();
  });
});
