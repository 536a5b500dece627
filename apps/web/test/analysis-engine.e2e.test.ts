import { hive } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { engineRefusalsZhCN } from '../src/i18n/engine-refusals-zh-CN.js';
import { engineRefusalsZhTW } from '../src/i18n/engine-refusals-zh-TW.js';
import { zhTW } from '../src/i18n/zh-TW.js';
import { newHive, poll, QUEEN_SURROUND, useSite } from './harness.js';
import { latinWords, startLocal } from './ui.js';

/** The engines running in the page: the analysis board's scores, and their refusals in the page's language. One site served as static files. */
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

/**
 * The analysis board's engine says why it cannot search in the page's language, never in the engine's English: a
 * position with no move, and an engine that does not load (its chunk missing, offline).
 */
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
    // the engine's chunk cannot be fetched (offline before it was cached): the worker fails to start. Routed on the
    // context, which sees the service worker's own fetches too: it fetches the hashed files it caches at run time.
    await page.context().route(/engine\.worker/, (r) => r.abort());
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

const zhCN = engineRefusalsZhCN.engineRefusals;

/**
 * What the engines running in the browser refuse reaches a Chinese page in Chinese: options the new-game form cannot
 * start, a Hive position that cannot be read, and saved games damaged in storage — and the page goes on working.
 */
describe('engine refusals on a Chinese page', () => {
  it('words what the new-game form cannot start, and starts once it can', { timeout: 120_000 }, async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('zh-CN');
    await page.getByTestId('game-chinese-checkers').click();
    await page.locator('input[name=mode][value=hotseat]').check();
    await page.locator('select[name=players]').selectOption('4');
    await page.locator('select[name=pieces]').selectOption('15');
    const problem = page.getByTestId('form-problem');
    await poll(() => problem.textContent()).toBe(zhCN.codes['pieces-for-players']);
    expect(await page.getByTestId('start').isDisabled()).toBe(true);
    await page.locator('select[name=players]').selectOption('2');
    await page.locator('select[name=variant]').selectOption('capture');
    await poll(() => problem.textContent()).toBe(zhCN.codes['capture-pieces']);
    await page.locator('select[name=pieces]').selectOption('10');
    await page.locator('select[name=corners]').selectOption('pass');
    await poll(() => problem.textContent()).toBe(zhCN.codes['capture-corners']);

    // a Hive position the engine cannot read, then none: the game starts from the beginning
    await page.getByTestId('game-hive').click();
    const position = page.locator('textarea[name=position]');
    await position.fill('Base;InProgress;White[5];wS1;bS1 wS1-');
    await poll(() => problem.textContent()).toBe(zhCN.codes['game-string-mismatch']);
    expect(latinWords((await problem.textContent()) ?? '')).toEqual([]);
    await position.fill('');
    await problem.waitFor({ state: 'detached' });
    await page.getByTestId('start').click();
    await page.waitForSelector('.hv-reserve');
    await page.close();
  });

  it('says a damaged saved game cannot be opened, and the site goes on', { timeout: 120_000 }, async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('zh-TW');
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    // one save its engine refuses, one it trips over, one of a game this site does not have (not listed: not found)
    await page.evaluate(() => {
      const now = Date.now();
      const saves = [
        { id: 'refused', game: 'hive', snapshot: { moves: 3 } },
        { id: 'tripped', game: 'junqi', snapshot: { options: null, seats: 'x', actions: 7 } },
        { id: 'unknown', game: 'weiqi', snapshot: {} },
      ];
      for (const s of saves) {
        const save = { ...s, mode: 'hotseat', options: {}, aiSeats: [], level: 2, created: now, updated: now };
        localStorage.setItem(`qiyuan.local.${s.id}`, JSON.stringify(save));
      }
      localStorage.setItem('qiyuan.local.index', JSON.stringify(saves.map((s) => s.id)));
    });
    for (const [id, text] of [
      ['refused', engineRefusalsZhTW.engineRefusals.brokenSave],
      ['tripped', engineRefusalsZhTW.engineRefusals.brokenSave],
      ['unknown', zhTW.game.notFound],
    ] as const) {
      await page.goto(`${site.url}#/local/${id}`);
      const said = page.getByTestId('save-problem');
      await poll(() => said.textContent()).toBe(text);
      const words = await page.locator('main, body').first().innerText();
      expect(words, id).not.toMatch(/snapshot|undefined|Error|cannot/i);
    }
    // the site goes on: a new game starts and is played, the damaged saves listed beside it
    const id = await startLocal(page, site.url, 'hive', 'hotseat', {}, 'zh-TW');
    expect(id).not.toBe('');
    await page.goto(site.url);
    await page.getByTestId('saved-refused').waitFor();
    await page.getByTestId(`saved-${id}`).waitFor();
    expect(await page.getByTestId('saved-unknown').count()).toBe(0);
    expect(await page.locator('ul.saved').innerText()).not.toContain('games.');
    await page.close();
  });
});

const engineLines = (page: import('playwright-core').Page) => page.getByTestId('engine-line').allTextContents();

/**
 * The analysis board's engine reads the bar and the lines' scores from one side, as lichess shows both for White: it
 * read "−16 for Black" on the bar and "+16" on the best line when White was to move.
 */
describe('the engine’s scores', () => {
  it('the bar and the best line read the same, whoever is to move', { timeout: 180_000 }, async () => {
    const page = await site.newPage(1280, 1000);
    await page.goto(`${site.url}#/analysis/abalone`);
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Black to move');
    const toggle = page.getByTestId('engine-toggle');
    for (const status of ['Black to move', 'White to move']) {
      await poll(() => page.getByTestId('analysis-status').textContent()).toBe(status);
      await toggle.click();
      await poll(async () => (await engineLines(page)).length, 90_000).toBeGreaterThan(0);
      await toggle.click();
      await poll(() => toggle.textContent()).toBe('Start engine');
      const bar = (await page.getByTestId('eval-bar').locator('small').textContent()) ?? '';
      const score = (await page.getByTestId('engine-line').first().locator('.score').textContent()) ?? '';
      expect(bar).toBe(`${score} for Black`);
      expect(await page.getByTestId('engine-lines-for').textContent()).toBe('Scores for Black, as the bar reads');
      // White to move next: the engine's move played from its line
      if (status === 'Black to move') await page.getByTestId('engine-line').first().locator('button').click();
    }
    await page.context().close();
  });
});
