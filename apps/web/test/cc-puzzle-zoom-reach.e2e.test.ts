import { readFileSync } from 'node:fs';
import { type ChineseCheckersPuzzleSet, chineseCheckersPuzzleFile } from '@qiyuan/ai/chinese-checkers-puzzles';
import { POINTS } from '@qiyuan/chinese-checkers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { moveCount, poll, useSite } from './harness.js';

/**
 * A Chinese Checkers puzzle on a phone whose first move lands outside the corner the board first zooms to (cc-090:
 * its solution opens with m9-l8, a step out of the solver's pieces and the goal). Picking a marble widens the zoom
 * to every point it may go to, so the player solves the puzzle by tapping alone, never pressing "Whole board"; the
 * last move stays in sight after each move. The daily puzzle's answer is this puzzle (the page asks the real server,
 * which judges the moves); the test knows its solution from the committed set.
 */
const site = useSite({ server: true });
const set = JSON.parse(readFileSync(chineseCheckersPuzzleFile, 'utf8')) as ChineseCheckersPuzzleSet;
const PUZZLE = 'cc-090';

const pointId = (name: string): string => String(POINTS.find((p) => p.name === name)!.id);

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
