import { join } from 'node:path';
import { AbaloneGame, parseAbaloneOptions } from '@qiyuan/abalone';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cellBytes, groupMoves } from '../src/board/abalone.js';
import { targetsOf } from '../src/board/hive.js';
import { BUG_ART } from '../src/board/hive-bugs.js';
import { parseRoster, rosterGameType } from '../src/board/hive-roster.js';
import { hiveMove, moveCount, newHive, poll, QUEEN_SURROUND, SHOTS, useSite } from './harness.js';

/**
 * End-to-end for the Abalone (and Hive) boards: the built app in Debian's chromium,
 * one-screen play and play against the AI in its Web Worker. Built into a temporary
 * directory of its own, so it never races another test building `dist`.
 */
const site = useSite({ server: false });
const newPage = site.newPage;

const startGame = async (page: Page, game: string, mode: 'hotseat' | 'ai', options: Record<string, string> = {}) => {
  await page.goto(site.url);
  await page.getByTestId('language').selectOption('en');
  await page.getByTestId(`game-${game}`).click();
  await page.locator(`input[name=mode][value=${mode}]`).check();
  for (const [k, v] of Object.entries(options)) await page.locator(`select[name=${k}]`).selectOption(v);
  await page.getByTestId('start').click();
  await page.waitForSelector('svg.board .ab-cell, svg.board .hv-cell, .hv-reserve');
};

const cell = (page: Page, name: string) => page.locator(`svg.board .ab-cell[data-cell="${name}"]`);

/** Selects `marbles` by clicking them, then clicks the arrow of direction `dir`; waits for the move to land. */
const abaloneMove = async (page: Page, marbles: readonly string[], dir: string) => {
  const before = await moveCount(page);
  for (const m of marbles) await cell(page, m).click();
  await poll(() => page.locator('svg.board').getAttribute('data-selected')).toBe(marbles.join(' '));
  const arrow = page.locator(`svg.board .ab-arrow[data-dir="${dir}"]`);
  await arrow.hover();
  await arrow.click();
  await poll(() => moveCount(page)).toBeGreaterThan(before);
};

describe('Abalone in the browser', () => {
  // Belgian Daisy: black steps A1 A2 east, white pushes the marble on A3 off with two against one
  it('plays a hotseat game with an ejection shown on the counter', async () => {
    const page = await newPage();
    await startGame(page, 'abalone', 'hotseat', { start: 'belgian-daisy' });
    await poll(() => page.getByTestId('status').textContent()).toContain('Black to move');
    await poll(() => page.locator('.ab-count[data-seat="1"]').getAttribute('data-n')).toBe('0');
    await abaloneMove(page, ['A1', 'A2'], 'E');
    await poll(() => page.locator('svg.board .ab-last[data-last="A3"]').count()).toBe(1);
    await poll(() => page.getByTestId('status').textContent()).toContain('White to move');
    // the preview marks the marble that would be pushed off before the move is played
    for (const m of ['C5', 'B4']) await cell(page, m).click();
    const sw = page.locator('svg.board .ab-arrow[data-dir="SW"]');
    await sw.hover();
    await poll(() => page.locator('svg.board .ab-out[data-ejected="A3"]').count()).toBe(1);
    await sw.click();
    await poll(() => moveCount(page)).toBe(2);
    await poll(() => page.locator('.ab-count[data-seat="1"]').getAttribute('data-n')).toBe('1');
    await poll(() => page.locator('.ab-count[data-seat="1"]').textContent()).toContain('White: 1 / 6');
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS, 'abalone.png') });
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-yes').click();
    await poll(() => page.getByTestId('status').textContent()).toMatch(/Game over: White wins · resignation/);
    await page.context().close();
  });

  // the AI answers in its Web Worker, with no server at all
  it('plays against the AI', async () => {
    const page = await newPage();
    await startGame(page, 'abalone', 'ai');
    await abaloneMove(page, ['C3'], 'NE');
    await poll(() => moveCount(page), 30_000).toBe(2);
    await poll(() => page.getByTestId('status').textContent()).toContain('Black to move');
    await abaloneMove(page, ['C4', 'C5'], 'NE');
    await poll(() => moveCount(page), 30_000).toBe(4);
    await page.context().close();
  });
});

describe('Hive in the browser', () => {
  // two players at one screen; Black surrounds the white Queen through clicks on reserves and tiles
  it('plays a hotseat game to its end', async () => {
    const page = await newPage();
    await startGame(page, 'hive', 'hotseat', { variant: 'Base' });
    await poll(() => page.getByTestId('status').textContent()).toContain('White to move');
    const game = newHive();
    for (const [i, uhp] of QUEEN_SURROUND.entries())
      await hiveMove(page, game, uhp, {
        drag: true,
        ...(i === QUEEN_SURROUND.length - 1 ? { shot: join(SHOTS, 'hive.png') } : {}),
      });
    await poll(() => moveCount(page)).toBe(QUEEN_SURROUND.length);
    await poll(() => page.locator('svg.board .hv-last').count()).toBe(1);
    await poll(() => page.getByTestId('status').textContent()).toMatch(/Game over: Black wins/);
    await page.context().close();
  });

  it('plays against the AI', async () => {
    const page = await newPage();
    await startGame(page, 'hive', 'ai', { variant: 'Base+MLP' });
    await page.locator('.hv-reserve[data-bug="G"]:not([disabled])').first().click();
    await page.locator('svg.board .hv-cell.target').first().click();
    await poll(() => moveCount(page), 30_000).toBe(2);
    await poll(() => page.getByTestId('status').textContent()).toContain('White to move');
    await poll(() => page.locator('svg.board .hv-cell').count()).toBe(2);
    await page.context().close();
  });
});

describe('drag', () => {
  // dragging a marble towards a neighbour plays that direction
  it('moves an Abalone marble by dragging it', async () => {
    const page = await newPage();
    await startGame(page, 'abalone', 'hotseat');
    const box = (await cell(page, 'C3').boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    // north-east on screen: up and to the right, one cell's width
    await page.mouse.move(x + box.width * 0.5, y - box.width * 0.87, { steps: 5 });
    await page.mouse.up();
    await poll(() => moveCount(page)).toBe(1);
    await poll(() => page.locator('[data-testid=move-list]').textContent()).toContain('C3D4');
    await page.context().close();
  });
});

describe('keyboard', () => {
  // both boards play with Enter on focused marbles, arrows, reserve tiles and target cells
  it('plays a move on each board without a pointer', async () => {
    const page = await newPage();
    await startGame(page, 'abalone', 'hotseat');
    await cell(page, 'C3').focus();
    await page.keyboard.press('Enter');
    await poll(() => page.locator('svg.board').getAttribute('data-selected')).toBe('C3');
    await page.locator('svg.board .ab-arrow[data-dir="NE"]').focus();
    await page.keyboard.press('Enter');
    await poll(() => moveCount(page)).toBe(1);
    await startGame(page, 'hive', 'hotseat');
    await page.locator('.hv-reserve:not([disabled])').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('svg.board .hv-cell.target').first().focus();
    await page.keyboard.press('Enter');
    await poll(() => moveCount(page)).toBe(1);
    await page.context().close();
  });
});

describe('phones', () => {
  // at 375 px the two boards fit without sideways scrolling and still take a move
  it('fits both boards on a phone', async () => {
    const page = await newPage(375, 740);
    await startGame(page, 'abalone', 'hotseat');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect((await page.locator('svg.board').boundingBox())!.width).toBeGreaterThan(300);
    await abaloneMove(page, ['C3'], 'NE');
    // the board's own words follow a language switch at once
    await page.getByTestId('language').selectOption('zh-CN');
    await poll(() => page.locator('.ab-count').first().textContent()).toContain('已推出');
    await poll(() => page.locator('svg.board').getAttribute('aria-label')).toBe('阿瓦隆棋盘');
    await startGame(page, 'hive', 'hotseat');
    await poll(() => page.locator('.hv-reserve').first().getAttribute('aria-label')).toContain('Black');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.locator('.hv-reserve:not([disabled])').first().click();
    await page.locator('svg.board .hv-cell.target').first().click();
    await poll(() => moveCount(page)).toBe(1);
    await page.context().close();
  });
});

describe('board helpers', () => {
  // the board's grouping of notation strings agrees with the engine's own selection groups
  it('groups Abalone moves by the marbles they move, as the engine does', () => {
    for (const start of ['standard', 'belgian-daisy'] as const) {
      const opts = parseAbaloneOptions({ start });
      if (!opts.ok) throw new Error(opts.error.reason);
      const game = new AbaloneGame(opts.value);
      const view = game.viewFor(0);
      const groups = groupMoves(cellBytes(view.cells), view.legal);
      const engine = game.selections();
      expect(groups.size).toBe(engine.length);
      for (const sel of engine) {
        const mine = groups.get([...sel.marbles].join(','));
        expect(mine?.map((c) => c.direction).sort()).toEqual(sel.choices.map((c) => c.direction).sort());
      }
    }
  });

  it('lists each Hive target once per distinct move', () => {
    const legal = [
      { uhp: 'wA1 -wP', piece: 'wA1', from: { q: 1, r: 0 }, to: { q: -1, r: 0 } },
      { uhp: 'wA1 /wP', piece: 'wA1', from: { q: 1, r: 0 }, to: { q: -1, r: 0 } },
      { uhp: 'wA1 -wP', piece: 'wA1', from: { q: 1, r: 0 }, to: { q: -1, r: 0 } },
      { uhp: 'wA1 wP\\', piece: 'wA1', from: { q: 1, r: 0 }, to: { q: 0, r: 1 } },
      { uhp: 'wQ -wP', piece: 'wQ', from: null, to: { q: -1, r: 0 } },
    ];
    const t = targetsOf(legal, 'wA1');
    expect(t.get('-1,0')?.map((m) => m.uhp)).toEqual(['wA1 -wP', 'wA1 /wP']);
    expect(t.get('0,1')?.length).toBe(1);
    expect(t.size).toBe(2);
  });

  it('draws all fifteen bugs, each differently', () => {
    const letters = 'QSBGAMLPTFRWKDC'.split('');
    expect(letters.every((l) => (BUG_ART[l] ?? '').length > 40)).toBe(true);
    expect(new Set(letters.map((l) => BUG_ART[l])).size).toBe(15);
  });

  // the roster string follows the agreed extended GameTypeString
  it('writes and reads the advanced roster', () => {
    const all = { R: 2, T: 2, F: 3, W: 3, D: 1, K: 1, C: 1 };
    expect(rosterGameType('Base+MLP', all, all)).toBe('Base+MLP:R2T2F3W3DKC');
    expect(rosterGameType('Base', { F: 3 }, { F: 3 })).toBe('Base:F3');
    expect(rosterGameType('Base+MLP', { T: 1, F: 2, W: 1 }, { R: 2, D: 1, C: 1 })).toBe('Base+MLP:TF2W/R2DC');
    expect(rosterGameType('Base', {}, {})).toBe('Base');
    expect(rosterGameType('Base', { D: 1 }, { F: 1 })).toBe('Base:/F');
    expect(parseRoster('Base+MLP:T1F2W/R2DC')).toEqual({
      type: 'Base+MLP',
      white: { T: 1, F: 2, W: 1 },
      black: { R: 2, D: 1, C: 1 },
    });
    expect(parseRoster('Base+MLP:TF2W/R2DC')).toEqual(parseRoster('Base+MLP:T1F2W/R2DC'));
    expect(parseRoster('Base:F3')?.black).toEqual({ F: 3 });
    expect(parseRoster('Base:D')).toBeNull();
    expect(parseRoster('Base:TR')).toBeNull();
    expect(parseRoster('Base:F4')).toBeNull();
  });
});
