import { chineseCheckers } from '@qiyuan/chinese-checkers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickMove, moveCount, poll, useSite } from './harness.js';
import { startLocal } from './ui.js';

/**
 * Games played on this device, at one screen or against the AI, are replayed and analysed from the device with no
 * server at all (the site is served as static files), and their record exported; and the create forms carry the
 * engines' further options.
 */
const site = useSite({ server: false });

const ply = (page: Page) => page.getByTestId('replay-ply').textContent();

const resign = async (page: Page) => {
  await page.getByTestId('resign').click();
  await page.getByTestId('resign-yes').click();
  await poll(() => page.getByTestId('status').textContent()).toContain('Game over');
};

describe('replay of a game on this device', () => {
  // one screen: three moves and Green's resignation, then the replay from the game page, stepped, and its record
  it('replays a finished game at one screen and exports its record', async () => {
    const page = await site.newPage();
    const id = await startLocal(page, site.url, 'chinese-checkers', 'hotseat');
    // not over yet: the replay says so and leads back to the game
    await page.goto(`${site.url}#/local/${id}/replay`);
    await page.locator(`a[href="#/local/${id}"]`).click();
    await page.waitForSelector('svg.board .piece');
    for (let i = 0; i < 3; i++) await clickMove(page);
    const moves = await page.locator('[data-testid=move-list] li').allTextContents();
    await resign(page);
    await page.getByTestId('replay-link').click();
    await poll(() => ply(page)).toBe('0 / 3');
    expect(await page.getByTestId('replay-status').textContent()).toBe('Game over: Red wins · resignation');
    expect(await page.getByTestId('replay-about').textContent()).toContain('Played on this device (One screen)');
    await page.getByTestId('nav-last').click();
    await poll(() => ply(page)).toBe('3 / 3');
    await page.getByTestId('nav-prev').click();
    await poll(() => ply(page)).toBe('2 / 3');
    // the export is the engine's own record of the game: it reads back to the same three moves
    const exported = await page.getByTestId('export').inputValue();
    const game = chineseCheckers.parseGame(exported);
    expect(game.ok && game.value.ply).toBe(3);
    for (const m of moves) expect(exported).toContain(m.replace(/^\S+\s+/, ''));
    // the home page lists it as finished, with its replay
    await page.goto(site.url);
    await page.getByTestId(`saved-${id}`).getByTestId('saved-replay').click();
    await poll(() => ply(page)).toBe('0 / 3');
    await page.context().close();
  });

  // against the AI: the replay names the AI's seat, an analysis line starts from any position, the AI suggests
  it('replays a game against the AI and analyses it', async () => {
    const page = await site.newPage();
    await startLocal(page, site.url, 'chinese-checkers', 'ai');
    await clickMove(page);
    await poll(() => moveCount(page), 30_000).toBe(2);
    await resign(page);
    await page.getByTestId('replay-link').click();
    await poll(() => ply(page)).toBe('0 / 2');
    // each seat once, by its colour, then who played it (not "Green (AI) AI, level 2")
    expect(await page.locator('.replay-players li').allInnerTexts()).toEqual([
      'Red at this screen',
      'Green AI, level 2',
    ]);
    await page.getByTestId('ask-ai').click();
    await poll(() => page.getByTestId('suggestion').textContent(), 60_000).toMatch(/^The AI plays /);
    await page.getByTestId('suggestion').getByRole('button').click();
    await poll(() => page.getByTestId('line').count()).toBe(1);
    await poll(() => ply(page)).toBe('1 / 1');
    await page.context().close();
  });
});

describe('dates in the page’s language', () => {
  // the browser speaks English; the player's choice of language, not the browser's, writes the dates
  const ENGLISH_DATE = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/;
  const CHINESE_DATE = /\d{4}年\d{1,2}月\d{1,2}日/;

  it('writes a saved game’s date and its replay’s in Chinese once the page speaks Chinese', async () => {
    const page = await site.newPage();
    const id = await startLocal(page, site.url, 'chinese-checkers', 'hotseat');
    await clickMove(page);
    await resign(page);
    await page.goto(site.url);
    const saved = page.getByTestId(`saved-${id}`).locator('a').first();
    await poll(() => saved.textContent()).toMatch(ENGLISH_DATE);
    await page.getByTestId('language').selectOption('zh-CN');
    await poll(() => saved.textContent()).toMatch(CHINESE_DATE);
    expect(await saved.textContent()).not.toMatch(ENGLISH_DATE);
    // the replay's line on when the game was played follows a switch made on its own page, both ways
    await page.getByTestId(`saved-${id}`).getByTestId('saved-replay').click();
    const about = page.getByTestId('replay-about');
    await poll(() => about.textContent()).toMatch(CHINESE_DATE);
    await page.getByTestId('language').selectOption('en');
    await poll(() => about.textContent()).toMatch(ENGLISH_DATE);
    expect(await about.textContent()).toContain('Played on this device');
    await page.context().close();
  });
});

describe('create forms', () => {
  // Junqi's draw limits follow the number of players until the player sets one; the game keeps what was set
  it('offers the engines’ further options with their defaults', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('game-junqi').click();
    await poll(() => page.locator('#opt-noCaptureLimit').inputValue()).toBe('100');
    expect(await page.locator('#opt-moveLimit').inputValue()).toBe('1000');
    expect(await page.locator('#opt-chaseLimit').inputValue()).toBe('5');
    expect(await page.locator('#opt-timeoutLimit').inputValue()).toBe('5');
    expect(await page.locator('#opt-drawOffers').inputValue()).toBe('true');
    expect(await page.locator('#opt-moveLimit-help').textContent()).toContain('drawn after this many moves');
    await page.locator('select[name=players]').selectOption('4');
    await poll(() => page.locator('#opt-noCaptureLimit').inputValue()).toBe('200');
    await page.locator('#opt-moveLimit').fill('300');
    await page.locator('#opt-drawOffers').selectOption('false');
    await page.locator('input[name=mode][value=hotseat]').check();
    await page.getByTestId('start').click();
    await page.waitForSelector('svg.jq-board .jq-pt');
    const id = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
    const saved = await page.evaluate((k) => JSON.parse(localStorage.getItem(`qiyuan.local.${k}`)!), id);
    expect(saved.options).toMatchObject({ players: '4', moveLimit: '300', drawOffers: 'false' });
    expect(saved.options.noCaptureLimit).toBeUndefined();
    // Chinese Checkers with a cap of two moves ends after the second, by the cap
    await page.goto(site.url);
    await page.getByTestId('game-chinese-checkers').click();
    await page.locator('#opt-maxPlies').fill('2');
    expect(await page.locator('#opt-repetition').isChecked()).toBe(true);
    await page.locator('input[name=mode][value=hotseat]').check();
    await page.getByTestId('start').click();
    await page.waitForSelector('svg.board .piece');
    await clickMove(page);
    await clickMove(page);
    await poll(() => page.getByTestId('status').textContent()).toContain('move cap reached');
    // Hive's Dutch Pillbug rule, explained
    await page.goto(site.url);
    await page.getByTestId('game-hive').click();
    expect(await page.locator('#opt-pillbugDutchRule').isChecked()).toBe(false);
    expect(await page.locator('#opt-pillbugDutchRule-help').textContent()).toContain('Pillbug');
    await page.context().close();
  });
});

/**
 * The computer review of a game played on this device against the AI: made in the browser, with no server at all
 * (the site is served as static files), shown as a server game's review is, and kept with the game on the device.
 */
describe('computer review of a game on this device', () => {
  it('reviews a finished game against the AI here, and keeps the review with the game', {
    timeout: 180_000,
  }, async () => {
    const page = await site.newPage(1280, 900);
    const id = await startLocal(page, site.url, 'chinese-checkers', 'ai');
    await clickMove(page);
    await poll(() => moveCount(page), 30_000).toBe(2);
    await clickMove(page);
    await poll(() => moveCount(page), 30_000).toBe(4);
    await resign(page);
    await page.goto(`${site.url}#/local/${id}/replay`);
    await page.getByTestId('request-review').click();
    await page.getByTestId('review-summary').waitFor({ timeout: 120_000 });
    // a row per player, each with two moves judged
    const rows = page.getByTestId('review-summary').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    for (const r of await rows.all()) expect(await r.locator('td').first().textContent()).toBe('2');
    await page.getByTestId('review-graph').waitFor();
    // each move of the list carries its class
    await poll(() => page.locator('[data-testid=move-list] .review-mark').count()).toBe(4);
    // the review is kept: the replay opened again shows it at once, with nothing to request
    await page.reload();
    await page.getByTestId('review-summary').waitFor();
    expect(await page.getByTestId('request-review').count()).toBe(0);
    // in Chinese too
    await page.getByTestId('language').selectOption('zh-CN');
    await poll(() => page.locator('#review-title').textContent()).toBe('电脑复盘');
    await page.context().close();
  });
});
