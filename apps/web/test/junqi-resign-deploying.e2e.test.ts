import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { moveCount, poll, useSite } from './harness.js';
import { createSeek, gameIdOf, status } from './online-ui.js';

/**
 * Four-player free-for-all Junqi online (ruling R13 before play): a player who resigns while the armies deploy is
 * out at once, nobody waits for their deployment, and the others deploy and play on.
 */
const site = useSite({ server: true });

const resign = async (page: Page) => {
  await page.getByTestId('resign').click();
  await page.getByTestId('resign-yes').click();
};

describe('Junqi free-for-all online, a resignation during the deployment', () => {
  it('leaves the others deploying and playing', async () => {
    // Red and Green are people; the AI holds Yellow and Blue and deploys at once
    const red = await site.newPage();
    await createSeek(red, site.url, 'junqi', {
      options: { players: '4', teams: 'ffa', mode: 'open' },
      clock: 'none',
      ai: [0, 2],
    });
    await red.getByTestId('waiting').waitFor();
    const green = await site.newPage();
    await green.goto(`${site.url}#/online/${gameIdOf(red)}`);
    await green.getByTestId('language').selectOption('en');
    await green.getByTestId('sit-2').click();
    await green.getByTestId('jq-preset-classic').waitFor();

    // Green resigns before deploying: out at once, told so, and waited for by nobody
    await resign(green);
    await poll(() => status(green)).toMatch(/^You are out of this game and can keep watching/);
    await poll(() => red.getByTestId('player-2').textContent()).toContain('out of the game');
    await poll(() => green.getByTestId('jq-waiting').textContent()).toBe('Waiting for Red to deploy.');

    // Red deploys and the game starts without Green's army; the AI's armies move and it is Red's turn again
    await red.getByTestId('jq-preset-classic').click();
    await red.getByTestId('jq-confirm').click();
    await poll(() => status(red), 60_000).toBe('Your move (Red)');
    await poll(() => red.locator('svg.jq-board .jq-tile[data-army="2"]').count()).toBe(0);
    const before = await moveCount(red);
    const points = await red
      .locator('svg.jq-board .jq-tile[data-army="0"]')
      .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-point') ?? ''));
    for (const point of points) {
      await red.locator(`svg.jq-board .jq-pt[data-point="${point}"]`).click();
      if ((await red.locator('svg.jq-board .jq-dest').count()) === 0) continue;
      const to = await red.locator('svg.jq-board .jq-dest').first().getAttribute('data-point');
      await red.locator(`svg.jq-board .jq-pt[data-point="${to}"]`).click();
      break;
    }
    await poll(() => moveCount(red)).toBeGreaterThan(before);
    await poll(() => status(red), 60_000).toBe('Your move (Red)');
    for (const p of [red, green]) await p.context().close();
  }, 180_000);
});
