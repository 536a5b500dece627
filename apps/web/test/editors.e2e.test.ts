import { type HiveGame, parseSetupGame } from '@qiyuan/hive';
import { readSetup } from '@qiyuan/junqi';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/** The analysis board's position editors, one game each, on one site served as static files. */
const site = useSite({ server: false });

const editor = (page: Page) => page.getByTestId('jq-editor');
const point = (page: Page, name: string) => editor(page).locator(`.jq-pt[data-point="${name}"]`);
const chip = (page: Page, army: number, rank: string) =>
  editor(page).locator(`[data-testid=jq-chip][data-army="${army}"][data-rank="${rank}"]`);
const palette = (page: Page, army: number) => editor(page).locator(`[data-testid=jq-palette][data-army="${army}"]`);
const said = (page: Page) => page.getByTestId('jq-editor-message').textContent();
/** Red's deployment as the text box holds it. */
const redText = async (page: Page) => (await page.getByTestId('editor-setups').inputValue()).split(',')[0];

/**
 * The analysis board's Junqi position editor: pieces placed by clicking a piece in an army's palette and then a
 * point, refusals with the rule that refuses them, a placed piece moved, the rest filled at random, and the position
 * set up on the board with the engine answering from it.
 */
describe('Junqi position editor', () => {
  it('places pieces by clicking, refuses with the rule, fills the rest, and sets up the position', async () => {
    const page = await site.newPage(1280, 1100);
    await page.goto(`${site.url}#/analysis/junqi`);
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    await page.getByTestId('editor').locator('summary').click();
    await point(page, 'b1').waitFor();
    // the board starts from the position shown: both armies classic, every piece placed
    await poll(() => palette(page, 0).locator('[data-testid=jq-ready]').count()).toBe(1);

    await palette(page, 0).getByTestId('jq-clear').click();
    await poll(() => redText(page)).toBe('...../.+.+./..+../.+.+./...../.....');
    expect(await chip(page, 0, 'F').textContent()).toBe('Flag × 1');
    expect(await chip(page, 0, '9').getAttribute('aria-label')).toBe('Field Marshal × 1');

    // the flag on a back-row post is refused, in a headquarters it stands
    await chip(page, 0, 'F').click();
    await point(page, 'a1').click();
    await poll(() => said(page)).toBe('Refused: the flag may not go on a1; it stands in a headquarters (大本营).');
    await point(page, 'b1').click();
    await poll(() => redText(page)).toBe('...../.+.+./..+../.+.+./...../.F...');
    expect(await chip(page, 0, 'F').textContent()).toBe('Flag × 0');

    // mines stand in the last two rows, bombs off the front row, camps stay empty, each army on its own side
    await chip(page, 0, 'M').click();
    await point(page, 'c6').click();
    await poll(() => said(page)).toBe('Refused: a Landmine may not go on c6; it stands in the army’s last two rows.');
    await point(page, 'c12').click();
    await poll(() => said(page)).toBe('Refused: c12 is not in the area of Red; each army deploys on its own side.');
    await point(page, 'a1').click();
    await point(page, 'c1').click();
    await poll(() => redText(page)).toBe('...../.+.+./..+../.+.+./...../MFM..');
    expect(await chip(page, 0, 'M').textContent()).toBe('Mine × 1');
    await chip(page, 0, 'B').click();
    await point(page, 'e6').click();
    await poll(() => said(page)).toBe('Refused: a bomb may not go on e6; no bomb stands in the front row.');
    await point(page, 'b3').click();
    await poll(() => said(page)).toBe('Refused: nothing may go on b3; the camps (行营) start empty.');
    await point(page, 'e5').click();
    await poll(() => redText(page)).toBe('...../.+.+B/..+../.+.+./...../MFM..');
    // the refused points are not in the text: only what stands is written
    expect((await redText(page))?.replace(/[^MFB]/g, '')).toBe('BMFM');

    // a placed piece picked up and moved to another point, then one taken back to the palette
    await chip(page, 0, 'B').click(); // put the chosen piece down first
    await point(page, 'e5').click();
    await point(page, 'a5').click();
    await poll(() => redText(page)).toBe('...../B+.+./..+../.+.+./...../MFM..');
    // a used-up piece of the same army takes it back as well as any other
    await point(page, 'c1').click();
    await chip(page, 0, 'F').click();
    await poll(() => redText(page)).toBe('...../B+.+./..+../.+.+./...../MF...');
    await poll(() => said(page)).toBe('Landmine back to the pieces of Red.');
    expect(await chip(page, 0, 'M').textContent()).toBe('Mine × 2');
    expect(await palette(page, 0).getByTestId('jq-problems').textContent()).toContain('Pieces still to deploy: 22');
    // and from the keyboard: a piece picked up, then Delete
    await point(page, 'a1').click();
    await page.keyboard.press('Delete');
    await poll(() => redText(page)).toBe('...../B+.+./..+../.+.+./...../.F...');
    expect(await chip(page, 0, 'M').textContent()).toBe('Mine × 3');
    // and dragged off the board onto its army's pieces: the flag goes back, then into the other headquarters
    await point(page, 'b1').dragTo(palette(page, 0).getByTestId('jq-preset'));
    await poll(() => redText(page)).toBe('...../B+.+./..+../.+.+./...../.....');
    expect(await chip(page, 0, 'F').textContent()).toBe('Flag × 1');
    await chip(page, 0, 'F').click();
    await point(page, 'd1').click();
    await poll(() => redText(page)).toBe('...../B+.+./..+../.+.+./...../...F.');

    // the rest at random, around what was placed: the engine accepts the army
    await palette(page, 0).getByTestId('jq-fill-rest').click();
    await poll(() => palette(page, 0).locator('[data-testid=jq-ready]').count()).toBe(1);
    const red = (await redText(page))!;
    expect(readSetup(red).ok).toBe(true);
    // every point but the camps is taken: the bomb still on a5, the flag still on d1
    expect(red.split('/')[1]![0]).toBe('B');
    expect(red.split('/')[5]![3]).toBe('F');

    // set up: the analysis board shows Red's flag on d1 and its bomb on a5, and the engine answers from there
    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-error').count()).toBe(0);
    const board = page.locator('svg.jq-board').first();
    await poll(() => board.locator('.jq-tile[data-point="d1"]').getAttribute('data-rank')).toBe('F');
    expect(await board.locator('.jq-tile[data-point="a5"]').getAttribute('data-rank')).toBe('B');
    expect(await page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    await page.getByTestId('engine-toggle').click();
    await poll(async () => page.getByTestId('engine-line').count(), 90_000).toBeGreaterThan(0);
    await page.context().close();
  });

  it('deploys every army of the four-player board and keeps the text in step both ways', async () => {
    const page = await site.newPage(1280, 1300);
    await page.goto(`${site.url}#/analysis/junqi`);
    await page.getByTestId('editor').locator('summary').click();
    await page.locator('#opt-players').selectOption('4');
    await poll(() => page.getByTestId('jq-palette').count()).toBe(4);
    for (let army = 0; army < 4; army++) await palette(page, army).getByTestId('jq-random').click();
    await poll(async () => (await page.getByTestId('editor-setups').inputValue()).split(',').length).toBe(4);
    for (const s of (await page.getByTestId('editor-setups').inputValue()).split(','))
      expect(readSetup(s).ok).toBe(true);
    // a pasted text shows on the board: Green (the third army) loses its flag
    const parts = (await page.getByTestId('editor-setups').inputValue()).split(',');
    parts[2] = parts[2]!.replace('F', '.');
    await page.getByTestId('editor-setups').fill(parts.join(','));
    await poll(() => chip(page, 2, 'F').textContent()).toBe('Flag × 1');
    expect(await palette(page, 2).getByTestId('jq-problems').textContent()).toContain('Pieces still to deploy: 1');
    await palette(page, 2).getByTestId('jq-fill-rest').click();
    await poll(() => palette(page, 2).locator('[data-testid=jq-ready]').count()).toBe(1);
    await page.getByTestId('editor-apply').click();
    await poll(() => page.locator('svg.jq-board').first().locator('.jq-tile[data-rank="F"]').count()).toBe(4);
    expect(await page.getByTestId('analysis-error').count()).toBe(0);
    // 三打一 deals its armies in the bidding: nothing fixed to place
    await page.locator('#opt-variant').selectOption('landlord');
    await poll(() => page.getByTestId('jq-editor').count()).toBe(0);
    await page.context().close();
  });
});

const hiveEditor = (page: Page) => page.getByTestId('hv-editor');

/** Picks `piece` from its reserve in the editor and puts it on the cell `q,r`. */
const put = async (page: Page, piece: string, cell: string): Promise<void> => {
  await hiveEditor(page).locator(`.hv-reserve[data-piece="${piece}"]:not([disabled])`).click();
  const target = hiveEditor(page).locator(`.hv-cell.target[data-cell="${cell}"]`);
  await target.waitFor({ state: 'attached' });
  await target.click();
  await hiveEditor(page).locator(`.hv-cell[data-cell="${cell}"][data-piece="${piece}"]`).waitFor({ state: 'attached' });
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

/**
 * The Hive position editor on the analysis board, served as static files: tiles placed from each reserve (a Beetle
 * on a stack), one taken off with a right-click and the refusal it causes said in words, the side to move chosen;
 * the position set up, the engine's best line from it, a move played, and the link reopened in a second page.
 */
describe('the Hive position editor', () => {
  it('places tiles, refuses in words, sets up the position for the engine, and reopens it from its link', async () => {
    const page = await site.newPage(1280, 1100);
    await page.goto(`${site.url}#/analysis/hive`);
    await page.getByTestId('editor').locator('summary').click();
    await page.locator('#opt-variant').selectOption('Base');
    await hiveEditor(page).locator('.hv-reserve[data-piece="wQ"]').waitFor();
    // Base has no Mosquito: the form's game type is the editor's
    expect(await hiveEditor(page).locator('.hv-reserve[data-piece="wM"]').count()).toBe(0);
    for (const [piece, cell] of LAYOUT) await put(page, piece, cell);
    // a Beetle climbs onto a stack: it stands on Black's Ant, then comes back down
    await put(page, 'wB2', '2,0');
    expect(await hiveEditor(page).getByTestId('editor-hv-setup').inputValue()).toContain('bA1/wB2@2,0');
    await hiveEditor(page).locator('.hv-cell[data-cell="2,0"]').click({ button: 'right' });
    await poll(() => hiveEditor(page).getByTestId('editor-hv-setup').inputValue()).not.toContain('wB2');
    // White's Queen taken off: White to move on turn 4 may still place her, Black to move means White's fourth turn
    // has passed without her, which the editor refuses in words
    await hiveEditor(page).locator('.hv-cell[data-cell="0,0"]').click({ button: 'right' });
    await poll(() => hiveEditor(page).getByTestId('hv-status').textContent()).toBe(
      'The position holds: White to move, turn 4.',
    );
    await hiveEditor(page).getByTestId('hv-side').selectOption('1');
    await poll(() => hiveEditor(page).getByTestId('hv-status').textContent()).toBe(
      'A Queen is still in hand after her owner’s fourth turn: she must be placed by then.',
    );
    await put(page, 'wQ', '0,0');
    await poll(() => hiveEditor(page).getByTestId('hv-status').textContent()).toBe(
      'The position holds: Black to move, turn 4.',
    );
    expect(await hiveEditor(page).getByTestId('editor-hv-setup').inputValue()).toBe(SETUP.replace('Black[4]', 'Black'));

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

/**
 * The Chinese Checkers position editor follows a change of player count: it refused one ("no seat plays colour 3",
 * the two-player pieces left on the board) and had no start to lay out for the players chosen.
 */
describe('the Chinese Checkers position editor', () => {
  it('lays out the start of the player count chosen, and its N-player start button lays it out again', async () => {
    const page = await site.newPage(1280, 1000);
    await page.goto(`${site.url}#/analysis/chinese-checkers`);
    await page.getByTestId('editor').locator('summary').click();
    await page.getByTestId('cc-clear').waitFor();
    const setup = page.getByTestId('editor-cc-setup');
    const pieces = () => page.locator('svg.board .piece').count();
    // three players: red, yellow and blue at their homes, ten each
    await page.locator('#opt-players').selectOption('3');
    await poll(() => setup.inputValue()).toBe('1/2/3/4/bbbb5yyyy/bbb6yyy/bb7yy/b8y/9/10/11/12/13/rrrr/rrr/rr/r r');
    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    expect(await page.getByTestId('analysis-error').count()).toBe(0);
    expect(await pieces()).toBe(30);
    // cleared, then the start again from the button, which names the player count
    await page.getByTestId('editor').locator('summary').click();
    await page.getByTestId('editor').locator('summary').click();
    await page.getByTestId('cc-clear').click();
    await poll(() => setup.inputValue()).toMatch(/^1\/2\/3\/4\//);
    expect(await page.getByTestId('cc-start').textContent()).toBe('3-player start');
    await page.getByTestId('cc-start').click();
    await page.getByTestId('editor-apply').click();
    await poll(() => pieces()).toBe(30);
    // six players
    await page.locator('#opt-players').selectOption('6');
    await page.getByTestId('editor-apply').click();
    await poll(() => pieces()).toBe(60);
    expect(await page.getByTestId('analysis-error').count()).toBe(0);
    await page.context().close();
  });
});
