import type { Page } from 'playwright-core';
import { moveCount, poll } from './harness.js';

/** What the online browser tests read and do on a page, the same way in every file. */

export const status = (page: Page) => page.getByTestId('status').textContent();

/** The game id in a page's `#/online/<id>` address. */
export const gameIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '');

/** Every page shows `n` moves. */
export const allSee = async (pages: readonly Page[], n: number) => {
  for (const p of pages) await poll(() => moveCount(p)).toBe(n);
};

export interface SeekForm {
  readonly options?: Record<string, string>;
  /**
   * A preset such as `3+2`, a clock kind chosen in the select (`none`), minutes and increment typed into a Fischer
   * clock's fields, or the seconds of a clock per move.
   */
  readonly clock?:
    | string
    | { readonly minutes: string; readonly increment: string }
    | { readonly secondsPerMove: string };
  readonly rated?: boolean;
  readonly private?: boolean;
  /**
   * The seats the server's AI (level 1) takes, by their index among the other seats in the form. With these the
   * game may start at once, so the page is not awaited in the waiting room.
   */
  readonly ai?: readonly number[];
}

/** Creates an online game from the site's home page, sitting in the first seat; resolves to its id. */
export const createSeek = async (page: Page, siteUrl: string, game: string, form: SeekForm = {}): Promise<string> => {
  await page.goto(siteUrl);
  await page.getByTestId('language').selectOption('en');
  await page.getByTestId(`game-${game}`).click();
  await page.locator('input[name=mode][value=online]').check();
  for (const [k, v] of Object.entries(form.options ?? {})) await page.locator(`select[name=${k}]`).selectOption(v);
  const clock = form.clock;
  if (typeof clock === 'object' && 'secondsPerMove' in clock) {
    await page.locator('#clock-kind').selectOption('move');
    await page.locator('#clock-move').fill(clock.secondsPerMove);
  } else if (typeof clock === 'object') {
    await page.locator('#clock-kind').selectOption('fischer');
    await page.locator('#clock-minutes').fill(clock.minutes);
    await page.locator('#clock-increment').fill(clock.increment);
  } else if (clock?.includes('+')) await page.getByTestId(`preset-${clock}`).click();
  else if (clock) await page.locator('#clock-kind').selectOption(clock);
  if (form.rated) await page.locator('input[name=rated][value=rated]').check();
  if (form.private) await page.locator('input[name=visibility][value=private]').check();
  await page.locator('#my-seat').selectOption('0');
  for (const j of form.ai ?? []) await page.locator(`#seat-${j}`).selectOption('ai:1');
  await page.getByTestId('start').click();
  if (form.ai?.length) await page.waitForFunction(() => location.hash.startsWith('#/online/'));
  else await page.getByTestId('waiting').waitFor();
  return gameIdOf(page);
};

/**
 * Creates an online game on `host` (a new page unless given) in the first seat, then opens a page of its own for each
 * other seat, in English, sitting in it; resolves to the pages in seat order.
 */
export const seatAll = async (
  newPage: () => Promise<Page>,
  siteUrl: string,
  game: string,
  form: SeekForm,
  seats: number,
  host?: Page,
): Promise<Page[]> => {
  const first = host ?? (await newPage());
  const id = await createSeek(first, siteUrl, game, form);
  const pages = [first];
  for (let s = 1; s < seats; s++) {
    const p = await newPage();
    await p.goto(`${siteUrl}#/online/${id}`);
    await p.getByTestId('language').selectOption('en');
    await p.getByTestId(`sit-${s}`).click();
    pages.push(p);
  }
  return pages;
};

/** Writes a line in the game's chat (to the channel chosen). */
export const sendChat = async (page: Page, text: string) => {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
};

/** Registers an account on the site's account page; the app then shows its profile. */
export const registerAs = async (page: Page, siteUrl: string, name: string, password: string) => {
  await page.goto(`${siteUrl}#/account`);
  await page.getByTestId('language').selectOption('en');
  const form = page.getByTestId('register-form');
  await form.locator('input[name=username]').fill(name);
  await form.locator('input[name=password]').fill(password);
  await form.locator('input[name=confirm]').fill(password);
  await page.getByTestId('register-submit').click();
  await poll(() => page.getByTestId('who-name').textContent()).toBe(name);
  await poll(() => page.getByTestId('profile-name').textContent()).toContain(name);
};

/** What the helpers below need of a test file's site (harness.ts, useSite). */
export interface OnlineSite {
  readonly url: string;
  newPage(): Promise<Page>;
}

/** Creates an online game from the home page in the first seat and seats one more page in each other seat. */
export const seatAllOf = async (
  site: OnlineSite,
  game: string,
  options: Record<string, string>,
  seats: number,
  clock?: { minutes: string; increment: string },
  prepare?: (host: Page) => Promise<void>,
): Promise<Page[]> => {
  const host = await site.newPage();
  await prepare?.(host);
  return seatAll(() => site.newPage(), site.url, game, { options, clock: clock ?? 'none' }, seats, host);
};

/** Creates an online game in the first seat with the AI (level 1) in the seats `ai` (their indexes among the others). */
export const createWithAi = async (
  site: OnlineSite,
  game: string,
  options: Record<string, string>,
  ai: readonly number[],
): Promise<Page> => {
  const page = await site.newPage();
  await createSeek(page, site.url, game, { options, clock: 'none', ai });
  return page;
};

/** Plays a Junqi move of `army` by clicks: the first of its pieces that has somewhere to go, to its first destination. */
export const junqiAnyMove = async (page: Page, army: number) => {
  const before = await moveCount(page);
  const points = await page
    .locator(`svg.jq-board .jq-tile[data-army="${army}"]`)
    .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-point') ?? ''));
  for (const point of points) {
    await page.locator(`svg.jq-board .jq-pt[data-point="${point}"]`).click();
    const dest = page.locator('svg.jq-board .jq-dest').first();
    if ((await page.locator('svg.jq-board .jq-dest').count()) === 0) continue;
    const to = await dest.getAttribute('data-point');
    await page.locator(`svg.jq-board .jq-pt[data-point="${to}"]`).click();
    await poll(() => moveCount(page)).toBeGreaterThan(before);
    return;
  }
  throw new Error(`no piece of army ${army} can move`);
};

/** Resigns this page's seat (asked, then confirmed). */
export const resign = async (page: Page) => {
  await page.getByTestId('resign').click();
  await page.getByTestId('resign-yes').click();
};
