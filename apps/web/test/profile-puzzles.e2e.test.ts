import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';

/**
 * The profile shows a player's puzzle rating per game to everyone, and their latest puzzle attempts to themselves:
 * a registered player gives up on a Hive puzzle (a rated failure), and their profile then shows a Hive puzzle rating
 * below the start and the attempt; a visitor sees the rating and no attempts.
 */
const site = useSite({ server: true });

describe('puzzles on the profile', () => {
  it('shows the puzzle rating and, to the player alone, the latest attempts', { timeout: 120_000 }, async () => {
    const page = await site.newPage(1280, 900);
    const name = `solver${Date.now() % 100000}`;
    await registerAs(page, site.url, name, 'a long and unusual passphrase 7');
    // before any puzzle: no puzzle rating yet
    await poll(() => page.getByTestId('profile-puzzles').textContent()).toContain('No rated puzzles yet.');

    await page.goto(`${site.url}#/puzzles/hive`);
    await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(/^hive-/);
    const puzzleId = (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '';
    await page.getByTestId('puzzle-show-solution').click();
    await page.getByTestId('puzzle-solution').waitFor();

    await page.goto(`${site.url}#/profile/${name}`);
    const row = page.getByTestId('puzzle-rating-hive');
    await row.waitFor();
    const rating = Number(/(\d+)/.exec((await row.locator('strong').textContent()) ?? '')?.[1]);
    expect(rating).toBeLessThan(1500);
    expect(await row.textContent()).toContain('Hive');
    const attempt = page.getByTestId(`profile-puzzle-${puzzleId}`);
    await attempt.waitFor();
    expect(await attempt.textContent()).toContain('Failed');

    // a visitor: the rating, not the attempts
    const visitor = await site.newPage(1280, 900);
    await visitor.goto(`${site.url}#/profile/${name}`);
    await visitor.getByTestId('language').selectOption('en');
    await poll(() => visitor.getByTestId('puzzle-rating-hive').locator('strong').textContent()).toBe(String(rating));
    expect(await visitor.getByTestId('profile-puzzle-attempts').count()).toBe(0);

    // in Chinese too
    await visitor.getByTestId('language').selectOption('zh-CN');
    await poll(() => visitor.getByTestId('profile-puzzles').locator('h2').textContent()).toBe('谜题');
  });
});
