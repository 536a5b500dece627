import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { moveCount, poll, useSite } from './harness.js';
import { startLocal } from './ui.js';

/**
 * What a newcomer met in the browser (issue #21), each as the player saw it: the built app, served statically, in
 * Debian's chromium.
 */
const site = useSite({ server: false });

const status = (page: Page) => page.getByTestId('status').textContent();

describe('Junqi 明棋 against the AI', () => {
  // the AI of an open game was handed the whole game instead of its seat's view, refused it, and the game stalled
  it.each([
    { players: '2', moves: 2 },
    { players: '4', moves: 4 },
  ])('$players players: the AI deploys and answers a move', { timeout: 180_000 }, async ({ players, moves }) => {
    const page = await site.newPage();
    await startLocal(page, site.url, 'junqi', 'ai', { players, mode: 'open' });
    await page.getByTestId('jq-confirm').click();
    await poll(() => status(page), 60_000).toContain('Your move (Red)');
    expect(await page.locator('[role=alert]').count()).toBe(0);
    const before = await moveCount(page);
    const from = await page.locator('svg.jq-board .jq-pt.src').first().getAttribute('data-point');
    await page.locator(`svg.jq-board .jq-pt[data-point="${from}"]`).click();
    const to = await page.locator('svg.jq-board .jq-dest').first().getAttribute('data-point');
    await page.locator(`svg.jq-board .jq-pt[data-point="${to}"]`).click();
    await poll(() => moveCount(page), 60_000).toBe(before + moves);
    await poll(() => status(page), 60_000).toContain('Your move (Red)');
    await page.context().close();
  });
});

describe('Abalone’s direction arrows', () => {
  // the screen direction each arrow's name means (y grows downwards), with the first player's side at the bottom
  const MEANS: Record<string, readonly [number, number]> = {
    E: [1, 0],
    NE: [0.5, -Math.sqrt(3) / 2],
    NW: [-0.5, -Math.sqrt(3) / 2],
    W: [-1, 0],
    SW: [-0.5, Math.sqrt(3) / 2],
    SE: [0.5, Math.sqrt(3) / 2],
  };
  const cos = (a: readonly [number, number], b: readonly [number, number]) =>
    (a[0] * b[0] + a[1] * b[1]) / Math.hypot(...a) / Math.hypot(...b);

  /** Each arrow of one selected marble: where its tip points on the screen, and where its move takes the marble. */
  const arrowsOf = async (page: Page, cell: string) => {
    await page.locator(`svg.board .ab-cell[data-cell="${cell}"]`).click();
    await poll(() => page.locator('svg.board').getAttribute('data-selected')).toBe(cell);
    const out: { dir: string; points: [number, number]; moves: [number, number] }[] = [];
    for (const dir of await page
      .locator('svg.board .ab-arrow')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-dir')!))) {
      const arrow = page.locator(`svg.board .ab-arrow[data-dir="${dir}"]`);
      await arrow.hover();
      await page.locator(`svg.board .ab-arrow.previewed[data-dir="${dir}"]`).waitFor();
      out.push(
        await page.evaluate(
          ({ dir, cell }) => {
            const centre = (e: Element) => {
              const r = e.getBoundingClientRect();
              return [r.x + r.width / 2, r.y + r.height / 2] as const;
            };
            const g = document.querySelector(`svg.board .ab-arrow[data-dir="${dir}"]`) as SVGGraphicsElement;
            const m = g.getScreenCTM()!;
            const tip = new DOMPoint(0.26, 0).matrixTransform(m);
            const tail = new DOMPoint(-0.14, 0).matrixTransform(m);
            const from = centre(document.querySelector(`svg.board .ab-cell[data-cell="${cell}"]`)!);
            const to = centre(document.querySelector('svg.board .ab-ghost')!);
            return {
              dir,
              points: [tip.x - tail.x, tip.y - tail.y] as [number, number],
              moves: [to[0] - from[0], to[1] - from[1]] as [number, number],
            };
          },
          { dir, cell },
        ),
      );
    }
    await page.keyboard.press('Escape');
    return out;
  };

  it('point the way their marble goes and their label says', { timeout: 120_000 }, async () => {
    const page = await site.newPage();
    await startLocal(page, site.url, 'abalone', 'hotseat');
    const seen = new Set<string>();
    let movable = '';
    const own = () =>
      page.locator('svg.board .ab-cell.own').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-cell')!));
    for (const cell of await own()) {
      for (const a of await arrowsOf(page, cell)) {
        expect(cos(a.points, a.moves), `${cell} ${a.dir}`).toBeGreaterThan(Math.cos(Math.PI / 18));
        expect(cos(a.points, MEANS[a.dir]!), `${cell} ${a.dir}`).toBeGreaterThan(Math.cos(Math.PI / 18));
        seen.add(a.dir);
        movable = cell;
      }
      if (seen.has('NE') && seen.has('NW')) break;
    }
    expect([...seen]).toEqual(expect.arrayContaining(['NE', 'NW']));
    // the second player's turn: wherever the board turns, each arrow points where its marble goes
    const before = await moveCount(page);
    await page.locator(`svg.board .ab-cell[data-cell="${movable}"]`).click();
    await page.locator('svg.board .ab-arrow').first().hover();
    await page.locator('svg.board .ab-arrow').first().click();
    await poll(() => moveCount(page)).toBe(before + 1);
    for (const cell of (await own()).slice(0, 4))
      for (const a of await arrowsOf(page, cell))
        expect(cos(a.points, a.moves), `${cell} ${a.dir}`).toBeGreaterThan(Math.cos(Math.PI / 18));
    await page.context().close();
  });
});

describe('the create form', () => {
  it('shows the Junqi fields that apply, names a bad number by its label, and names the AI levels', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('game-junqi').click();
    await page.locator('input[name=mode][value=ai]').check();
    for (const k of ['teams', 'variant', 'bidding', 'partnersSee'])
      expect(await page.locator(`select[name=${k}]`).count(), k).toBe(0);
    await page.locator('select[name=players]').selectOption('4');
    for (const k of ['teams', 'variant', 'partnersSee']) await page.locator(`select[name=${k}]`).waitFor();
    await page.locator('select[name=players]').selectOption('2');
    const noCapture = page.locator('input[name=noCaptureLimit]');
    const shown = await noCapture.inputValue();
    expect(shown).not.toBe('');
    await page.locator('input[name=moveLimit]').fill('-5');
    await poll(() => page.locator('form.create [role=alert]').textContent()).toMatch(
      /^Move.*: a whole number from 0 to 1,000,000\.$/,
    );
    expect(await noCapture.inputValue()).toBe(shown);
    expect(await page.getByTestId('start').isDisabled()).toBe(true);
    // the AI's levels by name, the chosen one explained
    expect(await page.locator('#ai-level option').allTextContents()).toEqual([
      '1 · Beginner',
      '2 · Casual',
      '3 · Club',
      '4 · Expert',
      '5 · Master',
    ]);
    await page.locator('#ai-level').selectOption('5');
    expect(await page.getByTestId('ai-level-help').textContent()).toContain('deepest search');
    await page.context().close();
  }, 60_000);
});

describe('the Chinese Checkers keyboard cursor', () => {
  it('starts on a piece the player can move', async () => {
    const page = await site.newPage();
    await startLocal(page, site.url, 'chinese-checkers', 'hotseat');
    await page.locator('svg.board').focus();
    await page.keyboard.press('ArrowUp');
    const cursor = page.locator('svg.board circle.cursor');
    await cursor.waitFor({ state: 'attached' });
    const [cx, cy] = [await cursor.getAttribute('cx'), await cursor.getAttribute('cy')];
    const at = await page.locator(`svg.board .hit[cx="${cx}"][cy="${cy}"]`).getAttribute('data-id');
    expect(await page.locator(`svg.board .pieces [data-at="${at}"]`).count()).toBe(1);
    // and Enter picks it up: its moves are shown
    await page.keyboard.press('Enter');
    await poll(() => page.locator('svg.board circle.dest').count()).toBeGreaterThan(0);
    await page.context().close();
  }, 60_000);
});

describe('a phone', () => {
  it('opens a Junqi game at its board, not scrolled to where Start was', async () => {
    const page = await site.newPage(375, 740, true);
    await startLocal(page, site.url, 'junqi', 'ai');
    // the form's Start button is far down a phone's page; the game opens at the top, its board in sight, and stays
    // there when the deployments enter the move list (the AI deploys after the player: the confirmation is sent as
    // an event, not a tap, which would scroll the page to the button)
    const confirm = page.getByTestId('jq-confirm');
    await poll(() => confirm.isEnabled()).toBe(true);
    await confirm.dispatchEvent('click');
    await poll(() => moveCount(page), 60_000).toBeGreaterThan(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const board = (await page.locator('svg.jq-board').boundingBox())!;
    expect(board.y).toBeLessThan(740 / 2);
    await page.context().close();
  }, 120_000);
});

describe('four-player Junqi on a phone', () => {
  it('shows every army, and its zoom buttons cover no piece', async () => {
    const page = await site.newPage(375, 740, true);
    await startLocal(page, site.url, 'junqi', 'ai', { players: '4', mode: 'open' });
    await page.getByTestId('jq-confirm').tap();
    // the partner's (Green's) army, across the board, is drawn once the AI has deployed
    await poll(() => page.locator('svg.jq-board .jq-tile[data-army="2"]').count(), 60_000).toBeGreaterThan(20);
    const board = (await page.locator('svg.jq-board').boundingBox())!;
    const tiles = await page
      .locator('svg.jq-board .jq-tile')
      .evaluateAll((ts) =>
        ts.map((t) => t.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })),
      );
    for (const t of tiles) {
      expect(t.x).toBeGreaterThanOrEqual(board.x - 1);
      expect(t.x + t.w).toBeLessThanOrEqual(board.x + board.width + 1);
      expect(t.y).toBeGreaterThanOrEqual(board.y - 1);
      expect(t.y + t.h).toBeLessThanOrEqual(board.y + board.height + 1);
    }
    for (const b of await page.locator('.jq-tools button').all()) {
      const r = (await b.boundingBox())!;
      for (const t of tiles) {
        const apart = r.x + r.width <= t.x || t.x + t.w <= r.x || r.y + r.height <= t.y || t.y + t.h <= r.y;
        expect(apart).toBe(true);
      }
    }
    await page.context().close();
  }, 120_000);
});
