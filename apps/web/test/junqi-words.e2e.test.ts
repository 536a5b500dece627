import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * Junqi's words come one language at a time (a chunk each): a board shown in English names its pieces in English, a
 * switch to Traditional Chinese renames them at once on the same board, and back.
 */
const site = useSite({ server: false });

describe('Junqi’s words', () => {
  it('follow a language switch on the board shown', async () => {
    const page = await site.newPage(1280, 800);
    await page.goto(`${site.url}#/analysis/junqi`);
    const board = page.locator('.board-area svg');
    await poll(() => board.textContent()).toContain('FM');
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.getByTestId('language').selectOption('zh-TW');
    await poll(() => page.locator('.board-area svg').textContent()).toContain('軍旗');
    expect(await page.locator('.board-area svg').textContent()).not.toContain('FM');
    // the Traditional Chinese words were fetched on the switch, not before
    expect(requested.some((p) => /junqi-zh-TW-[\w-]+\.js$/.test(p))).toBe(true);
    await page.getByTestId('language').selectOption('en');
    await poll(() => page.locator('.board-area svg').textContent()).toContain('FM');
    await page.context().close();
  });
});
