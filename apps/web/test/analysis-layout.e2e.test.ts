import { parseSetupGame } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * The analysis board's layout and numbering as a player meets them: the Junqi position editor in the board's column
 * on a laptop (1280 × 800), its board large and every army's palette beside it on the screen; on a phone nothing
 * scrolls sideways with the editor open; and a Hive setup's moves numbered on from the setup's own turn.
 */
const site = useSite({ server: false });

/** How far the page reaches past the window's right edge (0 or less when it does not scroll sideways). */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const openJunqiEditor = async (page: Page): Promise<void> => {
  await page.goto(`${site.url}#/analysis/junqi`);
  await poll(() => page.getByTestId('analysis-status').textContent()).not.toBe(null);
  await page.getByTestId('editor').locator('summary').click();
  await page.getByTestId('jq-editor').locator('.jq-pt').first().waitFor();
};

/** The editor's board and palettes as the window shows them. */
const editorBoxes = (page: Page) =>
  page.getByTestId('jq-editor').evaluate((e) => {
    const box = (x: Element) => {
      const r = x.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
    };
    return {
      board: box(e.querySelector('.jq-deploy-board svg')!),
      palettes: [...e.querySelectorAll('[data-testid=jq-palette]')].map(box),
      chips: [...e.querySelectorAll('[data-testid=jq-chip]')].map(box),
      width: window.innerWidth,
    };
  });

describe('the analysis board’s layout', () => {
  // in the panel beside the board the editor's board was 270 px wide, its palettes a long column under it
  it('gives the Junqi position editor the board’s column on a laptop', async () => {
    const page = await site.newPage(1280, 800);
    await openJunqiEditor(page);
    const two = await editorBoxes(page);
    expect(two.board.width).toBeGreaterThanOrEqual(340);
    expect(two.palettes).toHaveLength(2);
    for (const p of [...two.palettes, ...two.chips]) {
      expect(p.left).toBeGreaterThanOrEqual(0);
      expect(p.right).toBeLessThanOrEqual(two.width);
    }
    // the first palette stands beside the board, not under it
    expect(two.palettes[0]!.left).toBeGreaterThanOrEqual(two.board.right);
    expect(two.palettes[0]!.top).toBeLessThan(two.board.bottom);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // four armies: a square board, larger still
    await page.locator('#opt-players').selectOption('4');
    await poll(async () => (await editorBoxes(page)).palettes.length).toBe(4);
    const four = await editorBoxes(page);
    expect(four.board.width).toBeGreaterThanOrEqual(480);
    for (const p of [...four.palettes, ...four.chips]) expect(p.right).toBeLessThanOrEqual(four.width);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('keeps the open editor within a phone’s width', async () => {
    const page = await site.newPage(390, 844, true);
    await openJunqiEditor(page);
    const boxes = await editorBoxes(page);
    expect(boxes.board.width).toBeGreaterThanOrEqual(300);
    for (const p of [...boxes.palettes, ...boxes.chips]) expect(p.right).toBeLessThanOrEqual(boxes.width);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('numbers a Hive setup’s moves from its own turn', async () => {
    // Black to move on its fourth turn: seven plies are behind it, so its move is the eighth
    const setup = 'Base;Setup;Black[4];wS1@0,-1 bS1@1,-1 wS2@-1,0 wQ@0,0 bQ@1,0 bA1@2,0 wB1@-1,1';
    const game = parseSetupGame(setup);
    if (!game.ok) throw new Error(game.error.reason);
    const next = game.value.moveToString(game.value.legalMoves()[0]!);
    const page = await site.newPage(1280, 900);
    await page.goto(`${site.url}#/analysis/hive`);
    await page.getByTestId('editor').locator('summary').click();
    await page.getByTestId('import-text').fill(`${setup};${next}`);
    await page.getByTestId('import-load').click();
    await poll(() => page.getByTestId('tree-move').allTextContents()).toEqual([`8. ${next}`]);
    expect(await page.getByTestId('analysis-tree-text').inputValue()).toBe(`8. ${next}`);
    await page.context().close();
  });
});
