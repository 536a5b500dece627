import { readFileSync } from 'node:fs';
import { type ChineseCheckersPuzzleSet, chineseCheckersPuzzleFile } from '@qiyuan/ai/chinese-checkers-puzzles';
import { POINTS } from '@qiyuan/chinese-checkers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ccMove, moveCount, poll, useSite } from './harness.js';

/**
 * A Chinese Checkers puzzle on a phone (390×844, touch): the whole star across a phone's width draws each point
 * about 14 px wide, too small to tap, so the board zooms to the corner the puzzle is about (the solver's pieces and
 * the goal): every point there is at least 28 px wide and in sight, and the solution's first move is played by
 * tapping. "Whole board" shows the star again (its points small), "Zoom in" goes back. On a desktop the whole star
 * is shown from the start.
 */
const site = useSite({ server: true });

const set = JSON.parse(readFileSync(chineseCheckersPuzzleFile, 'utf8')) as ChineseCheckersPuzzleSet;

const pointId = (name: string): string => String(POINTS.find((p) => p.name === name)!.id);

/** The drawn width of a point's hole (holes are drawn in the order of the points' ids). */
const holeWidth = async (page: Page, id: string): Promise<number> =>
  (await page.locator('svg.board .cc-hole').nth(Number(id)).boundingBox())?.width ?? 0;

/** Whether a point's tap area lies wholly inside the board's box (not cut off by the zoom). */
const inSight = async (page: Page, id: string): Promise<boolean> => {
  const board = (await page.locator('svg.board').boundingBox())!;
  const hit = (await page.locator(`svg.board .hit[data-id="${id}"]`).boundingBox())!;
  return (
    hit.x >= board.x - 0.5 &&
    hit.y >= board.y - 0.5 &&
    hit.x + hit.width <= board.x + board.width + 0.5 &&
    hit.y + hit.height <= board.y + board.height + 0.5
  );
};

const openDaily = async (page: Page) => {
  await page.goto(`${site.url}#/puzzles/chinese-checkers`);
  await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(/^cc-/);
  await page.locator('svg.board .piece.movable').first().waitFor();
  const id = await page.getByTestId('puzzle').getAttribute('data-puzzle');
  const p = set.puzzles.find((x) => x.id === id);
  if (!p) throw new Error(`the page shows ${id}, not in the Chinese Checkers set`);
  return p;
};

describe('a Chinese Checkers puzzle on a phone', () => {
  it('zooms to the solver’s corner so points are big enough to tap, and the move is played by tapping', {
    timeout: 180_000,
  }, async () => {
    const page = await site.newPage(390, 844, true);
    const p = await openDaily(page);
    const [from, to] = p.solution[0]!.split('-').map(pointId) as [string, string];
    // the solver's pieces: those of the colour that moves
    const colour = /cc-\w+/.exec(
      (await page.locator('svg.board .piece.movable').first().getAttribute('class')) ?? '',
    )![0];
    const pieces = await page
      .locator(`svg.board .piece.${colour}`)
      .evaluateAll((gs) => gs.map((g) => (g as SVGGElement).dataset.at!));
    expect(pieces.length).toBe(10);

    await poll(() => page.getByTestId('puzzle-zoom').textContent()).toBe('Whole board');
    for (const id of [from, to]) expect(await holeWidth(page, id)).toBeGreaterThanOrEqual(28);
    expect((await page.locator(`svg.board .hit[data-id="${to}"]`).boundingBox())!.width).toBeGreaterThanOrEqual(44);
    for (const id of pieces) expect(await inSight(page, id)).toBe(true);
    expect(await inSight(page, to)).toBe(true);

    // the whole star: every point small again; and back
    await page.getByTestId('puzzle-zoom').tap();
    await poll(() => page.getByTestId('puzzle-zoom').textContent()).toBe('Zoom in');
    await poll(() => holeWidth(page, to)).toBeLessThan(20);
    await page.getByTestId('puzzle-zoom').tap();
    await poll(() => holeWidth(page, to)).toBeGreaterThanOrEqual(28);

    await ccMove(page, p.solution[0]!);
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe(
      p.moves === 1 ? 'Solved!' : 'Right! Keep going.',
    );
  });

  it('on a desktop shows the whole star', { timeout: 120_000 }, async () => {
    const page = await site.newPage(1100, 900);
    await openDaily(page);
    await poll(() => page.getByTestId('puzzle-zoom').textContent()).toBe('Zoom in');
    // every point of the star in sight
    const shown = await page.locator('svg.board').evaluate((svg) => {
      const board = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('.hit')].filter((hit) => {
        const r = hit.getBoundingClientRect();
        return (
          r.left >= board.left - 0.5 &&
          r.right <= board.right + 0.5 &&
          r.top >= board.top - 0.5 &&
          r.bottom <= board.bottom + 0.5
        );
      }).length;
    });
    expect(shown).toBe(POINTS.length);
  });
});

const PUZZLE = 'cc-090';

/** The ids of the points whose tap areas lie wholly inside the board's box (not cut off by the zoom). */
const pointsInSight = (page: Page): Promise<string[]> =>
  page.locator('svg.board').evaluate((svg) => {
    const board = svg.getBoundingClientRect();
    return [...svg.querySelectorAll<SVGElement>('.hit')]
      .filter((hit) => {
        const r = hit.getBoundingClientRect();
        return (
          r.left >= board.left - 0.5 &&
          r.right <= board.right + 0.5 &&
          r.top >= board.top - 0.5 &&
          r.bottom <= board.bottom + 0.5
        );
      })
      .map((hit) => hit.dataset.id!);
  });

/** The destinations the board offers the picked marble. */
const targets = (page: Page): Promise<string[]> =>
  page.locator('svg.board .hit.target').evaluateAll((hits) => hits.map((h) => (h as SVGElement).dataset.id!));

/**
 * A Chinese Checkers puzzle on a phone whose first move lands outside the corner the board first zooms to (cc-090:
 * its solution opens with m9-l8, a step out of the solver's pieces and the goal). Picking a marble widens the zoom
 * to every point it may go to, so the player solves the puzzle by tapping alone, never pressing "Whole board"; the
 * last move stays in sight after each move. The daily puzzle's answer is this puzzle (the page asks the real server,
 * which judges the moves); the test knows its solution from the committed set.
 */
describe('a Chinese Checkers puzzle on a phone, a move outside the first zoom', () => {
  it('widens the zoom to the picked marble’s destinations, so it is solved by tapping without “Whole board”', {
    timeout: 180_000,
  }, async () => {
    const p = set.puzzles.find((x) => x.id === PUZZLE)!;
    const page = await site.newPage(390, 844, true);
    const view = await (await fetch(`${site.url}/api/puzzles/${PUZZLE}`)).json();
    await page.route('**/api/puzzles/chinese-checkers/daily', (route) =>
      route.fulfill({ json: { ...view, day: new Date().toISOString().slice(0, 10) } }),
    );
    await page.goto(`${site.url}#/puzzles/chinese-checkers`);
    await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).toBe(PUZZLE);
    await page.locator('svg.board .piece.movable').first().waitFor();
    await poll(() => page.getByTestId('puzzle-zoom').textContent()).toBe('Whole board');

    // the first move's point is out of sight in the first zoom (what the puzzle is chosen for)
    const [first, firstTo] = p.solution[0]!.split('-').map(pointId) as [string, string];
    await poll(() => pointsInSight(page)).toContain(first);
    expect(await pointsInSight(page)).not.toContain(firstTo);

    for (const [k, move] of p.solution.entries()) {
      const [from, to] = move.split('-').map(pointId) as [string, string];
      const before = await moveCount(page);
      await page.locator(`svg.board .piece.movable[data-at="${from}"]`).waitFor();
      await page.locator(`svg.board .hit[data-id="${from}"]`).tap();
      await poll(() => targets(page)).toContain(to);
      // every point the picked marble may go to is in sight, and the solution's is tapped there
      const offered = await targets(page);
      await poll(async () => {
        const seen = await pointsInSight(page);
        return offered.filter((id) => !seen.includes(id));
      }).toEqual([]);
      await page.locator(`svg.board .hit.target[data-id="${to}"]`).tap();
      await poll(() => moveCount(page)).toBeGreaterThan(before);
      await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe(
        k === p.solution.length - 1 ? 'Solved!' : 'Right! Keep going.',
      );
      // the move just played is in sight: where the marble came from and where it stands
      const seen = await pointsInSight(page);
      expect(seen).toContain(from);
      expect(seen).toContain(to);
    }
    // "Whole board" was never needed, and is still offered
    expect(await page.getByTestId('puzzle-zoom').textContent()).toBe('Whole board');
  });
});
