import type { Page } from 'playwright-core';
import { poll } from './harness.js';

/** Helpers the settings, touch, replay and language tests share: starting games and setting preferences. */

export type Mode = 'hotseat' | 'ai';

/** Starts a game at one screen or against the AI from the home page (in English unless told); resolves to its id. */
export const startLocal = async (
  page: Page,
  url: string,
  game: string,
  mode: Mode,
  options: Record<string, string> = {},
  language = 'en',
): Promise<string> => {
  await page.goto(url);
  await page.getByTestId('language').selectOption(language);
  await page.getByTestId(`game-${game}`).click();
  await page.locator(`input[name=mode][value=${mode}]`).check();
  for (const [k, v] of Object.entries(options)) await page.locator(`select[name=${k}]`).selectOption(v);
  await page.getByTestId('start').click();
  await page.waitForSelector('svg.board .piece, svg.board .ab-cell, .hv-reserve, svg.jq-board .jq-pt');
  return decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '');
};

export interface Preferences {
  readonly theme?: string;
  readonly pieces?: string;
  readonly sound?: boolean;
  readonly animation?: boolean;
  readonly coordinates?: boolean;
}

/** Sets preferences through the settings page, as a player does; they stay on the device. */
export const setPreferences = async (page: Page, url: string, prefs: Preferences): Promise<void> => {
  await page.goto(`${url}#/settings`);
  if (prefs.theme) await page.locator('#set-theme').selectOption(prefs.theme);
  if (prefs.pieces) await page.locator('#set-pieces').selectOption(prefs.pieces);
  const checks: [string, boolean | undefined][] = [
    ['#set-sound', prefs.sound],
    ['#set-anim', prefs.animation],
    ['#set-coords', prefs.coordinates],
  ];
  for (const [id, on] of checks) if (on !== undefined) await page.locator(id).setChecked(on);
  // the settings page saves at once; the next page reads them from the device
  await poll(() =>
    page.evaluate(() => JSON.parse(localStorage.getItem('qiyuan.settings') ?? '{}') as Record<string, unknown>),
  ).toMatchObject(prefs);
};

/** Opens a local game again (its page reads the saved game); waits for its board, not the page before it. */
export const openLocal = async (page: Page, url: string, id: string): Promise<void> => {
  await page.goto(`${url}#/local/${id}`);
  await page.waitForSelector(
    ['svg.board .piece', 'svg.board .ab-cell', '.hv-reserve', 'svg.jq-board .jq-tile']
      .map((s) => `[data-local="${id}"] ${s}`)
      .join(', '),
  );
};

/** Waits `n` animation frames of the page: what the boards need to start (or not) a slide after a move. */
export const frames = (page: Page, n = 6): Promise<void> =>
  page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const step = () => (--left <= 0 ? resolve() : requestAnimationFrame(step));
        requestAnimationFrame(step);
      }),
    n,
  );

/**
 * Every word a person meets on the page, read or heard: the visible text, every option of every list, and the
 * labels, titles and placeholders screen readers and tooltips give (never style sheets or scripts, nor code set
 * as code: move notation and option names are the same in every language). `skip`: a selector of parts left out.
 */
export const pageWords = (page: Page, skip = ''): Promise<string> =>
  page.evaluate((skipped) => {
    const out: string[] = [];
    // style sheets and scripts are not read; code (notation, option names, protocol commands) is not prose
    const ignored = `style, script, textarea, code, pre${skipped ? `, ${skipped}` : ''}`;
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.parentElement?.closest(ignored)) continue;
      out.push(n.textContent ?? '');
    }
    for (const e of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [aria-roledescription], [alt]',
    )) {
      if (skipped && e.closest(skipped)) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'aria-roledescription', 'alt']) {
        const v = e.getAttribute(a);
        if (v) out.push(v);
      }
    }
    return out.join('\n');
  }, skip);

/** Words of three Latin letters or more: what would be English left on a Chinese page. */
export const latinWords = (text: string, allowed: readonly string[] = []): string[] =>
  (text.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !allowed.includes(w));
