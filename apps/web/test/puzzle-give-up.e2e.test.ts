import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * Asking for the solution before playing a move is giving up, not a wrong move: the page says so in each game and
 * in each language, and never tells the player that a move they did not play was wrong.
 */
const site = useSite({ server: true });

const CASES = [
  ['hive', 'hive-', 'en', 'You gave up on this one: here is the solution.'],
  ['abalone', 'abalone-', 'zh-CN', '已放弃这道题，答案如下。'],
  ['chinese-checkers', 'cc-', 'zh-TW', '已放棄這道題，答案如下。'],
] as const;

describe('giving up on a puzzle', () => {
  it('says the player gave up, not that their move was wrong, and shows the solution and the next puzzle beside it', {
    timeout: 120_000,
  }, async () => {
    const page = await site.newPage(390, 844, true);
    for (const [game, prefix, language, said] of CASES) {
      await page.goto(`${site.url}#/puzzles/${game}`);
      await page.getByTestId('language').selectOption(language);
      await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(
        new RegExp(`^${prefix}`),
      );
      await page.getByTestId('puzzle-show-solution').click();
      await page.getByTestId('puzzle-solution').waitFor();
      await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe(said);
      // no count of moves left under a solution played out
      expect(await page.getByTestId('puzzle-moves-left').count()).toBe(0);
      // the next puzzle is offered beside the verdict, not only in the bar screens above
      const shown = await page.getByTestId('puzzle').getAttribute('data-puzzle');
      await page.getByTestId('puzzle-next-after').click();
      await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(shown);
      await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('');
      // and is shown from its heading, not from where the button was, screens below
      await poll(() =>
        page.getByTestId('puzzle-heading').evaluate((h) => {
          const r = h.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      ).toBe(true);
    }
  });
});
