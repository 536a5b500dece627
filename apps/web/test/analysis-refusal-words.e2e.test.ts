import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * The analysis board refuses a pasted record, a position of the editor, the board's lines and a damaged link in the
 * page's language: on a 简体中文 page no English sentence appears (it said 'This text cannot be read: …' in the
 * engine's English); on an English page the engine's detail stays.
 */
const site = useSite({ server: false });

/** Opens the analysis board of `game` in `lang`, then the link's `state` if given, the page speaking `lang`. */
const openBoard = async (page: Page, game: string, lang: string, state = ''): Promise<void> => {
  await page.goto(`${site.url}#/analysis/${game}`);
  await page.getByTestId('language').selectOption(lang);
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await page.getByTestId('analysis-status').waitFor();
  if (state) await page.goto(`${site.url}#/analysis/${game}${state}`);
};

const openEditor = async (page: Page): Promise<void> => {
  await page.getByTestId('editor').locator('summary').click();
  await page.getByTestId('import-text').waitFor();
};

const HAN = /\p{Script=Han}/u;

/** Chinese with no Latin letter, once the game notation it quotes is taken out. */
const chineseOnly = (text: string, ...notation: string[]): void => {
  let rest = text;
  for (const n of notation) rest = rest.split(n).join('');
  expect(text).toMatch(HAN);
  expect(rest, text).not.toMatch(/[A-Za-z]/);
};

describe('the analysis board’s refusals in the page’s language', () => {
  for (const [lang, frame] of [
    ['zh-CN', /^读不懂这段文字：/],
    ['zh-TW', /^讀不懂這段文字：/],
    ['en', /^This text cannot be read: .+ \(.+\)$/],
  ] as const) {
    it(`refuses a pasted record that cannot be read in ${lang}`, { timeout: 120_000 }, async () => {
      const page = await site.newPage();
      await openBoard(page, 'abalone', lang);
      await openEditor(page);
      await page.getByTestId('import-text').fill('no record at all');
      await page.getByTestId('import-load').click();
      const said = page.getByTestId('editor').getByTestId('analysis-error');
      // in English the engine's own detail follows the words; in Chinese no English at all
      await poll(() => said.textContent()).toMatch(frame);
      if (lang !== 'en') chineseOnly((await said.textContent()) ?? '', 'no');
      // the move the record cannot read, quoted as the player wrote it
      expect(await said.textContent()).toContain('no');
      await page.context().close();
    });
  }

  // a list of Hive moves copied from elsewhere, without the game string's type, state and turn: it was answered with
  // the engine's English and a repository path ("see docs/rules/hive.md")
  for (const [lang, words] of [
    ['en', /^This text cannot be read: these are moves without the game they belong to\./],
    ['zh-CN', /^读不懂这段文字：这里只有着法，没有它们所属的对局。/],
  ] as const) {
    it(`answers a plain Hive move list with what is missing, in ${lang}`, { timeout: 120_000 }, async () => {
      const page = await site.newPage();
      await openBoard(page, 'hive', lang);
      await openEditor(page);
      const said = page.getByTestId('editor').getByTestId('analysis-error');
      for (const list of ['wS1\nbS1 wS1-\nwQ -wS1', 'wS1;bS1 wS1-;wQ -wS1']) {
        await page.getByTestId('import-text').fill(list);
        await page.getByTestId('import-load').click();
        await poll(() => said.textContent()).toMatch(words);
        const text = (await said.textContent()) ?? '';
        expect(text).not.toMatch(/docs\/|\.md|GameTypeString/);
        if (lang !== 'en') chineseOnly(text, 'Base+MLP;InProgress;White[2];wS1;bS1 wS1-');
      }
      await page.context().close();
    });
  }

  it('says which move of pasted lines or a game string cannot be played, and why, in 简体中文', {
    timeout: 120_000,
  }, async () => {
    const page = await site.newPage();
    await openBoard(page, 'hive', 'zh-CN');
    await openEditor(page);
    await page.getByTestId('import-text').fill('1. wS1 2. wQ -wS1');
    await page.getByTestId('import-load').click();
    const said = page.getByTestId('editor').getByTestId('analysis-error');
    await poll(() => said.textContent()).toMatch(/^读不懂这段文字：第 2 步 wQ -wS1：/);
    chineseOnly((await said.textContent()) ?? '', 'wQ -wS1');
    // a Hive game string from another tool: the move it cannot read, by its number
    await page.getByTestId('import-text').fill('Base;InProgress;White[2];wS1;bQ wS9');
    await page.getByTestId('import-load').click();
    await poll(() => said.textContent()).toMatch(/^读不懂这段文字：第 2 步 bQ wS9：/);
    chineseOnly((await said.textContent()) ?? '', 'bQ wS9');
    // lines with a mistake in their own form: what is wrong with them, not that they are no game record
    await page.getByTestId('import-text').fill('1. wS1 2. bG1 -wS1 (2. bA1 -wS1');
    await page.getByTestId('import-load').click();
    await poll(() => said.textContent()).toBe('读不懂这段文字：有一个变化没有结束：缺少“)”。');
    await page.context().close();
  });

  it('counts a Chinese Checkers position’s rows in 简体中文', { timeout: 120_000 }, async () => {
    const page = await site.newPage(1280, 1000);
    await openBoard(page, 'chinese-checkers', 'zh-CN');
    await openEditor(page);
    await page.getByTestId('editor-cc-setup').fill('1/2/3 r');
    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-error').textContent()).toBe(
      '这个局面不成立：局面应有 17 行，这里有 3 行。',
    );
    await page.context().close();
  });

  it('says which Junqi army’s text cannot be read, and where, in 简体中文', { timeout: 120_000 }, async () => {
    const page = await site.newPage(1280, 1000);
    await openBoard(page, 'junqi', 'zh-CN');
    await openEditor(page);
    await page.getByTestId('editor-setups').fill('71316/4+2+5/93+8B/2+3+7/6B154/MFM2M,71316');
    await page.getByTestId('editor-apply').click();
    const said = page.getByTestId('editor').getByTestId('analysis-error');
    await poll(() => said.textContent()).toMatch(/^文字里.+的布阵读不懂：每方布阵有 6 排，用“\/”分开，这里有 1 排。/);
    chineseOnly((await said.textContent()) ?? '');
    await page.context().close();
  });

  it('says a damaged link cannot be opened, in 简体中文', { timeout: 120_000 }, async () => {
    const page = await site.newPage();
    await openBoard(page, 'hive', 'zh-CN', `/${encodeURIComponent('{"o":')}`);
    await poll(() => page.getByTestId('analysis-error').textContent()).toBe('这个链接打不开：链接已损坏，无法读取。');
    await page.context().close();
  });
});
