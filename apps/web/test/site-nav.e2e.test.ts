import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { startLocal } from './ui.js';

/**
 * The site's pages in the header, on a phone (390 × 844) and a laptop (1280 × 800): on the phone, in every
 * language, no page scrolls sideways and every page of the menu is reachable behind its button, which opens and
 * closes as a menu does; on the laptop the pages stand in a row and the button is not there.
 */
const site = useSite({ server: false });

const LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;
const PAGES = ['#/', '#/rules', '#/tournaments', '#/analysis/hive', '#/puzzles', '#/profile', '#/settings'];

/** How far the page reaches past the window's right edge (0 or less when it does not scroll sideways). */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The menu's links that a finger can reach: shown, inside the window, none of them cut off by the menu's box. */
const reachableLinks = (page: Page): Promise<string[]> =>
  page.locator('header.top nav a').evaluateAll((links) =>
    links.flatMap((a) => {
      const r = a.getBoundingClientRect();
      const inside = r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= window.innerWidth;
      return inside ? [a.getAttribute('href') ?? ''] : [];
    }),
  );

/** Opens the menu through its button when the links are folded behind it; fails when neither shows them all. */
const openMenu = async (page: Page): Promise<void> => {
  if ((await reachableLinks(page)).length === PAGES.length) return;
  const toggle = page.getByTestId('menu-toggle');
  expect(await toggle.isVisible(), 'the pages are neither shown nor behind a menu button').toBe(true);
  await toggle.click();
  await poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
};

const phone = async (language: string): Promise<Page> => {
  const page = await site.newPage(390, 844, true);
  await page.goto(site.url);
  await page.getByTestId('language').selectOption(language);
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
  return page;
};

describe('the site’s navigation', () => {
  // one test a language: three pages in three languages overran a test's minute on a loaded machine
  it.each(LANGUAGES)('fits a phone in %s, with every page behind the menu button', async (language) => {
    const page = await phone(language);
    const places: [string, () => Promise<void>][] = [
      ['the home page', () => page.getByTestId('start').waitFor()],
      [
        'the analysis page',
        async () => {
          await page.goto(`${site.url}#/analysis/junqi`);
          await page.locator('.board-area svg').first().waitFor();
        },
      ],
      [
        'a game',
        async () => {
          await startLocal(page, site.url, 'hive', 'hotseat', {}, language);
        },
      ],
    ];
    for (const [where, open] of places) {
      await open();
      expect(await overflow(page), `${language}, ${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
      // closed, the header is one row: the pages do not push the board down
      expect((await page.locator('header.top').boundingBox())!.height).toBeLessThan(70);
      await openMenu(page);
      expect(await reachableLinks(page), `${language}, ${where}`).toEqual(PAGES);
      expect(await overflow(page), `${language}, ${where}: the open menu scrolls sideways`).toBeLessThanOrEqual(0);
      for (const h of await page
        .locator('header.top nav a')
        .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height)))
        expect(h).toBeGreaterThanOrEqual(40);
      // Escape closes it and gives the focus back to its button
      await page.keyboard.press('Escape');
      await poll(() => page.getByTestId('menu-toggle').getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-toggle');
      expect(await reachableLinks(page)).toEqual([]);
    }
    // a page chosen from the menu opens and the menu folds away
    await openMenu(page);
    await page.locator('header.top nav a[href="#/rules"]').click();
    await page.locator('main h1').first().waitFor();
    await poll(() => page.evaluate(() => location.hash)).toBe('#/rules');
    await poll(() => page.getByTestId('menu-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // a tap beside the open menu closes it too
    await openMenu(page);
    await page.locator('main h1').first().click();
    await poll(() => page.getByTestId('menu-toggle').getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('shows every page in a row on a laptop, without the menu button', async () => {
    const page = await site.newPage(1280, 800);
    await page.goto(site.url);
    await page.getByTestId('start').waitFor();
    expect(await page.getByTestId('menu-toggle').isVisible()).toBe(false);
    expect(await reachableLinks(page)).toEqual(PAGES);
    const tops = await page
      .locator('header.top nav a')
      .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
