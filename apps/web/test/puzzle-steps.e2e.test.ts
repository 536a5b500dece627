import { readFileSync } from 'node:fs';
import { type ChineseCheckersPuzzleSet, chineseCheckersPuzzleFile } from '@qiyuan/ai/chinese-checkers-puzzles';
import { hivePuzzleFile, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { parseGame, parseMoveText, SoloArrival } from '@qiyuan/chinese-checkers';
import { SPECTATOR, unwrap } from '@qiyuan/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * After giving up, the solution can be stepped through as on a replay: the step buttons, the arrow keys, Home and
 * End, and a click on a move of the list each show the board after that many moves. In Chinese Checkers the test
 * knows where the solver's pieces stand after each move (the committed set's solution played on the position); in
 * Hive, the piece each move names stands somewhere else than the move before.
 */
const site = useSite({ server: true });
const ccSet = JSON.parse(readFileSync(chineseCheckersPuzzleFile, 'utf8')) as ChineseCheckersPuzzleSet;
const hiveSet = JSON.parse(readFileSync(hivePuzzleFile, 'utf8')) as PuzzleSet;

/** Whether the page takes ArrowDown, ArrowRight and End pressed on it for itself. */
const keysTaken = (page: Page): Promise<boolean[]> =>
  page.evaluate(() =>
    ['ArrowDown', 'ArrowRight', 'End'].map((key) => {
      const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      document.body.dispatchEvent(e);
      return e.defaultPrevented;
    }),
  );

const openGivenUp = async (page: Page, game: string, prefix: string, language = 'en'): Promise<string> => {
  await page.goto(`${site.url}#/puzzles/${game}`);
  await page.getByTestId('language').selectOption(language);
  await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(
    new RegExp(`^${prefix}`),
  );
  await page.locator('svg.board').first().waitFor();
  const id = (await page.getByTestId('puzzle').getAttribute('data-puzzle'))!;
  // while the attempt goes on the arrows and End keep their meaning (scrolling the page)
  expect(await keysTaken(page)).toEqual([false, false, false]);
  await page.getByTestId('puzzle-show-solution').click();
  await page.getByTestId('puzzle-steps').waitFor();
  return id;
};

/** The move of the list marked as the one the board shows (0: none, the puzzle's position). */
const markedMove = (page: Page): Promise<number> =>
  page
    .locator('[data-testid=move-list] li')
    .evaluateAll((lis) => lis.findIndex((li) => li.querySelector('[aria-current=step]')) + 1);

describe('stepping through a puzzle’s solution', () => {
  it('Chinese Checkers: buttons, keys and the move list show the solver’s pieces after each move', {
    timeout: 180_000,
  }, async () => {
    const page = await site.newPage();
    const id = await openGivenUp(page, 'chinese-checkers', 'cc-');
    const p = ccSet.puzzles.find((x) => x.id === id)!;
    const n = p.solution.length;
    expect(n).toBeGreaterThanOrEqual(2);
    // where the solver's pieces stand after k moves of the solution
    const game = new SoloArrival(unwrap(parseGame(p.position)));
    const view = game.viewFor(SPECTATOR);
    const colour = view.seatColours[game.seat]!;
    const after = [new Set(view.cells.flatMap((c, at) => (c === colour ? [at] : [])))];
    for (const m of p.solution) {
      const path = unwrap(parseMoveText(m));
      const next = new Set(after.at(-1));
      next.delete(path[0]!);
      next.add(path.at(-1)!);
      after.push(next);
    }
    const expected = (k: number) => [...after[k]!].sort((a, b) => a - b);
    const shown = () =>
      page
        .locator(`svg.board .piece.cc-${colour}`)
        .evaluateAll((gs) => gs.map((g) => Number((g as SVGGElement).dataset.at)).sort((a, b) => a - b));

    expect(await keysTaken(page)).toEqual([false, true, true]);
    // the board shows the solution played out, its last move marked
    await poll(shown).toEqual(expected(n));
    await poll(() => markedMove(page)).toBe(n);
    await page.keyboard.press('Home');
    await poll(shown).toEqual(expected(0));
    await poll(() => markedMove(page)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await poll(shown).toEqual(expected(1));
    await poll(() => markedMove(page)).toBe(1);
    await page.keyboard.press('End');
    await poll(shown).toEqual(expected(n));
    await page.getByTestId('puzzle-step-back').click();
    await poll(shown).toEqual(expected(n - 1));
    await page.getByTestId('puzzle-step-first').click();
    await poll(shown).toEqual(expected(0));
    expect(await page.getByTestId('puzzle-step-back').isDisabled()).toBe(true);
    await page.getByTestId('puzzle-step-forward').click();
    await poll(shown).toEqual(expected(1));
    await page.getByTestId('puzzle-step-last').click();
    await poll(shown).toEqual(expected(n));
    expect(await page.getByTestId('puzzle-step-forward').isDisabled()).toBe(true);
    await page.locator('[data-testid=move-list] li button').first().click();
    await poll(shown).toEqual(expected(1));
  });

  it('Hive, in Chinese: the arrow keys step to the last move and back, and each move’s piece moves', {
    timeout: 180_000,
  }, async () => {
    const page = await site.newPage();
    const id = await openGivenUp(page, 'hive', 'hive-', 'zh-CN');
    const p = hiveSet.puzzles.find((x) => x.id === id)!;
    const n = p.solution.length;
    await poll(() => page.getByTestId('puzzle-steps').locator('xpath=following-sibling::p[1]').textContent()).toBe(
      '用按钮或 ← → 键一步步看（首页键和末页键：开头和结尾）。',
    );
    /** The cell each piece on top of the hive stands on. */
    const cells = () =>
      page
        .locator('svg.board [data-cell][data-piece]')
        .evaluateAll((gs) =>
          Object.fromEntries(gs.map((g) => [g.getAttribute('data-piece'), g.getAttribute('data-cell')])),
        );
    const byPly: Record<string, string | null>[] = [];
    await page.keyboard.press('Home');
    await poll(() => markedMove(page)).toBe(0);
    byPly.push(await cells());
    for (let k = 1; k <= n; k++) {
      await page.keyboard.press('ArrowRight');
      await poll(() => markedMove(page)).toBe(k);
      const piece = p.solution[k - 1]!.split(' ')[0]!;
      // the move's piece comes from the reserve or another cell (a pass moves nothing)
      if (piece !== 'pass') {
        await poll(async () => (await cells())[piece]).toBeTruthy();
        await poll(async () => (await cells())[piece]).not.toBe(byPly[k - 1]![piece]);
      }
      byPly.push(await cells());
    }
    // past the last move nothing moves; back again, each position as it was
    await page.keyboard.press('ArrowRight');
    await poll(() => markedMove(page)).toBe(n);
    for (let k = n - 1; k >= 0; k--) {
      await page.keyboard.press('ArrowLeft');
      await poll(() => markedMove(page)).toBe(k);
      await poll(cells).toEqual(byPly[k]);
    }
  });
});
