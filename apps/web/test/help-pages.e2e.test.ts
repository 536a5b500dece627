import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { latinWords, pageWords } from './ui.js';

/**
 * The rules page has a Tournaments tab after the four games: it shows docs/TOURNAMENTS in the page's language,
 * and the Chinese pages hold no English word.
 */
const site = useSite();

const EXPECTED = {
  en: { tab: 'Tournaments', heading: 'Tournaments', phrase: 'Sonneborn–Berger' },
  'zh-CN': { tab: '比赛', heading: '比赛', phrase: '索-伯分' },
  'zh-TW': { tab: '比賽', heading: '比賽', phrase: '索-伯分' },
} as const;

describe('tournaments help', () => {
  it('is a tab of the rules page in English, 简体 and 繁體', { timeout: 180_000 }, async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    for (const [lang, want] of Object.entries(EXPECTED)) {
      await page.getByTestId('language').selectOption(lang);
      await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await page.goto(`${site.url}#/rules/hive`);
      await page.locator('.rules nav.tabs').getByRole('link', { name: want.tab, exact: true }).click();
      await poll(() => page.evaluate(() => location.hash)).toBe('#/rules/tournaments');
      const article = page.locator('.rules article.prose');
      await poll(() => article.locator('h2').first().textContent(), 60_000).toBe(want.heading);
      expect(await article.textContent()).toContain(want.phrase);
      if (lang !== 'en') expect(latinWords(await pageWords(page), ['English'])).toEqual([]);
      await page.goto(site.url);
    }
    await page.context().close();
  });
});
