import { AbaloneGame, parseAbaloneOptions } from '@qiyuan/abalone';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cellBytes, groupMoves } from '../src/board/abalone.js';
import { targetsOf } from '../src/board/hive.js';
import { BUG_ART } from '../src/board/hive-bugs.js';
import { parseRoster, rosterGameType } from '../src/board/hive-roster.js';
import {
  abaloneClicks,
  abaloneLineMove,
  abaloneMove,
  hiveMove,
  moveCount,
  newHive,
  poll,
  QUEEN_SURROUND,
  screenshot,
  shownMoves,
  useSite,
} from './harness.js';
import { ABALONE_SIX, HIVE_PASS } from './lines.js';

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

/** A fresh Abalone game from a start position, kept by a test beside the page. */
const abaloneGame = (start: string): AbaloneGame => {
  const opts = parseAbaloneOptions({ start });
  if (!opts.ok) throw new Error(opts.error.reason);
  return new AbaloneGame(opts.value);
};

describe('Abalone in the browser', () => {
  // Belgian Daisy: black steps A1 A2 east, white pushes the marble on A3 off with two against one, and so on until
  // White has pushed six off (ABALONE_SIX)
  it('plays a hotseat game until six marbles are pushed off', async () => {
    const page = await newPage();
    await startGame(page, 'abalone', 'hotseat', { start: 'belgian-daisy' });
    await poll(() => page.getByTestId('status').textContent()).toContain('Black to move');
    await poll(() => page.locator('.ab-count[data-seat="1"]').getAttribute('data-n')).toBe('0');
    const game = abaloneGame('belgian-daisy');
    expect(abaloneClicks(game, ABALONE_SIX[0])).toEqual({ marbles: ['A1', 'A2'], dir: 'E' });
    await abaloneLineMove(page, game, ABALONE_SIX[0]);
    await poll(() => page.locator('svg.board .ab-last[data-last="A3"]').count()).toBe(1);
    await poll(() => page.getByTestId('status').textContent()).toContain('White to move');
    // the preview marks the marble that would be pushed off before the move is played
    expect(abaloneClicks(game, ABALONE_SIX[1])).toEqual({ marbles: ['B4', 'C5'], dir: 'SW' });
    for (const m of ['C5', 'B4']) await cell(page, m).click();
    const sw = page.locator('svg.board .ab-arrow[data-dir="SW"]');
    await sw.hover();
    await poll(() => page.locator('svg.board .ab-out[data-ejected="A3"]').count()).toBe(1);
    await sw.click();
    await poll(() => moveCount(page)).toBe(2);
    const pushed = game.parseMove(ABALONE_SIX[1]);
    expect(pushed.ok && game.play(pushed.value).ok).toBe(true);
    await poll(() => page.locator('.ab-count[data-seat="1"]').getAttribute('data-n')).toBe('1');
    await poll(() => page.locator('.ab-count[data-seat="1"]').textContent()).toContain('White: 1 / 6');
    await screenshot(page, 'abalone.png');
    for (const m of ABALONE_SIX.slice(2)) await abaloneLineMove(page, game, m);
    await poll(() => page.getByTestId('status').textContent()).toBe('Game over: White wins · six marbles pushed off');
    await poll(() => page.locator('.ab-count[data-seat="1"]').getAttribute('data-n')).toBe('6');
    expect(await shownMoves(page)).toEqual([...ABALONE_SIX]);
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
    for (const [i, uhp] of QUEEN_SURROUND.entries()) {
      if (i === QUEEN_SURROUND.length - 1) {
        // one tile from the end the white Queen has five sides taken: the board marks her, and says so
        const queen = page.locator('svg.board .hv-cell[data-piece="wQ"]');
        await poll(() =>
          page.locator('svg.board .hv-threat').evaluateAll((ts) => ts.map((t) => t.getAttribute('data-threat'))),
        ).toEqual(['5']);
        expect(await page.locator('svg.board .hv-threat-mark').getAttribute('transform')).toBe(
          await queen.getAttribute('transform'),
        );
        expect(await queen.getAttribute('aria-label')).toContain('(Queen: 5 of 6 sides taken)');
      }
      await hiveMove(page, game, uhp, {
        drag: true,
        ...(i === QUEEN_SURROUND.length - 1 ? { shot: 'hive.png' } : {}),
      });
    }
    await poll(() => moveCount(page)).toBe(QUEEN_SURROUND.length);
    await poll(() => page.locator('svg.board .hv-last').count()).toBe(1);
    await poll(() => page.getByTestId('status').textContent()).toMatch(/Game over: Black wins/);
    await page.context().close();
  });

  // HIVE_PASS walls Black in: nothing to move, nowhere to place. The page offers only a pass, and Black takes it.
  it('makes Black pass when it has no move', async () => {
    const page = await newPage();
    await startGame(page, 'hive', 'hotseat', { variant: 'Base' });
    const game = newHive();
    for (const uhp of HIVE_PASS) await hiveMove(page, game, uhp);
    await poll(() => page.getByTestId('status').textContent()).toContain('Black to move');
    await poll(() => page.getByTestId('pass').count()).toBe(1);
    // the board's own tools offer it too, and nothing of Black's can be picked up or placed
    expect(await page.locator('[data-hv=pass]').count()).toBe(1);
    expect(await page.locator('svg.board .hv-cell.movable').count()).toBe(0);
    expect(await page.locator('.hv-reserve:not([disabled])').count()).toBe(0);
    await hiveMove(page, game, 'pass');
    expect((await shownMoves(page)).at(-1)).toBe('pass');
    await poll(() => page.getByTestId('status').textContent()).toContain('White to move');
    await poll(() => page.getByTestId('pass').count()).toBe(0);
    // White plays on
    await hiveMove(page, game, game.moveToString(game.legalMoves()[0]!));
    await poll(() => moveCount(page)).toBe(HIVE_PASS.length + 2);
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

  // a reserve tile picked up with Enter keeps the focus, and Tab goes on to where it may be placed
  it('Tab from a Hive reserve tile picked up goes to the target cells before the other tiles', async () => {
    const page = await newPage();
    await startGame(page, 'hive', 'hotseat');
    await page.locator('.hv-reserve:not([disabled])').first().focus();
    await page.keyboard.press('Enter');
    await poll(() => page.locator('svg.board .hv-cell.target').count()).toBeGreaterThan(0);
    await page.locator('svg.board .hv-cell.target').first().focus();
    await page.keyboard.press('Enter');
    await poll(() => moveCount(page)).toBe(1);
    // Black, with several cells to place on, picks a tile up with Enter: the page redraws the reserve around it
    const tile = page.locator('.hv-reserve:not([disabled])').first();
    const bug = await tile.getAttribute('data-bug');
    await tile.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.locator('svg.board .hv-cell.target').count()).toBeGreaterThan(1);
    const active = () =>
      page.evaluate(() => {
        const a = document.activeElement as HTMLElement | SVGElement | null;
        return a ? `${a.getAttribute('class')}|${a.getAttribute('data-bug') ?? ''}` : '';
      });
    expect(await active()).toBe(`hv-reserve|${bug}`);
    await page.keyboard.press('Tab');
    expect(await active()).toMatch(/^hv-cell.* target\|$/);
    await page.keyboard.press('Tab');
    expect(await active()).toMatch(/^hv-cell/);
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
    await poll(() => page.locator('svg.board').getAttribute('aria-label')).toBe('角力棋棋盘');
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
