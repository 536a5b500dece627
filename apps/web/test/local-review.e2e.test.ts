import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickMove, moveCount, poll, useSite } from './harness.js';
import { startLocal } from './ui.js';

/**
 * The computer review of a game played on this device against the AI: made in the browser, with no server at all
 * (the site is served as static files), shown as a server game's review is, and kept with the game on the device.
 */
const site = useSite({ server: false });

const resign = async (page: Page) => {
  await page.getByTestId('resign').click();
  await page.getByTestId('resign-yes').click();
  await poll(() => page.getByTestId('status').textContent()).toContain('Game over');
};

describe('computer review of a game on this device', () => {
  it('reviews a finished game against the AI here, and keeps the review with the game', {
    timeout: 180_000,
  }, async () => {
    const page = await site.newPage(1280, 900);
    const id = await startLocal(page, site.url, 'chinese-checkers', 'ai');
    await clickMove(page);
    await poll(() => moveCount(page), 30_000).toBe(2);
    await clickMove(page);
    await poll(() => moveCount(page), 30_000).toBe(4);
    await resign(page);
    await page.goto(`${site.url}#/local/${id}/replay`);
    await page.getByTestId('request-review').click();
    await page.getByTestId('review-summary').waitFor({ timeout: 120_000 });
    // a row per player, each with two moves judged
    const rows = page.getByTestId('review-summary').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    for (const r of await rows.all()) expect(await r.locator('td').first().textContent()).toBe('2');
    await page.getByTestId('review-graph').waitFor();
    // each move of the list carries its class
    await poll(() => page.locator('[data-testid=move-list] .review-mark').count()).toBe(4);
    // the review is kept: the replay opened again shows it at once, with nothing to request
    await page.reload();
    await page.getByTestId('review-summary').waitFor();
    expect(await page.getByTestId('request-review').count()).toBe(0);
    // in Chinese too
    await page.getByTestId('language').selectOption('zh-CN');
    await poll(() => page.locator('#review-title').textContent()).toBe('电脑复盘');
    await page.context().close();
  });
});
