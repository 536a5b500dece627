import { readFileSync } from 'node:fs';
import { parseAbaloneGame } from '@qiyuan/abalone';
import { abalonePuzzleFile, type Puzzle, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { unwrap } from '@qiyuan/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { abaloneLineMove, moveCount, poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';
import { latinWords, pageWords } from './ui.js';

/**
 * Abalone puzzles on the puzzles page (issue #22) on the real server: a registered player chooses Abalone, sees its
 * daily puzzle on the Abalone board, chooses "push off in two" and solves the next one by clicking marbles and
 * arrows (the defender's reply comes by itself), sees "Solved!" and the attempt counted in the rating; then the page
 * in Chinese. The test knows each puzzle's answer from the committed set, by the id the page shows.
 */
const site = useSite({ server: true, authPerMinute: 1000 });
const set = JSON.parse(readFileSync(abalonePuzzleFile, 'utf8')) as PuzzleSet;

const shownPuzzle = async (page: Page): Promise<Puzzle> => {
  const id = await page.getByTestId('puzzle').getAttribute('data-puzzle');
  const p = set.puzzles.find((x) => x.id === id);
  if (!p) throw new Error(`the page shows ${id}, not in the Abalone set`);
  return p;
};

describe('Abalone puzzles', () => {
  it('chooses Abalone, solves a push-off in two by clicking the board, and the attempt is counted', {
    timeout: 240_000,
  }, async () => {
    const page = await site.newPage();
    const name = `ab${Date.now().toString(36).slice(-5)}`;
    await registerAs(page, site.url, name, 'a long and unusual passphrase 4');
    await page.goto(`${site.url}/#/puzzles`);
    await page.getByTestId('puzzle').waitFor();
    await page.getByTestId('puzzle-game').selectOption('abalone');
    await poll(() => page.url()).toMatch(/#\/puzzles\/abalone$/);
    await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(/^abalone-/);
    const daily = await shownPuzzle(page);
    await poll(() => page.getByTestId('puzzle-intro').textContent()).toMatch(/forces an enemy marble off the board/);
    await page.locator('svg.board .ab-cell').first().waitFor();
    await poll(() => page.getByTestId('puzzle-my-rating').textContent()).toBe('Your puzzle rating: 1500');

    // choosing a theme opens its next puzzle
    await page.getByTestId('puzzle-theme').selectOption('pushOut2');
    await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(daily.id);
    const p = await shownPuzzle(page);
    expect(p.moves).toBe(2);
    const game = unwrap(parseAbaloneGame(p.position));
    const side = game.position.side === 0 ? 'Black' : 'White';
    await poll(() => page.getByTestId('puzzle-task').textContent()).toBe(`${side} to move and push a marble off in 2`);
    await poll(() => page.getByTestId('puzzle-heading').textContent()).toMatch(
      /^Abalone puzzle · (.* · )?Push off in two/,
    );
    await abaloneLineMove(page, game, p.solution[0]!);
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('Right! Keep going.');
    await poll(() => moveCount(page)).toBe(2);
    unwrap(game.play(unwrap(game.parseMove(p.solution[1]!))));
    await abaloneLineMove(page, game, p.solution[2]!);
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('Solved!');
    await poll(() => page.getByTestId('puzzle-change').textContent()).toMatch(/^Your rating: 1500 → \d+$/);
    await poll(async () =>
      Number(/(\d+)/.exec((await page.getByTestId('puzzle-my-rating').textContent()) ?? '')?.[1]),
    ).toBeGreaterThan(1500);

    // every theme has a name (no key shown), and the page in Chinese speaks Chinese (moves are in the game's notation)
    const themes = await page.getByTestId('puzzle-theme').locator('option').allTextContents();
    expect(themes.filter((x) => x.includes('puzzles.'))).toEqual([]);
    await page.getByTestId('language').selectOption('zh-CN');
    // the game chosen is in the link: the page redrawn in the new language stays on Abalone
    await poll(() => page.getByTestId('puzzle-task').textContent()).toMatch(/推出一颗子/);
    expect(latinWords(await pageWords(page), [...latinWords(name), 'English'])).toEqual([]);
  });
});
