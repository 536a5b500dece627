import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickMove, poll, useSite } from './harness.js';
import { allSee, seatAll, status } from './online-ui.js';

/**
 * The end of a game at a table of three: the seat that finished second is told its place, not "You lose" (a second
 * place is no loss at a table, and scores in a tournament), the winner is told it won.
 */
const site = useSite({ server: true });

const resign = async (page: Page) => {
  await page.getByTestId('resign').click();
  await page.getByTestId('resign-yes').click();
};

describe('the end of a three-player game', () => {
  it('tells each seat its place', { timeout: 180_000 }, async () => {
    const host = await site.newPage();
    const pages = await seatAll(
      site.newPage,
      site.url,
      'chinese-checkers',
      { options: { players: '3' }, clock: 'none' },
      3,
      host,
    );
    for (const p of pages) await p.waitForSelector('svg.board .piece');
    const [first, second, third] = pages as [Page, Page, Page];
    await clickMove(first);
    await allSee(pages, 1);
    // the second seat leaves first (third place), then the third seat (second place): the first seat wins
    await resign(second);
    await resign(third);
    await poll(() => status(first)).toContain('You win');
    await poll(() => status(third)).toContain('You finish in place 2 of 3');
    expect(await status(third)).not.toContain('You lose');
    await poll(() => status(second)).toContain('You finish in place 3 of 3');
    for (const p of pages) await p.context().close();
  });
});
