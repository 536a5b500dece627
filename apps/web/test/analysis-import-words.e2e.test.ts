import { describe, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * The analysis board's import box names what it reads in the game shown: a Hive game string only on Hive's board,
 * never on Junqi's, Abalone's or Chinese Checkers'.
 */
const site = useSite({ server: false });

describe('the analysis import box', () => {
  it("mentions Hive's game strings on the Hive board only", { timeout: 120_000 }, async () => {
    const page = await site.newPage(390, 844, true);
    for (const [game, mentions] of [
      ['hive', true],
      ['junqi', false],
      ['abalone', false],
      ['chinese-checkers', false],
    ] as const) {
      await page.goto(`${site.url}#/analysis/${game}`);
      await page.getByTestId('editor').locator('summary').click();
      const label = page.locator('label[for="import-text"]');
      await poll(() => label.textContent()).toMatch(/^A game record exported here/);
      await poll(async () => /Hive/.test((await label.textContent()) ?? '')).toBe(mentions);
    }
  });
});
