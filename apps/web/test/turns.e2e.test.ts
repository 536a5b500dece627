import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickMove, poll, useSite } from './harness.js';
import { createSeek, registerAs, status } from './online-ui.js';

/**
 * The "your turn" list and the header's count (issue #23): two players with a correspondence game and a Fischer game
 * between them. The list names the games where it is the reader's move, correspondence first; the count follows
 * every move on both pages without a reload, and the list is there in Chinese too.
 */
const site = useSite({ server: true, firstMoveMs: 600_000 });

const count = (page: Page) =>
  page
    .getByTestId('turn-count')
    .count()
    .then(async (n) => (n === 0 ? 0 : Number(await page.getByTestId('turn-count').textContent())));

/** The games of the home page's "your turn" list, in order, by id. */
const listed = (page: Page) =>
  page
    .locator('[data-testid=your-turn] > li')
    .evaluateAll((items) => items.map((li) => (li.getAttribute('data-testid') ?? '').replace(/^turn-/, '')));

const join = async (page: Page, id: string) => {
  await page.goto(`${site.url}#/online/${id}`);
  await page.getByTestId('language').selectOption('en');
  await page.getByTestId('join').click();
  await page.waitForSelector('svg.board .piece');
};

describe('the games where it is your move', () => {
  it('lists them, correspondence first, and counts them in the header as moves are played', {
    timeout: 240_000,
  }, async () => {
    const red = await site.newPage();
    const blue = await site.newPage();
    // a Fischer game first, then a correspondence game: the list still puts the correspondence game first
    const live = await createSeek(red, site.url, 'chinese-checkers', { clock: '10+5' });
    await join(blue, live);
    const post = await createSeek(red, site.url, 'chinese-checkers', { clock: 'correspondence' });
    await join(blue, post);
    await red.goto(`${site.url}#/online/${post}`);
    await poll(() => status(red)).toBe('Your move (Red)');
    await poll(() => red.locator('.online-game').innerText()).toContain('3 days per move');
    // Red is to move in both games; Blue in none
    await poll(() => count(red)).toBe(2);
    await poll(() => count(blue)).toBe(0);
    await red.getByTestId('turn-count').click();
    await red.getByTestId('your-turn').waitFor();
    await poll(() => listed(red)).toEqual([post, live]);
    await expect(red.getByTestId(`turn-${post}`).innerText()).resolves.toContain('3 days per move');
    await blue.goto(site.url);
    await poll(() => blue.locator('section[aria-labelledby=turns]').innerText()).toContain(
      'It is not your move in any game.',
    );
    // Red plays the correspondence game from the list: one left for Red, one for Blue, on both pages at once
    await red.getByTestId(`play-${post}`).click();
    await poll(() => status(red)).toBe('Your move (Red)');
    await clickMove(red);
    await poll(() => count(red)).toBe(1);
    await poll(() => count(blue)).toBe(1);
    // and the header says so for a moment, linking to the game
    await poll(() => blue.getByTestId('turn-notice').textContent()).toBe('Your move: Chinese Checkers');
    await poll(() => listed(blue)).toEqual([post]);
    // the list speaks the page's language
    await blue.getByTestId('language').selectOption('zh-CN');
    await poll(() => blue.locator('section[aria-labelledby=turns] h2').textContent()).toBe('轮到你');
    await poll(() => blue.getByTestId(`turn-${post}`).innerText()).toContain('每步 3 天');
    // Blue, to move, goes on vacation from the game's page: Red sees it, and Blue's clock stands still
    await blue.getByTestId('language').selectOption('en');
    await blue.getByTestId(`play-${post}`).click();
    await blue.getByTestId('vacation').click();
    await poll(() => red.getByTestId('vacation-1').textContent()).toContain('on vacation');
    await poll(() => blue.getByTestId('vacation').textContent()).toBe('End my vacation');
    const stands = await blue.getByTestId('clock-1').textContent();
    await poll(() => blue.getByTestId('vacation-left').textContent()).toMatch(/^Vacation left: 1[34] d/);
    expect(await blue.getByTestId('clock-1').textContent()).toBe(stands);
    await blue.getByTestId('vacation').click();
    await poll(() => red.getByTestId('vacation-1').count()).toBe(0);
    await red.context().close();
    await blue.context().close();
  });

  it('keeps the e-mail address a player gives in account settings, and refuses one that is not', {
    timeout: 120_000,
  }, async () => {
    const page = await site.newPage();
    await registerAs(page, site.url, `mail${Date.now().toString(36).slice(-6)}`, 'seven purple hexagons');
    await page.goto(`${site.url}#/account`);
    const form = page.getByTestId('email-form');
    await form.locator('input[name=email]').fill('not an address');
    // the browser's own check of a type=email field is skipped so the server's answer is what the page shows
    await form.evaluate((f) => f.setAttribute('novalidate', ''));
    await page.getByTestId('email-save').click();
    await poll(() => form.getByRole('alert').textContent()).toBe('Please enter a valid e-mail address.');
    await form.locator('input[name=email]').fill('ana@example.org');
    await page.getByTestId('email-save').click();
    await poll(() => page.getByTestId('email-state').textContent()).toBe('Saved.');
    await page.reload();
    await poll(() => page.getByTestId('email-form').locator('input[name=email]').inputValue()).toBe('ana@example.org');
    // this test's server has no SMTP settings: the page says no mail is sent yet
    await poll(() => form.innerText()).toContain('This site sends no e-mail at the moment');
    await page.context().close();
  });

  it('asks for browser notifications from a click, then notifies a player looking elsewhere of their move', {
    timeout: 180_000,
  }, async () => {
    const red = await site.newPage();
    const blue = await site.newPage();
    // Blue's browser: a Notification that records what it shows and grants what is asked, and a page in the
    // background (a real headless browser shows no notification and is never hidden)
    await blue.addInitScript(() => {
      const shown: { title: string; body: string }[] = [];
      class FakeNotification {
        static permission: NotificationPermission = 'default';
        static requestPermission(): Promise<NotificationPermission> {
          FakeNotification.permission = 'granted';
          return Promise.resolve('granted');
        }
        onclick: (() => void) | null = null;
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body ?? '' });
        }
        close(): void {}
      }
      Object.assign(window, { Notification: FakeNotification, shownNotifications: shown });
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    });
    const post = await createSeek(red, site.url, 'chinese-checkers', { clock: 'correspondence' });
    await join(blue, post);
    await blue.goto(site.url);
    await blue.getByTestId('language').selectOption('en');
    await blue.getByTestId('notify-ask').click();
    await poll(() => blue.locator('section[aria-labelledby=turns]').innerText()).toContain(
      'This browser shows a notification when it is your move.',
    );
    await red.goto(`${site.url}#/online/${post}`);
    await poll(() => status(red)).toBe('Your move (Red)');
    await clickMove(red);
    await poll(() =>
      blue.evaluate(() => (window as unknown as { shownNotifications: { body: string }[] }).shownNotifications),
    ).toEqual([expect.objectContaining({ body: 'Your move: Chinese Checkers' })]);
    await red.context().close();
    await blue.context().close();
  });
});
