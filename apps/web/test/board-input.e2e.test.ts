import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hiveMove, moveCount, newHive, poll, useSite } from './harness.js';
import { startLocal } from './ui.js';

/**
 * Touch and view input on the boards: Abalone's push preview before a tap plays (a phone has no hover), a piece
 * dragged with a finger, and Hive's pan and zoom (wheel, buttons, a drag on empty space).
 */
const site = useSite({ server: false });

/** A finger on the page (Chrome's touch input), so the boards see touch pointers as on a phone. */
const finger = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number, y?: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: x === undefined ? [] : [{ x, y: y! }] });
  return {
    down: (x: number, y: number) => touch('touchStart', x, y),
    /** Moves in a few steps, as a finger does. */
    move: async (from: { x: number; y: number }, to: { x: number; y: number }, steps = 6) => {
      for (let i = 1; i <= steps; i++)
        await touch('touchMove', from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
    },
    up: () => touch('touchEnd'),
  };
};

const centre = async (page: Page, selector: string) => {
  const b = (await page.locator(selector).first().boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

const cell = (page: Page, name: string) => page.locator(`svg.board .ab-cell[data-cell="${name}"]`);

describe('Abalone on a touch screen', () => {
  // the first tap on an arrow shows where the marbles go and which one is pushed off; the second tap plays it
  it('previews a push on the first tap and plays it on the second', async () => {
    const page = await site.newPage(375, 740, true);
    await startLocal(page, site.url, 'abalone', 'hotseat', { start: 'belgian-daisy' });
    for (const m of ['A1', 'A2']) await cell(page, m).tap();
    await poll(() => page.locator('svg.board').getAttribute('data-selected')).toBe('A1 A2');
    await page.locator('svg.board .ab-arrow[data-dir="E"]').tap();
    await poll(() => page.getByTestId('ab-confirm').textContent()).toBe('Previewed: tap it again to play this move');
    expect(await page.locator('svg.board .ab-ghost').count()).toBe(2);
    expect(await moveCount(page)).toBe(0);
    await page.locator('svg.board .ab-arrow.previewed[data-dir="E"]').tap();
    await poll(() => moveCount(page)).toBe(1);
    await poll(() => page.getByTestId('ab-confirm').textContent()).toBe('');
    // White's push of two against one: the marble on A3 would leave the board, and the preview says so first
    for (const m of ['C5', 'B4']) await cell(page, m).tap();
    await page.locator('svg.board .ab-arrow[data-dir="SW"]').tap();
    await poll(() => page.locator('svg.board .ab-out[data-ejected="A3"]').count()).toBe(1);
    expect(await moveCount(page)).toBe(1);
    expect(await page.locator('.ab-count[data-seat="1"]').getAttribute('data-n')).toBe('0');
    await page.locator('svg.board .ab-arrow[data-dir="SW"]').tap();
    await poll(() => moveCount(page)).toBe(2);
    await poll(() => page.locator('.ab-count[data-seat="1"]').getAttribute('data-n')).toBe('1');
    await page.context().close();
  });

  // a tap on a cell a marble would enter also previews first; a tap on another move's cell previews that one
  it('previews a move tapped on its target cell', async () => {
    const page = await site.newPage(375, 740, true);
    await startLocal(page, site.url, 'abalone', 'hotseat');
    await cell(page, 'C3').tap();
    await cell(page, 'D4').tap();
    await poll(() => page.locator('svg.board .ab-arrow.previewed').getAttribute('data-dir')).toBe('NE');
    expect(await moveCount(page)).toBe(0);
    await cell(page, 'D3').tap();
    await poll(() => page.locator('svg.board .ab-arrow.previewed').getAttribute('data-dir')).toBe('NW');
    await cell(page, 'D3').tap();
    await poll(() => page.locator('[data-testid=move-list]').textContent()).toContain('C3D3');
    await page.context().close();
  });
});

describe('a finger on the board', () => {
  // Chinese Checkers: a marble dragged by touch onto one of its targets is played there
  it('drags a marble with a finger', async () => {
    const page = await site.newPage(375, 740, true);
    await startLocal(page, site.url, 'chinese-checkers', 'hotseat');
    const at = await page.locator('svg.board .piece.movable').first().getAttribute('data-at');
    const from = await centre(page, `svg.board .hit[data-id="${at}"]`);
    const f = await finger(page);
    await f.down(from.x, from.y);
    // once the finger has moved a little the marble is lifted and its targets show
    await f.move(from, { x: from.x + 12, y: from.y - 12 }, 3);
    await page.locator('svg.board .hit.target').first().waitFor({ state: 'attached' });
    const target = await page.locator('svg.board .hit.target').first().getAttribute('data-id');
    await f.move({ x: from.x + 12, y: from.y - 12 }, await centre(page, `svg.board .hit[data-id="${target}"]`));
    await f.up();
    await poll(() => moveCount(page)).toBe(1);
    await poll(() => page.locator(`svg.board .piece[data-at="${target}"]`).count()).toBe(1);
    await page.context().close();
  });
});

describe('Hive pan and zoom', () => {
  const zoom = (page: Page) => page.locator('svg.board').getAttribute('data-zoom');
  const viewBox = (page: Page) => page.locator('svg.board').getAttribute('viewBox');

  // the wheel and the buttons zoom, a drag on empty space pans, the fit button brings the whole hive back
  it('zooms with the wheel and the buttons and pans by dragging', async () => {
    const page = await site.newPage();
    await startLocal(page, site.url, 'hive', 'hotseat', { variant: 'Base' });
    const game = newHive();
    await hiveMove(page, game, 'wS1');
    await hiveMove(page, game, 'bS1 wS1-');
    await poll(() => zoom(page)).toBe('1.00');
    const c = await centre(page, 'svg.board');
    await page.mouse.move(c.x, c.y);
    await page.mouse.wheel(0, -300);
    await poll(async () => Number(await zoom(page))).toBeGreaterThan(1);
    await page.locator('[data-hv="fit"]').click();
    await poll(() => zoom(page)).toBe('1.00');
    await page.locator('[data-hv="zoom-in"]').click();
    await poll(() => zoom(page)).toBe('1.25');
    await page.locator('[data-hv="zoom-out"]').click();
    await poll(() => zoom(page)).toBe('1.00');
    await page.locator('[data-hv="zoom-out"]').click();
    await poll(() => zoom(page)).toBe('0.80');
    // a drag from an empty corner moves the view, not the zoom
    const box = (await page.locator('svg.board').boundingBox())!;
    const before = await viewBox(page);
    await page.mouse.move(box.x + 10, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 90, box.y + 70, { steps: 5 });
    await page.mouse.up();
    await poll(() => viewBox(page)).not.toBe(before);
    expect(await zoom(page)).toBe('0.80');
    expect(await moveCount(page)).toBe(2);
    await page.context().close();
  });
});
