import type { HiveGame } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickMove, moveCount, newHive, poll, useSite } from './harness.js';
import { latinWords, pageWords, startLocal } from './ui.js';

/**
 * The analysis board (`#/analysis/<game>`), served as static files (it needs no server): a Hive position built in
 * the editor, the engine's lines and arrow, a side line, a comment, and the link reopened in a second page; for
 * each other game, a move and an engine line.
 */
const site = useSite({ server: false });

const treeMoves = (page: Page) => page.getByTestId('tree-move').allTextContents();

/** Places or moves a Hive tile through the board (the test's engine names the cells), then waits for the tree. */
const hivePlay = async (page: Page, game: HiveGame, uhp: string): Promise<void> => {
  const m = game.viewFor(game.position.side).legal.find((x) => x.uhp === uhp);
  if (!m) throw new Error(`${uhp} is not legal here`);
  const before = (await treeMoves(page)).length;
  const target = page.locator(`.board-area svg.board .hv-cell.target[data-cell="${m.to.q},${m.to.r}"]`);
  if (m.from) await page.locator(`.board-area svg.board .hv-cell.movable[data-cell="${m.from.q},${m.from.r}"]`).click();
  else await page.locator(`.board-area .hv-reserve[data-piece="${m.piece}"]:not([disabled])`).click();
  await target.waitFor({ state: 'attached' });
  await target.click();
  await poll(async () => (await treeMoves(page)).length).toBeGreaterThan(before);
  const played = game.parseMove(uhp);
  expect(played.ok && game.play(played.value).ok).toBe(true);
};

const engineLines = (page: Page) => page.getByTestId('engine-line').allTextContents();

describe('analysis board', () => {
  it('builds a Hive position in the editor, shows the engine’s best line and arrow, keeps a side line and reopens from its link', async () => {
    const page = await site.newPage(1280, 1000);
    await page.goto(`${site.url}#/analysis/hive`);
    await page.getByTestId('editor').locator('summary').click();
    await page.locator('#opt-variant').selectOption('Base');
    await page.getByTestId('editor-apply').click();
    await page.locator('.board-area .hv-reserve[data-piece="wQ"]').waitFor();
    // Base has no Mosquito: the editor's game type reached the board
    expect(await page.locator('.board-area .hv-reserve[data-piece="wM"]').count()).toBe(0);
    const game = newHive('Base');
    for (const uhp of ['wS1', 'bG1 -wS1', 'wQ wS1/', 'bQ /bG1']) await hivePlay(page, game, uhp);
    expect(await treeMoves(page)).toEqual(['1. wS1', '2. bG1 -wS1', '3. wQ wS1/', '4. bQ /bG1']);
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('White to move');

    // the engine: its worker loads on demand, then each finished depth's lines, a bar and an arrow on the board
    await page.getByTestId('engine-toggle').click();
    await poll(async () => (await engineLines(page)).length, 60_000).toBe(3);
    await poll(() => page.getByTestId('engine-depth').textContent(), 60_000).toMatch(/Depth [2-9]/);
    // stopped, the last lines stay with their arrows until the position changes
    await page.getByTestId('engine-toggle').click();
    await poll(() => page.getByTestId('engine-toggle').textContent()).toBe('Start engine');
    const best = (await page.getByTestId('engine-line').first().locator('button').textContent())!;
    expect(game.parseMove(best).ok).toBe(true);
    expect(await page.getByTestId('eval-bar').isVisible()).toBe(true);
    expect(await page.getByTestId('eval-bar').textContent()).toMatch(/for White$/);
    await page.locator(`svg.board [data-arrow=${JSON.stringify(best)}]`).waitFor({ state: 'attached' });

    // a side line at the third move: back one, another white move; the main line stays
    await page.getByTestId('nav-prev').click();
    await page.getByTestId('nav-prev').click();
    await poll(async () => page.locator('.tree-move.current').textContent()).toBe('2. bG1 -wS1');
    await poll(() => page.getByTestId('engine-line').count()).toBe(0);
    expect(await page.locator('svg.board [data-arrow]').count()).toBe(0);
    game.undo();
    game.undo();
    await hivePlay(page, game, 'wA1 wS1\\');
    await poll(() => page.getByTestId('tree-side').count()).toBe(1);
    expect(await page.getByTestId('tree-side').textContent()).toBe('(3. wA1 wS1\\)');
    await page.getByTestId('analysis-comment').fill('the Ant keeps Black busy');
    await page.getByTestId('analysis-comment').blur();
    await poll(() => page.locator('.tree-comment').textContent()).toBe('the Ant keeps Black busy');
    expect(await page.getByTestId('analysis-tree-text').inputValue()).toBe(
      '1. wS1 2. bG1 -wS1 3. wQ wS1/ (3. wA1 wS1\\ {the Ant keeps Black busy}) 4. bQ /bG1',
    );
    // undo takes the comment back, and again the side line; promote makes it the main line
    await page.getByTestId('analysis-undo').click();
    await poll(() => page.locator('.tree-comment').count()).toBe(0);
    await page.getByTestId('analysis-comment').fill('the Ant keeps Black busy');
    await page.getByTestId('analysis-comment').blur();
    await poll(() => page.locator('.tree-comment').count()).toBe(1);

    // the keyboard: ← back to the branch, ↓ and ↑ between the two third moves
    await page.locator('h1').click();
    await page.keyboard.press('ArrowLeft');
    await poll(async () => page.locator('.tree-move.current').textContent()).toBe('2. bG1 -wS1');
    await page.keyboard.press('ArrowRight');
    await poll(async () => page.locator('.tree-move.current').textContent()).toBe('3. wQ wS1/');
    await page.keyboard.press('ArrowDown');
    await poll(async () => page.locator('.tree-move.current').textContent()).toBe('3. wA1 wS1\\');

    // the link reopens the same position, tree, comment and move shown in another page
    const link = await page.getByTestId('analysis-link').inputValue();
    expect(link).toContain('#/analysis/hive/');
    const other = await site.newPage(1280, 1000);
    await other.goto(link);
    await poll(() => treeMoves(other)).toEqual(await treeMoves(page));
    expect(await other.locator('.tree-move.current').textContent()).toBe('3. wA1 wS1\\');
    expect(await other.locator('.tree-comment').textContent()).toBe('the Ant keeps Black busy');
    expect(await other.getByTestId('analysis-record').inputValue()).toBe(
      await page.getByTestId('analysis-record').inputValue(),
    );
    // the reopened page's board is that position: Black to move, the Ant on the board
    expect(await other.getByTestId('analysis-status').textContent()).toBe('Black to move');
    await other.locator('svg.board [data-piece="wA1"]').waitFor({ state: 'attached' });
    await other.context().close();
    await page.context().close();
  });

  it('reads a pasted UHP GameString, its moves as the main line, and refuses a broken one with the reason', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}#/analysis/hive`);
    await page.getByTestId('editor').locator('summary').click();
    await page.getByTestId('import-text').fill('Base+M;InProgress;Black[2];wS1;bG1 -wS1;wM wS1/');
    await page.getByTestId('import-load').click();
    await poll(() => treeMoves(page)).toEqual(['1. wS1', '2. bG1 -wS1', '3. wM wS1/']);
    expect(await page.getByTestId('analysis-status').textContent()).toBe('Black to move');
    await page.getByTestId('import-text').fill('Base;InProgress;White[2];wS1;bQ wS9');
    await page.getByTestId('import-load').click();
    await poll(() => page.getByTestId('analysis-error').textContent()).toMatch(/^This text cannot be read: .+/);
    // the board kept what it had
    expect(await treeMoves(page)).toEqual(['1. wS1', '2. bG1 -wS1', '3. wM wS1/']);
    // the export of all lines reads back onto the start shown, side lines and comments with it
    await page.getByTestId('import-text').fill('1. wS1 2. bG1 -wS1 (2. bA1 -wS1 {a try} 3. wQ wS1-) 3. wM wS1/');
    await page.getByTestId('import-load').click();
    await poll(() => page.getByTestId('tree-side').textContent()).toBe('(2. bA1 -wS1a try3. wQ wS1-)');
    expect(await page.getByTestId('analysis-tree-text').inputValue()).toBe(
      '1. wS1 2. bG1 -wS1 (2. bA1 -wS1 {a try} 3. wQ wS1-) 3. wM wS1/',
    );
    await page.getByTestId('import-text').fill('1. wS1 2. wQ -wS1');
    await page.getByTestId('import-load').click();
    await poll(() => page.getByTestId('analysis-error').textContent()).toMatch(
      /^This text cannot be read: wQ -wS1 \(move 2\): /,
    );
    // undo goes back to the game read before
    await page.getByTestId('analysis-undo').click();
    await poll(() => treeMoves(page)).toEqual(['1. wS1', '2. bG1 -wS1', '3. wM wS1/']);
    await page.context().close();
  });

  it.each([
    ['abalone', 'Black to move'],
    ['chinese-checkers', 'Red to move'],
    ['junqi', 'Red to move'],
  ])('%s: opens the board, plays the engine’s move and sees its next line', async (game, status) => {
    const page = await site.newPage(1280, 1000);
    await page.goto(`${site.url}#/analysis/${game}`);
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe(status);
    await page.getByTestId('engine-toggle').click();
    await poll(async () => (await engineLines(page)).length, 90_000).toBeGreaterThan(0);
    await page.getByTestId('engine-toggle').click();
    await poll(() => page.getByTestId('engine-toggle').textContent()).toBe('Start engine');
    const best = (await page.getByTestId('engine-line').first().locator('button').textContent())!;
    // an arrow over the board for the best move
    await page
      .locator(`[data-arrow=${JSON.stringify(best)}]`)
      .first()
      .waitFor({ state: 'attached' });
    await page.getByTestId('engine-line').first().locator('button').click();
    await poll(() => treeMoves(page)).toEqual([`1. ${best}`]);
    await poll(() => page.getByTestId('analysis-status').textContent()).not.toBe(status);
    // the engine again, on the new position
    await page.getByTestId('engine-toggle').click();
    await poll(async () => (await engineLines(page)).length, 90_000).toBeGreaterThan(0);
    expect((await page.getByTestId('engine-line').first().locator('button').textContent())!).not.toBe(best);
    if (game === 'junqi') expect(await page.getByTestId('engine').textContent()).toContain('face up');
    await page.context().close();
  });

  // fair play: only a finished game offers the analysis board; its moves are the main line, opened at the ply shown
  it('opens a finished game’s replay on the analysis board at the ply shown, and offers nothing while it goes on', async () => {
    const page = await site.newPage(1280, 1000);
    const id = await startLocal(page, site.url, 'chinese-checkers', 'hotseat');
    for (let i = 0; i < 3; i++) await clickMove(page);
    await poll(() => moveCount(page)).toBe(3);
    const played = (await page.locator('[data-testid=move-list] li').allTextContents()).map((m) =>
      m.replace(/^\S+\s+/, ''),
    );
    // while the game goes on, its replay has no analysis board to offer
    await page.goto(`${site.url}#/local/${id}/replay`);
    await page.locator(`a[href="#/local/${id}"]`).waitFor();
    expect(await page.getByTestId('open-analysis').count()).toBe(0);
    await page.locator(`a[href="#/local/${id}"]`).click();
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-yes').click();
    await page.getByTestId('replay-link').click();
    await poll(() => page.getByTestId('replay-ply').textContent()).toBe('0 / 3');
    await page.getByTestId('nav-next').click();
    await page.getByTestId('nav-next').click();
    await poll(() => page.getByTestId('replay-ply').textContent()).toBe('2 / 3');
    await page.getByTestId('open-analysis').click();
    await poll(() => treeMoves(page)).toEqual(played.map((m, i) => `${i + 1}. ${m}`));
    expect(await page.locator('.tree-move.current').textContent()).toBe(`2. ${played[1]}`);
    expect(await page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    await page.context().close();
  });

  // the Chinese pages leave no English word: the board, the editor with its fields, the engine with its lines (the
  // moves themselves are notation, the same in every language)
  it.each(['zh-CN', 'zh-TW'])('speaks %s only, for every game', async (lang) => {
    const page = await site.newPage(1280, 1000);
    await page.goto(site.url);
    await page.getByTestId('language').selectOption(lang);
    const left: string[] = [];
    for (const game of ['hive', 'abalone', 'chinese-checkers', 'junqi']) {
      await page.goto(`${site.url}#/analysis/${game}`);
      await poll(() => page.getByTestId('analysis-status').textContent()).toMatch(lang === 'zh-CN' ? /^轮到/ : /^輪到/);
      await page.getByTestId('engine-toggle').click();
      await poll(async () => (await engineLines(page)).length, 90_000).toBeGreaterThan(0);
      await page.getByTestId('editor').locator('summary').click();
      await page.getByTestId('editor-apply').waitFor();
      const words = latinWords(await pageWords(page, '.engine-lines, .analysis-tree'), ['English']);
      if (words.length > 0) left.push(`${game}: ${[...new Set(words)].join(' ')}`);
      await page.getByTestId('engine-toggle').click();
    }
    expect(left).toEqual([]);
    await page.context().close();
  });

  // the position editor places and removes pieces, chooses the side to move, and refuses what the engine refuses
  it('sets up a Chinese Checkers position by hand and refuses broken positions with the reason', async () => {
    const page = await site.newPage(1280, 1000);
    await page.goto(`${site.url}#/analysis/chinese-checkers`);
    await page.getByTestId('editor').locator('summary').click();
    await page.getByTestId('cc-clear').click();
    await page.locator('[data-testid=cc-star-editor] [data-point="e5"]').click();
    // a second click gives the next colour in play: Red, then Green
    await page.locator('[data-testid=cc-star-editor] [data-point="m13"]').click();
    await page.locator('[data-testid=cc-star-editor] [data-point="m13"]').click();
    await page.getByTestId('cc-side').selectOption({ label: 'Green' });
    expect(await page.getByTestId('editor-cc-setup').inputValue()).toBe(
      '1/2/3/4/12g/12/11/10/9/10/11/12/4r8/4/3/2/1 g',
    );
    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Green to move');
    // the board redraws after the status on a loaded machine: waited for, not read at once
    await poll(() => page.locator('svg.board .piece').count()).toBe(2);
    // the engine answers from there, and the link keeps the position
    await page.getByTestId('engine-toggle').click();
    await poll(async () => (await engineLines(page)).length, 60_000).toBeGreaterThan(0);
    expect(await page.getByTestId('engine-line').first().locator('button').textContent()).toMatch(/^m13-/);
    const other = await site.newPage(1280, 1000);
    await other.goto(await page.getByTestId('analysis-link').inputValue());
    await poll(() => other.getByTestId('analysis-status').textContent()).toBe('Green to move');
    expect(await other.locator('svg.board .piece').count()).toBe(2);
    await other.context().close();
    await page.getByTestId('editor-cc-setup').fill('1/2/3 r');
    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-error').textContent()).toBe(
      'This position is refused: a position has 17 rows, not 3',
    );
    expect(await page.getByTestId('analysis-status').textContent()).toBe('Green to move');
    await page.context().close();
  });

  it('refuses a Junqi deployment the rules do not allow, with the reason', async () => {
    const page = await site.newPage(1280, 1000);
    await page.goto(`${site.url}#/analysis/junqi`);
    await page.getByTestId('editor').locator('summary').click();
    await page.getByTestId('editor-setups').fill('71316/4+2+5/93+8B/2+3+7/6B154/MFM2M,71316');
    await page.getByTestId('editor-apply').click();
    // the army whose text cannot be read, and where: the editor says so before the engine is asked
    await poll(() => page.getByTestId('analysis-error').textContent()).toMatch(
      /^The deployment of .+ in the text cannot be read: an army has 6 rows separated by “\/”, not 1\.$/,
    );
    await page
      .getByTestId('editor-setups')
      .fill('71316/4+2+5/93+8B/2+3+7/6B154/MFM2M,98171/6+1+6/53+35/B+4+B/74322/MF2MM');
    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-error').count()).toBe(0);
    expect(await page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    await page.context().close();
  });

  it('sets up Abalone marbles by hand with White to move, and refuses a side of fewer than nine', async () => {
    const page = await site.newPage(1280, 1000);
    await page.goto(`${site.url}#/analysis/abalone`);
    await page.getByTestId('editor').locator('summary').click();
    const cell = (name: string) => page.locator(`[data-testid=ab-editor] [data-cell="${name}"]`);
    await cell('C3').waitFor();
    // the usual start is shown: take a black marble off C3 (black → white → empty), move White's I5 to E5
    await cell('C3').click();
    await cell('C3').click();
    await cell('E5').click();
    await cell('E5').click();
    await cell('I5').click();
    await page.getByTestId('ab-side').selectOption({ label: 'White' });
    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('White to move');
    await poll(() => page.locator('svg.board .ab-marble[data-cell="E5"].white').count()).toBe(1);
    expect(await page.locator('svg.board .ab-marble[data-cell="C3"]').count()).toBe(0);
    expect(await page.locator('svg.board .ab-marble[data-cell="I5"]').count()).toBe(0);
    // Black lacks one of its fourteen: counted as pushed off by White
    await page.getByTestId('engine-toggle').click();
    await poll(async () => (await engineLines(page)).length, 60_000).toBeGreaterThan(0);
    // six black marbles off: refused, the board unchanged
    for (const c of ['A1', 'A2', 'A3', 'A4', 'A5']) {
      await cell(c).click();
      await cell(c).click();
    }
    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-error').textContent()).toBe(
      'This position is refused: Black has 8 marbles: with six pushed off the game is already over',
    );
    expect(await page.getByTestId('analysis-status').textContent()).toBe('White to move');
    await page.context().close();
  });
});

/** The analysis board's ⇅ button is named for screen readers on every game's board, in each language. */
const FLIP_NAMES = { en: 'Turn the board around', 'zh-CN': '翻转棋盘', 'zh-TW': '翻轉棋盤' } as const;

describe('the ⇅ button', () => {
  it('has an accessible name on every analysis board, in each language', async () => {
    const page = await site.newPage(1280, 900);
    for (const game of ['hive', 'abalone', 'chinese-checkers', 'junqi']) {
      await page.goto(`${site.url}#/analysis/${game}`);
      for (const [lang, name] of Object.entries(FLIP_NAMES)) {
        await page.getByTestId('language').selectOption(lang);
        // found by its role and name, as assistive technology finds it
        await poll(() => page.getByRole('button', { name, exact: true }).count(), 10_000).toBe(1);
        expect(await page.getByRole('button', { name, exact: true }).getAttribute('data-testid'), game).toBe(
          'analysis-flip',
        );
      }
    }
    await page.context().close();
  });
});

/**
 * The analysis board's import box names what it reads in the game shown: a Hive game string only on Hive's board,
 * never on Junqi's, Abalone's or Chinese Checkers'.
 */
describe('the analysis import box', () => {
  it("mentions Hive's game strings on the Hive board only", { timeout: 120_000 }, async () => {
    const page = await site.newPage(390, 844, true);
    for (const [game, mentions] of [
      ['hive', true],
      ['junqi', false],
      ['abalone', false],
      ['chinese-checkers', false],
    ] as const) {
      await page.goto(`${site.url}#/analysis/${game}`);
      await page.getByTestId('editor').locator('summary').click();
      const label = page.locator('label[for="import-text"]');
      await poll(() => label.textContent()).toMatch(/^A game record exported here/);
      await poll(async () => /Hive/.test((await label.textContent()) ?? '')).toBe(mentions);
    }
  });
});

/**
 * A refusal of the position editor or of the import box is said right below the button that asked for it, on a
 * phone where the page's top is screens away, not at the top of the panel.
 */
describe('the analysis board refusals', () => {
  it('says a refused import and a refused position beside their buttons, in the editor words for Junqi', {
    timeout: 120_000,
  }, async () => {
    const page = await site.newPage(390, 844, true);
    await page.goto(`${site.url}#/analysis/abalone`);
    const editor = page.getByTestId('editor');
    await editor.locator('summary').click();
    await page.getByTestId('import-text').fill('no record at all');
    await page.getByTestId('import-load').click();
    const said = editor.getByTestId('analysis-error');
    await poll(() => said.textContent()).toMatch(/^This text cannot be read: /);
    // one refusal, below the button, on the screen the player is looking at
    expect(await page.getByTestId('analysis-error').count()).toBe(1);
    const button = await page.getByTestId('import-load').boundingBox();
    const box = await said.boundingBox();
    expect(box!.y).toBeGreaterThan(button!.y);
    expect(box!.y - button!.y).toBeLessThan(200);

    // Junqi with Red's army cleared: refused below "Set up this position", in the editor's words (the engine's
    // "seat 0: the army has 1 × flag (军旗)…" is not for players)
    await page.goto(`${site.url}#/analysis/junqi`);
    await editor.locator('summary').click();
    await page.getByTestId('jq-clear').first().click();
    await page.getByTestId('editor-apply').click();
    await poll(() => editor.getByTestId('analysis-error').textContent()).toBe(
      'Red is not ready to set up: Pieces still to deploy: 25 (25 in all).',
    );
    expect(await page.getByTestId('analysis-error').count()).toBe(1);
    const apply = await page.getByTestId('editor-apply').boundingBox();
    const refusal = await editor.getByTestId('analysis-error').boundingBox();
    expect(refusal!.y - apply!.y).toBeGreaterThan(0);
    expect(refusal!.y - apply!.y).toBeLessThan(200);
  });
});
