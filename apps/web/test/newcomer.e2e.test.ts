import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { moveCount, poll, useSite } from './harness.js';
import { startLocal } from './ui.js';

/**
 * What a newcomer met in the browser (issue #21), each as the player saw it: the built app, served statically, in
 * Debian's chromium.
 */
const site = useSite({ server: false });

const status = (page: Page) => page.getByTestId('status').textContent();

describe('Junqi 明棋 against the AI', () => {
  // the AI of an open game was handed the whole game instead of its seat's view, refused it, and the game stalled
  it.each([
    { players: '2', moves: 2 },
    { players: '4', moves: 4 },
  ])('$players players: the AI deploys and answers a move', { timeout: 180_000 }, async ({ players, moves }) => {
    const page = await site.newPage();
    await startLocal(page, site.url, 'junqi', 'ai', { players, mode: 'open' });
    await page.getByTestId('jq-confirm').click();
    await poll(() => status(page), 60_000).toContain('Your move (Red)');
    expect(await page.locator('[role=alert]').count()).toBe(0);
    const before = await moveCount(page);
    const from = await page.locator('svg.jq-board .jq-pt.src').first().getAttribute('data-point');
    await page.locator(`svg.jq-board .jq-pt[data-point="${from}"]`).click();
    const to = await page.locator('svg.jq-board .jq-dest').first().getAttribute('data-point');
    await page.locator(`svg.jq-board .jq-pt[data-point="${to}"]`).click();
    await poll(() => moveCount(page), 60_000).toBe(before + moves);
    await poll(() => status(page), 60_000).toContain('Your move (Red)');
    await page.context().close();
  });
});
