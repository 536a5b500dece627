import { describe, expect, it } from 'vitest';
import { engineRefusalsZhCN } from '../src/i18n/engine-refusals-zh-CN.js';
import { engineRefusalsZhTW } from '../src/i18n/engine-refusals-zh-TW.js';
import { zhTW } from '../src/i18n/zh-TW.js';
import { poll, useSite } from './harness.js';
import { latinWords, startLocal } from './ui.js';

/**
 * What the engines running in the browser refuse reaches a Chinese page in Chinese: options the new-game form cannot
 * start, a Hive position that cannot be read, and saved games damaged in storage — and the page goes on working.
 */
const site = useSite();

const zhCN = engineRefusalsZhCN.engineRefusals;

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
