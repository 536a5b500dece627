import { GAME_IDS } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { RULE_EXAMPLES } from '../src/pages/rule-boards.js';
import { poll, useSite } from './harness.js';
import { latinWords, pageWords } from './ui.js';

/**
 * The rules page has a Tournaments tab after the four games: it shows docs/TOURNAMENTS in the page's language,
 * and the Chinese pages hold no English word.
 */
const site = useSite({ server: false });

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

/** What each board marks as a place the chosen piece may go. */
const TARGETS = '.hit.target, .hv-cell.target, .ab-arrow, .jq-pt.dst';

const AGAIN = { en: 'Show again', 'zh-CN': '再看一次', 'zh-TW': '再看一次' } as const;

/**
 * The rules pages in each language draw their live examples with the games' own boards: every example appears,
 * its piece chosen, with its destinations highlighted; a move played on one is played, and "Show again" puts it
 * back.
 */
describe('rules page examples', () => {
  for (const lang of ['en', 'zh-CN', 'zh-TW'] as const) {
    it(`draws every example with highlighted destinations in ${lang}`, { timeout: 300_000 }, async () => {
      const page = await site.newPage();
      await page.goto(site.url);
      await page.getByTestId('language').selectOption(lang);
      await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      for (const game of GAME_IDS) {
        const ids = Object.entries(RULE_EXAMPLES)
          .filter(([, ex]) => ex.game === game)
          .map(([id]) => id);
        await page.goto(`${site.url}#/rules/${game}`);
        for (const id of ids) {
          // this game's own figures: the page before may still show the last game's for a moment
          const figure = page.locator(`figure[data-rule-board="${id}"]`);
          // a board is drawn as it comes near the screen
          await figure.scrollIntoViewIfNeeded();
          await poll(() => page.locator(`figure[data-rule-board="${id}"][data-ready=true]`).count(), 60_000).toBe(1);
          expect(await figure.locator(TARGETS).count(), `${lang} ${id}`).toBeGreaterThan(0);
          // the caption is in the page's language
          const caption = (await figure.locator('figcaption').textContent()) ?? '';
          if (lang === 'en') expect(caption).toMatch(/^[A-Z]/);
          else expect(caption).toMatch(/[\u3400-\u9fff]/);
        }
        expect(await page.locator('figure[data-rule-board]').count()).toBe(ids.length);
      }
      // the example is live: a highlighted destination plays the move; "Show again" chooses the piece again
      await page.goto(`${site.url}#/rules/chinese-checkers`);
      const step = page.locator('figure[data-rule-board="cc-step"]');
      await step.scrollIntoViewIfNeeded();
      await poll(() => step.getAttribute('data-ready'), 60_000).toBe('true');
      await step.locator('.hit.target').first().click();
      await step.getByRole('button', { name: AGAIN[lang] }).click();
      await poll(() => step.getAttribute('data-ready'), 60_000).toBe('true');
      expect(await step.locator('.hit.target').count()).toBeGreaterThan(0);
      await page.context().close();
    });
  }
});
