import { readFileSync } from 'node:fs';
import {
  arrivalMoveText,
  type ChineseCheckersPuzzle,
  type ChineseCheckersPuzzleSet,
  chineseCheckersPuzzleFile,
  openArrival,
} from '@qiyuan/ai/chinese-checkers-puzzles';
import { unwrap } from '@qiyuan/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ccMove, poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';

/**
 * Chinese Checkers puzzles on the puzzles page (issue #22) on the real server: a registered player chooses Chinese
 * Checkers, sees its daily puzzle on the star, chooses "home in two" and solves the next one by clicking pieces and
 * points (the solver moves again, nobody answers), the moves left counting down, sees "Solved!" and the attempt
 * counted in the rating; a guest wastes the first move of an arrival in three and is told so. The test knows each
 * puzzle's answer from the committed set, by the id the page shows.
 */
const site = useSite({ server: true, authPerMinute: 1000 });
const set = JSON.parse(readFileSync(chineseCheckersPuzzleFile, 'utf8')) as ChineseCheckersPuzzleSet;

const shownPuzzle = async (page: Page): Promise<ChineseCheckersPuzzle> => {
  const id = await page.getByTestId('puzzle').getAttribute('data-puzzle');
  const p = set.puzzles.find((x) => x.id === id);
  if (!p) throw new Error(`the page shows ${id}, not in the Chinese Checkers set`);
  return p;
};

describe('Chinese Checkers puzzles', () => {
  it('chooses Chinese Checkers, brings every piece home in two by clicking the star, and the attempt is counted', {
    timeout: 240_000,
  }, async () => {
    const page = await site.newPage();
    const name = `cc${Date.now().toString(36).slice(-5)}`;
    await registerAs(page, site.url, name, 'a long and unusual passphrase 5');
    await page.goto(`${site.url}/#/puzzles`);
    await page.getByTestId('puzzle').waitFor();
    await page.getByTestId('puzzle-game').selectOption('chinese-checkers');
    await poll(() => page.url()).toMatch(/#\/puzzles\/chinese-checkers$/);
    await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(/^cc-/);
    const daily = await shownPuzzle(page);
    await page.locator('svg.board .piece').first().waitFor();
    await poll(() => page.getByTestId('puzzle-my-rating').textContent()).toBe('Your puzzle rating: 1500');

    // choosing a theme opens its next puzzle
    await page.getByTestId('puzzle-theme').selectOption('arrivalIn2');
    await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(daily.id);
    const p = await shownPuzzle(page);
    expect(p.moves).toBe(2);
    const side = p.position.match(/ ([rg])"\]/)?.[1] === 'r' ? 'Red' : 'Green';
    await poll(() => page.getByTestId('puzzle-task').textContent()).toBe(`${side} to move: every piece home in 2`);
    await poll(() => page.getByTestId('puzzle-heading').textContent()).toMatch(
      /^Chinese Checkers puzzle · Home in two( · Long jump chain)? · rated \d+$/,
    );
    await poll(() => page.getByTestId('puzzle-moves-left').textContent()).toBe('Moves left: 2');
    await ccMove(page, p.solution[0]!);
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('Right! Keep going.');
    await poll(() => page.getByTestId('puzzle-moves-left').textContent()).toBe('Moves left: 1');
    await ccMove(page, p.solution[1]!);
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('Solved!');
    await poll(() => page.getByTestId('puzzle-change').textContent()).toMatch(/^Your rating: 1500 → \d+$/);
    await poll(async () =>
      Number(/(\d+)/.exec((await page.getByTestId('puzzle-my-rating').textContent()) ?? '')?.[1]),
    ).toBeGreaterThan(1500);
  });

  it('a move after which the pieces cannot all be home in time ends the attempt, and the solution is shown', {
    timeout: 240_000,
  }, async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/#/puzzles/chinese-checkers`);
    await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(/^cc-/);
    const before = await page.getByTestId('puzzle').getAttribute('data-puzzle');
    await page.getByTestId('puzzle-theme').selectOption('arrivalIn3');
    await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(before);
    const p = await shownPuzzle(page);
    expect(p.moves).toBe(3);
    const { search } = unwrap(openArrival(p.position));
    const good = new Set(search.firstMoves(p.moves));
    const wasted = arrivalMoveText(search.moves().find((m) => !good.has(m))!);
    await ccMove(page, wasted);
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe(
      'Not that: after this move your pieces cannot all be home in time.',
    );
    await page.getByTestId('puzzle-show-solution').click();
    await poll(() => page.getByTestId('puzzle-solution').textContent()).toBe(`Solution: ${p.solution.join(' ; ')}`);
  });
});
