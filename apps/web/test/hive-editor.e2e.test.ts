import { type HiveGame, parseSetupGame } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * The Hive position editor on the analysis board, served as static files: tiles placed from each reserve (a Beetle
 * on a stack), one taken off with a right-click and the refusal it causes said in words, the side to move chosen;
 * the position set up, the engine's best line from it, a move played, and the link reopened in a second page.
 */
const site = useSite({ server: false });

const editor = (page: Page) => page.getByTestId('hv-editor');

/** Picks `piece` from its reserve in the editor and puts it on the cell `q,r`. */
const put = async (page: Page, piece: string, cell: string): Promise<void> => {
  await editor(page).locator(`.hv-reserve[data-piece="${piece}"]:not([disabled])`).click();
  const target = editor(page).locator(`.hv-cell.target[data-cell="${cell}"]`);
  await target.waitFor({ state: 'attached' });
  await target.click();
  await editor(page).locator(`.hv-cell[data-cell="${cell}"][data-piece="${piece}"]`).waitFor({ state: 'attached' });
};

// White's Queen has five neighbours; Black's Ant can take the sixth: Black to move wins in one.
const LAYOUT: [string, string][] = [
  ['wQ', '0,0'],
  ['bQ', '1,0'],
  ['bS1', '1,-1'],
  ['wS1', '0,-1'],
  ['wS2', '-1,0'],
  ['wB1', '-1,1'],
  ['bA1', '2,0'],
];
const SETUP = 'Base;Setup;Black[4];wS1@0,-1 bS1@1,-1 wS2@-1,0 wQ@0,0 bQ@1,0 bA1@2,0 wB1@-1,1';

/** The moves that win at once in `game`. */
const winning = (game: HiveGame): string[] =>
  game.legalMoves().flatMap((m) => {
    const copy = game.clone();
    copy.play(m);
    return copy.outcome()?.results[game.position.side] === 'win' ? [game.moveToString(m)] : [];
  });

describe('the Hive position editor', () => {
  it('places tiles, refuses in words, sets up the position for the engine, and reopens it from its link', async () => {
    const page = await site.newPage(1280, 1100);
    await page.goto(`${site.url}#/analysis/hive`);
    await page.getByTestId('editor').locator('summary').click();
    await page.locator('#opt-variant').selectOption('Base');
    await editor(page).locator('.hv-reserve[data-piece="wQ"]').waitFor();
    // Base has no Mosquito: the form's game type is the editor's
    expect(await editor(page).locator('.hv-reserve[data-piece="wM"]').count()).toBe(0);
    for (const [piece, cell] of LAYOUT) await put(page, piece, cell);
    // a Beetle climbs onto a stack: it stands on Black's Ant, then comes back down
    await put(page, 'wB2', '2,0');
    expect(await editor(page).getByTestId('editor-hv-setup').inputValue()).toContain('bA1/wB2@2,0');
    await editor(page).locator('.hv-cell[data-cell="2,0"]').click({ button: 'right' });
    await poll(() => editor(page).getByTestId('editor-hv-setup').inputValue()).not.toContain('wB2');
    // White's Queen taken off: White to move on turn 4 may still place her, Black to move means White's fourth turn
    // has passed without her, which the editor refuses in words
    await editor(page).locator('.hv-cell[data-cell="0,0"]').click({ button: 'right' });
    await poll(() => editor(page).getByTestId('hv-status').textContent()).toBe(
      'The position holds: White to move, turn 4.',
    );
    await editor(page).getByTestId('hv-side').selectOption('1');
    await poll(() => editor(page).getByTestId('hv-status').textContent()).toBe(
      'A Queen is still in hand after her owner’s fourth turn: she must be placed by then.',
    );
    await put(page, 'wQ', '0,0');
    await poll(() => editor(page).getByTestId('hv-status').textContent()).toBe(
      'The position holds: Black to move, turn 4.',
    );
    expect(await editor(page).getByTestId('editor-hv-setup').inputValue()).toBe(SETUP.replace('Black[4]', 'Black'));

    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Black to move');
    const game = (() => {
      const g = parseSetupGame(SETUP);
      if (!g.ok) throw new Error(g.error.reason);
      return g.value;
    })();
    const wins = winning(game);
    expect(wins.length).toBeGreaterThan(0);
    expect(await page.getByTestId('analysis-record').inputValue()).toBe(SETUP);

    // the engine (a worker) from the set-up position: its best line is the win in one, with its arrow
    await page.getByTestId('engine-toggle').click();
    await poll(() => page.getByTestId('engine-line').count(), 60_000).toBeGreaterThan(0);
    // scores read for White, as the bar does: Black to move wins in one, which White's line calls a loss in one
    await poll(() => page.getByTestId('engine-lines-for').textContent(), 60_000).toContain('White');
    await poll(() => page.getByTestId('engine-line').first().textContent(), 60_000).toContain('Loss in 1');
    const best = (await page.getByTestId('engine-line').first().locator('button').first().textContent())!;
    expect(wins).toContain(best);
    await page.locator(`.board-area svg.board [data-arrow=${JSON.stringify(best)}]`).waitFor({ state: 'attached' });
    await page.getByTestId('engine-toggle').click();

    // a move played on the board from there (a placement that does not end the game)
    const side = game.viewFor('spectator').legal.find((m) => m.from === null && !wins.includes(m.uhp))!;
    await page.locator(`.board-area .hv-reserve[data-piece="${side.piece}"]:not([disabled])`).click();
    const target = page.locator(`.board-area svg.board .hv-cell.target[data-cell="${side.to.q},${side.to.r}"]`);
    await target.waitFor({ state: 'attached' });
    await target.click();
    // numbered on from the setup's own turn: Black's fourth is the eighth ply
    await poll(() => page.getByTestId('tree-move').allTextContents()).toEqual([`8. ${side.uhp}`]);
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('White to move');
    expect(await page.getByTestId('analysis-record').inputValue()).toBe(`${SETUP};${side.uhp}`);

    // the link reopens the same set-up position and move in a second page
    const link = await page.getByTestId('analysis-link').inputValue();
    const other = await site.newPage(1280, 1000);
    await other.goto(link);
    await poll(() => other.getByTestId('tree-move').allTextContents()).toEqual([`8. ${side.uhp}`]);
    expect(await other.getByTestId('analysis-status').textContent()).toBe('White to move');
    expect(await other.getByTestId('analysis-record').inputValue()).toBe(`${SETUP};${side.uhp}`);
    await other.locator(`.board-area svg.board [data-piece="${side.piece}"]`).waitFor({ state: 'attached' });
    await other.context().close();
    await page.context().close();
  });
});
