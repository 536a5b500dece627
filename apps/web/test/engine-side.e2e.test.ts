import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * The analysis board's engine reads the bar and the lines' scores from one side, as lichess shows both for White: it
 * read "−16 for Black" on the bar and "+16" on the best line when White was to move.
 */
const site = useSite({ server: false });

const engineLines = (page: import('playwright-core').Page) => page.getByTestId('engine-line').allTextContents();

describe('the engine’s scores', () => {
  it('the bar and the best line read the same, whoever is to move', { timeout: 180_000 }, async () => {
    const page = await site.newPage(1280, 1000);
    await page.goto(`${site.url}#/analysis/abalone`);
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Black to move');
    const toggle = page.getByTestId('engine-toggle');
    for (const status of ['Black to move', 'White to move']) {
      await poll(() => page.getByTestId('analysis-status').textContent()).toBe(status);
      await toggle.click();
      await poll(async () => (await engineLines(page)).length, 90_000).toBeGreaterThan(0);
      await toggle.click();
      await poll(() => toggle.textContent()).toBe('Start engine');
      const bar = (await page.getByTestId('eval-bar').locator('small').textContent()) ?? '';
      const score = (await page.getByTestId('engine-line').first().locator('.score').textContent()) ?? '';
      expect(bar).toBe(`${score} for Black`);
      expect(await page.getByTestId('engine-lines-for').textContent()).toBe('Scores for Black, as the bar reads');
      // White to move next: the engine's move played from its line
      if (status === 'Black to move') await page.getByTestId('engine-line').first().locator('button').click();
    }
    await page.context().close();
  });
});
