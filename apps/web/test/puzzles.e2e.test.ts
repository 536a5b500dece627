import { readFileSync } from 'node:fs';
import { type HivePuzzle, hivePuzzleFile, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { parseGameString } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hiveMove, moveCount, poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';
import { latinWords, pageWords } from './ui.js';

/**
 * The puzzles page (issue #22) on the real server: a registered player opens it from the header on the daily puzzle,
 * chooses the theme "win in two" and solves the next Hive puzzle move by move (the opponent's reply comes by itself), sees "Solved!" and the rating rise, then fails the
 * next puzzle with a wrong first move, sees it called wrong, the rating fall, and the solution. The test knows each
 * puzzle's answer from the committed set, by the id the page shows.
 */
const site = useSite({ server: true, authPerMinute: 1000 });
const set = JSON.parse(readFileSync(hivePuzzleFile, 'utf8')) as PuzzleSet;

const shownPuzzle = async (page: Page): Promise<HivePuzzle> => {
  const id = await page.getByTestId('puzzle').getAttribute('data-puzzle');
  const p = set.puzzles.find((x) => x.id === id);
  if (!p) throw new Error(`the page shows ${id}, not in the set`);
  return p;
};

const myRating = async (page: Page): Promise<number> =>
  Number(/(\d+)/.exec((await page.getByTestId('puzzle-my-rating').textContent()) ?? '')?.[1]);

describe('puzzles', () => {
  it('opens on the daily puzzle; solves a win in two, fails the next puzzle, and the rating follows', {
    timeout: 240_000,
  }, async () => {
    const page = await site.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    const name = `pz${stamp}`;
    await registerAs(page, site.url, name, 'a long and unusual passphrase 3');
    await page.getByRole('link', { name: 'Puzzles' }).click();
    await page.getByTestId('puzzle').waitFor();
    await poll(() => page.getByTestId('puzzle-my-rating').textContent()).toBe('Your puzzle rating: 1500');

    // the page opens on the daily puzzle
    const today = new Date().toISOString().slice(0, 10);
    await poll(() => page.getByTestId('puzzle-heading').textContent()).toMatch(
      new RegExp(`^Hive puzzle of the day, ${today} · .* · rated \\d+$`),
    );
    const first = await shownPuzzle(page);

    // a win in two of the theme chosen, solved: each of the solver's moves, and the reply the page plays by itself
    // choosing a theme opens its next puzzle
    await page.getByTestId('puzzle-theme').selectOption('mateIn2');
    await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(first.id);
    const solved = await shownPuzzle(page);
    expect(solved.moves).toBe(2);
    const game = parseGameString(solved.position);
    if (!game.ok) throw new Error(game.error.reason);
    for (let i = 0; i < solved.solution.length; i += 2) {
      await hiveMove(page, game.value, solved.solution[i]!);
      if (i + 1 < solved.solution.length) {
        await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('Right! Keep going.');
        await poll(() => moveCount(page)).toBe(i + 2);
        const reply = game.value.legalMoves().find((m) => game.value.moveToString(m) === solved.solution[i + 1]);
        expect(game.value.play(reply!).ok).toBe(true);
      }
    }
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('Solved!');
    await poll(() => page.getByTestId('puzzle-change').textContent()).toMatch(/^Your rating: 1500 → \d+$/);
    await poll(() => myRating(page)).toBeGreaterThan(1500);
    const afterSolve = await myRating(page);

    // the next puzzle, failed with a legal move that is not the answer
    await page.getByTestId('puzzle-next').click();
    await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(solved.id);
    const next = await shownPuzzle(page);
    const g2 = parseGameString(next.position);
    if (!g2.ok) throw new Error(g2.error.reason);
    const right = g2.value.parseMove(next.solution[0]!);
    const wrong = g2.value
      .legalMoves()
      .map((m) => g2.value.moveToString(m))
      .find((m) => m !== 'pass' && right.ok && m !== g2.value.moveToString(right.value))!;
    await hiveMove(page, g2.value, wrong);
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe(
      'Not the move: that does not force the win.',
    );
    await poll(() => myRating(page)).toBeLessThan(afterSolve);
    await page.getByTestId('puzzle-show-solution').click();
    await poll(() => page.getByTestId('puzzle-solution').textContent()).toContain(next.solution[0]!);

    // the page in Chinese speaks Chinese (moves are written in the game's notation; the name and the language menu's
    // English are the only Latin words)
    await page.getByTestId('language').selectOption('zh-CN');
    await page.getByTestId('puzzle').waitFor();
    await poll(() => page.getByTestId('puzzle-my-rating').textContent()).toMatch(/^你的谜题等级分：\d+$/);
    expect(latinWords(await pageWords(page), [...latinWords(name), 'English'])).toEqual([]);
  });
});
