import { hive } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newHive, poll, QUEEN_SURROUND, useSite } from './harness.js';

/**
 * The analysis board's engine says why it cannot search in the page's language, never in the engine's English: a
 * position with no move, and an engine that does not load (its chunk missing, offline).
 */
const site = useSite({ server: false });

/** A Hive game over: Black has surrounded the white Queen. */
const finishedGame = (): string => {
  const game = newHive();
  for (const uhp of QUEEN_SURROUND) {
    const m = game.parseMove(uhp);
    if (!m.ok || !game.play(m.value).ok) throw new Error(`${uhp} does not play`);
  }
  if (!game.outcome()) throw new Error('the line does not end the game');
  return hive.exportGame(game);
};

/** Opens the Hive analysis board in `lang`, waiting for the page to speak it. */
const openBoard = async (page: Page, lang: string): Promise<void> => {
  await page.goto(`${site.url}#/analysis/hive`);
  await page.getByTestId('language').selectOption(lang);
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await page.getByTestId('engine-toggle').waitFor();
};

const HAN = /\p{Script=Han}/u;

describe('the analysis engine’s words', () => {
  for (const [lang, words] of [
    ['en', 'No move to analyse here.'],
    ['zh-CN', '这里没有可以分析的着法。'],
    ['zh-TW', '這裡沒有可以分析的著法。'],
  ] as const) {
    it(`says there is no move to analyse in a game over, in ${lang}`, async () => {
      const page = await site.newPage();
      await openBoard(page, lang);
      await page.getByTestId('editor').locator('summary').click();
      await page.getByTestId('import-text').fill(finishedGame());
      await page.getByTestId('import-load').click();
      await poll(() => page.getByTestId('tree-move').count()).toBe(QUEEN_SURROUND.length);
      await page.getByTestId('engine-toggle').click();
      const said = page.getByTestId('engine-error');
      await poll(() => said.textContent()).toBe(words);
      expect(await said.getAttribute('data-code')).toBe('no-move');
      await page.context().close();
    });
  }

  it('says the engine stopped, in Chinese, when its worker cannot load', async () => {
    const page = await site.newPage();
    // the engine's chunk cannot be fetched (offline before it was cached): the worker fails to start
    await page.route(/engine\.worker/, (r) => r.abort());
    await openBoard(page, 'zh-CN');
    await page.getByTestId('engine-toggle').click();
    const said = page.getByTestId('engine-error');
    await poll(() => said.getAttribute('data-code')).toBe('crashed');
    const text = (await said.textContent()) ?? '';
    expect(text).toMatch(HAN);
    expect(text).not.toMatch(/[A-Za-z]/);
    await page.context().close();
  });
});
