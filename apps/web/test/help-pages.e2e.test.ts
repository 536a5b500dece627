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

  // its wide tables scroll inside themselves: the page never scrolls sideways on a phone
  it('fits a phone in every language', { timeout: 180_000 }, async () => {
    const page = await site.newPage(375, 740, true);
    await page.goto(site.url);
    for (const lang of Object.keys(EXPECTED)) {
      await page.getByTestId('language').selectOption(lang);
      await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await page.goto(`${site.url}#/rules/tournaments`);
      await page.locator('.rules article.prose h2').first().waitFor({ timeout: 60_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, lang).toBeLessThanOrEqual(0);
      await page.goto(site.url);
    }
    await page.context().close();
  });
});
