import { GAME_IDS } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { clickMove, poll, useSite } from './harness.js';
import { latinWords, pageWords, startLocal } from './ui.js';

/**
 * Every route of the app in 简体中文 and 繁體中文, read the way people meet it — the visible text, every option of
 * every list, and the labels, titles and placeholders screen readers and tooltips give — leaves no English word:
 * the lobby and each game's create form in each mode, each game's page (selections and targets shown, Junqi's
 * pass-the-device screen, setup editor and four-player zoom), a finished game's replay, the rules, the settings,
 * the profile, the account page and an online game's waiting room. Served by the real server, so that the lobby's
 * online parts are there.
 */
const site = useSite({ server: true });

/** The language switch names English in English. */
const ALLOWED = ['English'];

/** Guests' names are ids, not words. */
const withoutNames = (text: string): string => text.replace(/(游客|訪客)-[A-Za-z0-9_-]+/g, ' ');

const ZOOM = {
  'zh-CN': ['放大', '缩小', '显示全盘'],
  'zh-TW': ['放大', '縮小', '顯示全盤'],
} as const;

describe('languages', () => {
  for (const lang of ['zh-CN', 'zh-TW'] as const) {
    it(`leaves no English on any page in ${lang}`, { timeout: 300_000 }, async () => {
      const page = await site.newPage();
      const left: string[] = [];
      const scan = async (where: string, skip = '') => {
        const text = withoutNames(await pageWords(page, skip));
        const words = latinWords(text, ALLOWED);
        if (words.length > 0) left.push(`${where}: ${[...new Set(words)].join(' ')}`);
        // Chinese takes its own punctuation: 新对局：昆虫棋, 绿方（电脑）, 红方、蓝方 — never a half-width colon, comma or
        // bracket against a Chinese character
        const marks = text.match(/[\u3400-\u9fff][:,;!?()]|[:,;!?()][\u3400-\u9fff]/g) ?? [];
        if (marks.length > 0) left.push(`${where}: ${[...new Set(marks)].join(' ')}`);
      };
      const start = (game: string, options: Record<string, string> = {}) =>
        startLocal(page, site.url, game, 'hotseat', options, lang);
      const reveal = async () => {
        await page.getByTestId('reveal').click();
        await page.getByTestId('reveal').waitFor({ state: 'detached' });
      };

      // the lobby with each game's create form, in each mode
      await page.goto(site.url);
      await page.getByTestId('language').selectOption(lang);
      await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      for (const game of GAME_IDS) {
        await page.getByTestId(`game-${game}`).click();
        await page.getByTestId('start').waitFor();
        for (const mode of ['hotseat', 'ai', 'online']) {
          await page.locator(`input[name=mode][value=${mode}]`).check();
          await scan(`home, ${game}, ${mode}`);
        }
      }

      // each game's page, with a selection and its targets shown
      await start('chinese-checkers');
      await page.locator('svg.board .hit[data-id]').first().waitFor({ state: 'attached' });
      const at = await page.locator('svg.board .piece.movable').first().getAttribute('data-at');
      await page.locator(`svg.board .hit[data-id="${at}"]`).click({ force: true });
      await page.locator('svg.board .hit.target').first().waitFor({ state: 'attached' });
      await scan('Chinese Checkers, a marble selected');
      await page.keyboard.press('Escape');
      await clickMove(page);
      await page.getByTestId('resign').click();
      await scan('Chinese Checkers, resigning');
      await page.getByTestId('resign-yes').click();
      await page.getByTestId('replay-link').click();
      await page.getByTestId('replay-ply').waitFor();
      await scan('replay of a game on this device');
      await page.getByTestId('ask-ai').click();
      await page.getByTestId('suggestion').waitFor({ timeout: 60_000 });
      await scan('replay, the AI’s suggestion');

      await start('abalone');
      await page.locator('svg.board .ab-cell[data-cell="C3"]').click();
      await page.locator('svg.board .ab-arrow').first().hover();
      await scan('Abalone, a marble selected');

      await start('hive');
      await page.locator('.hv-reserve:not([disabled])').first().click();
      await page.locator('svg.board .hv-cell.target').first().waitFor();
      await scan('Hive, a tile from the reserve');

      await start('junqi');
      await scan('Junqi, pass the device');
      await reveal();
      await page.locator('svg.jq-board .jq-pt').first().waitFor();
      await scan('Junqi, the setup editor');

      await start('junqi', { players: '4' });
      await reveal();
      await page.locator('.jq-tools button').first().waitFor();
      const tools = await page
        .locator('.jq-tools button')
        .evaluateAll((bs) => bs.map((b) => [b.getAttribute('aria-label'), b.getAttribute('title')]));
      expect(tools).toEqual(ZOOM[lang].map((w) => [w, w]));
      await scan('Junqi, four players');

      // A rule text is the game's own document in the language (not the English one with a note): its prose
      // glosses original names on purpose — 昆虫棋（Hive）, 通用蜂巢协议（UHP）, the tags of the record — so the
      // page around it is what must carry no English.
      await page.goto(`${site.url}#/rules`);
      await page.locator('main h1').waitFor();
      await scan('rules');
      for (const game of GAME_IDS) {
        await page.locator(`nav.tabs a[href="#/rules/${game}"]`).click();
        await page.locator(`nav.tabs a[href="#/rules/${game}"][aria-current=page]`).waitFor();
        await page.locator('article.prose h2').first().waitFor();
        expect(await page.locator('article.prose').getAttribute('lang')).toBeNull();
        expect(await page.getByTestId('rules-english').count()).toBe(0);
        await scan(`rules ${game}`, 'article.prose');
      }
      // settings, profile, account
      for (const route of ['settings', 'profile', 'account']) {
        await page.goto(`${site.url}#/${route}`);
        await page.locator('main h1').first().waitFor();
        await scan(route);
      }

      // an online game waiting for its second player
      await page.goto(site.url);
      await page.getByTestId('game-chinese-checkers').click();
      await page.locator('input[name=mode][value=online]').check();
      await page.getByTestId('start').click();
      await page.getByTestId('waiting').waitFor();
      await scan('online, waiting room');

      expect(left).toEqual([]);
      await page.context().close();
    });
  }
});
