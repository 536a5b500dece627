import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/** The analysis board's ⇅ button is named for screen readers on every game's board, in each language. */
const site = useSite({ server: false });

const NAMES = { en: 'Turn the board around', 'zh-CN': '翻转棋盘', 'zh-TW': '翻轉棋盤' } as const;

describe('the ⇅ button', () => {
  it('has an accessible name on every analysis board, in each language', async () => {
    const page = await site.newPage(1280, 900);
    for (const game of ['hive', 'abalone', 'chinese-checkers', 'junqi']) {
      await page.goto(`${site.url}#/analysis/${game}`);
      for (const [lang, name] of Object.entries(NAMES)) {
        await page.getByTestId('language').selectOption(lang);
        // found by its role and name, as assistive technology finds it
        await poll(() => page.getByRole('button', { name, exact: true }).count(), 10_000).toBe(1);
        expect(await page.getByRole('button', { name, exact: true }).getAttribute('data-testid'), game).toBe(
          'analysis-flip',
        );
      }
    }
    await page.context().close();
  });
});
