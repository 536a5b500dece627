import { parseGameString } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectBoardCovered, hiveMove, moveCount, poll, screenshot, useSite } from './harness.js';

const site = useSite({ server: false });
const newPage = site.newPage;

/** At one screen an advanced game is hidden information: the pass-the-device curtain covers each turn. */
const reveal = async (page: Page, player?: string) => {
  const button = page.getByTestId('reveal');
  if (player) await poll(() => button.textContent()).toContain(player);
  // no click reaches the board (or the roster) through the screen
  await expectBoardCovered(page);
  await button.click();
};

/** Chooses a roster in the panel (behind the curtain at one screen): a count per kind, then confirm. */
const chooseRoster = async (
  page: Page,
  counts: Readonly<Record<string, string>>,
  opts: { player?: string; shot?: string } = {},
) => {
  if (opts.player) await reveal(page, opts.player);
  await page.getByTestId('roster-confirm').waitFor();
  for (const [kind, n] of Object.entries(counts)) await page.locator(`select[name=roster-${kind}]`).selectOption(n);
  if (opts.shot) await screenshot(page, opts.shot);
  const before = await moveCount(page);
  await page.getByTestId('roster-confirm').click();
  await poll(() => moveCount(page)).toBeGreaterThan(before);
};

/** A new page with an advanced game of `variant` started from the create form (the rosters not chosen yet). */
const startAdvanced = async (mode: 'hotseat' | 'ai', variant = 'Base+MLP'): Promise<Page> => {
  const page = await newPage();
  await page.goto(site.url);
  await page.getByTestId('language').selectOption('en');
  await page.getByTestId('game-hive').click();
  await page.locator(`input[name=mode][value=${mode}]`).check();
  await page.locator('select[name=variant]').selectOption(variant);
  await page.locator('select[name=sides]').selectOption('advanced');
  await page.getByTestId('start').click();
  return page;
};

describe('Hive advanced game in the browser', () => {
  it('chooses both rosters in secret at one screen, then plays a grab and a swap', async () => {
    const page = await newPage();
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('game-hive').click();
    await page.locator('input[name=mode][value=hotseat]').check();
    await page.locator('select[name=variant]').selectOption('Base+MLP');
    await expect(page.locator('select[name=sides] option[value=advanced]').textContent()).resolves.toContain(
      'each player chooses',
    );
    await page.locator('select[name=sides]').selectOption('advanced');
    await page.getByTestId('start').click();

    // White's turn to choose, behind the curtain; the board is not shown yet.
    await chooseRoster(page, { T: '1', F: '2', W: '1' }, { player: 'White', shot: 'hive-roster.png' });
    // The curtain for Black; behind it White's choice is nowhere on the page, and the move list says only that White
    // chose.
    await reveal(page, 'Black');
    await page.getByTestId('roster-confirm').waitFor();
    await expect(page.getByTestId('move-list').textContent()).resolves.not.toContain('Fly');
    await poll(() => page.locator('[data-testid=move-list] li').first().textContent()).toContain('Roster chosen');
    await chooseRoster(page, { R: '2', D: '1', C: '1' });

    // Both chosen: the rosters are open, the board is up with the new tiles in the reserves.
    await poll(() => page.locator('[data-testid=move-list] li').first().textContent()).toContain('Mantis');
    await poll(() => page.getByTestId('status').textContent()).toContain('White to move');
    // nothing is hidden any more: no curtain between the turns from here on
    await expect(page.getByTestId('reveal').count()).resolves.toBe(0);
    await poll(() => page.locator('.hv-reserve[data-piece="wT1"]').count()).toBe(1);
    await poll(() => page.locator('.hv-reserve[data-piece="bC"]').count()).toBe(1);

    const g = parseGameString('Base+MLP:TF2W/R2DC');
    if (!g.ok) throw new Error(g.error.reason);
    for (const uhp of ['wT1', 'bC wT1-', 'wQ -wT1', 'bQ bC-', 'wT1 +wQ', 'bC =bQ'])
      await hiveMove(page, g.value, uhp, { drag: true });
    await expect(page.getByTestId('reveal').count()).resolves.toBe(0);
    // The Mantis now sits on the white Queen; the Centipede and the black Queen have traded places.
    await poll(() => page.locator('svg.board .hv-cell').count()).toBe(3);
    await screenshot(page, 'hive-advanced.png');
    await poll(() => page.getByTestId('status').textContent()).toContain('White to move');
    await page.context().close();
  }, 120_000);

  // the replay shows the recorded choices; choosing anew from its start is a line of the reader's own, on request
  it("offers a roster of one's own in its replay only when asked", async () => {
    const page = await startAdvanced('hotseat');
    await chooseRoster(page, { T: '1', F: '2', W: '1' }, { player: 'White' });
    await chooseRoster(page, { R: '2', D: '1', C: '1' }, { player: 'Black' });
    await poll(() => page.getByTestId('status').textContent()).toContain('White to move');
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-yes').click();
    await page.getByTestId('replay-link').click();
    await poll(() => page.getByTestId('replay-ply').textContent()).toMatch(/^0 \//);
    await page.getByTestId('try-setup').waitFor();
    expect(await page.getByTestId('roster-confirm').count()).toBe(0);
    await page.getByTestId('try-setup').click();
    await page.getByTestId('roster-confirm').waitFor();
    expect(await page.getByTestId('try-setup').count()).toBe(0);
    await page.context().close();
  });

  // The AI draws its own roster in its worker; the human's stays hidden from the page until both are in.
  it('plays the advanced game against the AI', async () => {
    const page = await startAdvanced('ai');
    await chooseRoster(page, { W: '3' });
    await expect(page.getByTestId('reveal').count()).resolves.toBe(0);
    await poll(() => moveCount(page), 30_000).toBe(2);
    await poll(() => page.locator('.hv-reserve[data-piece="wW1"]').count(), 30_000).toBe(1);
    await page.locator('.hv-reserve[data-bug="W"]:not([disabled])').first().click();
    await page.locator('svg.board .hv-cell.target').first().click();
    await poll(() => moveCount(page), 30_000).toBe(4);
    await poll(() => page.locator('svg.board .hv-cell').count()).toBe(2);
    await page.context().close();
  }, 90_000);

  // A Mosquito beside a Mantis may climb onto it or grab it: the chooser names the grab.
  it('asks which move when a Mosquito may climb onto a Mantis or grab it', async () => {
    const page = await startAdvanced('hotseat', 'Base+M');
    await chooseRoster(page, { T: '1' }, { player: 'White' });
    await chooseRoster(page, {}, { player: 'Black' });
    const g = parseGameString('Base+M:T/');
    if (!g.ok) throw new Error(g.error.reason);
    // Found with the engine: after these eight moves White's Mosquito touches the Mantis, a Beetle and the Queen.
    for (const uhp of ['wT1', 'bS1 \\wT1', 'wM wT1\\', 'bQ \\bS1', 'wQ wT1-', 'bB1 -bQ', 'wB1 -wM', 'bS2 \\bB1'])
      await hiveMove(page, g.value, uhp, { drag: true });
    const grab = g.value.viewFor(0).legal.find((m) => m.uhp === 'wM +wQ')!;
    const mosquito = page.locator(`svg.board .hv-cell[data-cell="${grab.from!.q},${grab.from!.r}"]`);
    await mosquito.click();
    await page.locator(`svg.board .hv-cell.target[data-cell="${grab.to.q},${grab.to.r}"]`).click();
    const choices = page.locator('.hv-chooser .hv-choice');
    await poll(() => choices.allTextContents()).toEqual(expect.arrayContaining(['Grab · wM +wQ', 'wM wQ']));
    const before = await moveCount(page);
    await choices.filter({ hasText: 'Grab' }).click();
    await poll(() => moveCount(page)).toBe(before + 1);
    await poll(() => page.locator('[data-testid=move-list] li').last().textContent()).toContain('wM +wQ');
    await page.context().close();
  }, 90_000);

  // A GameString from another UHP tool (or a study) is a game to play on from, at one screen or against the AI.
  it('plays on from a pasted GameString, its game type deciding the pieces', async () => {
    const g = parseGameString('Base+M:T/');
    if (!g.ok) throw new Error(g.error.reason);
    for (const uhp of ['wT1', 'bS1 \\wT1', 'wM wT1\\', 'bQ \\bS1', 'wQ wT1-', 'bB1 -bQ']) {
      const m = g.value.parseMove(uhp);
      if (!m.ok || !g.value.play(m.value).ok) throw new Error(uhp);
    }
    const gameString = g.value.positionToString();
    expect(gameString).toMatch(/^Base\+M:T\/;InProgress;White\[4\];/);
    const page = await newPage();
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('game-hive').click();
    // online seeks start from the beginning: no position field there
    await page.locator('input[name=mode][value=online]').check();
    await expect(page.locator('textarea[name=position]').count()).resolves.toBe(0);
    await page.locator('input[name=mode][value=hotseat]').check();
    // the form's own game type says Base; the GameString's type wins
    await page.locator('select[name=variant]').selectOption('Base');
    // a string the engine refuses says why, and nothing starts
    await page.locator('textarea[name=position]').fill('Base;InProgress;White[2];wQ');
    await poll(() => page.locator('form.create [role=alert]').textContent()).toContain(
      'A move in this game text cannot be read or cannot be played there.',
    );
    await expect(page.getByTestId('start').isDisabled()).resolves.toBe(true);
    await page.locator('textarea[name=position]').fill(gameString);
    await expect(page.getByTestId('start').isDisabled()).resolves.toBe(false);
    await page.getByTestId('start').click();
    await poll(() => moveCount(page)).toBe(6);
    await poll(() => page.getByTestId('status').textContent()).toContain('White to move');
    // the Mosquito and the Mantis are on the board: the reserves hold what is left of Base+M:T/
    await poll(() => page.locator('.hv-reserve[data-piece="bM"]').count()).toBe(1);
    await expect(page.locator('.hv-reserve[data-piece="wM"]').count()).resolves.toBe(0);
    // play on: a move the engine allows from here, then the other side's
    for (let i = 0; i < 2; i++) {
      const legal = g.value.viewFor(g.value.position.side).legal.filter((m) => m.from);
      const unique = legal.find(
        (m) =>
          legal.filter(
            (x) => x.from!.q === m.from!.q && x.from!.r === m.from!.r && x.to.q === m.to.q && x.to.r === m.to.r,
          ).length === 1,
      )!;
      await hiveMove(page, g.value, unique.uhp);
    }
    await poll(() => moveCount(page)).toBe(8);
    // the saved game is listed by its game type, not by the whole string
    await page.goto(site.url);
    const saved = page.locator('.saved li').first();
    await poll(() => saved.textContent()).not.toContain(';');
    await page.context().close();
  }, 90_000);

  // Mzinga and the Hive sites save PGN records: the same field takes one, tags, comments and all
  it('plays on from a pasted PGN record, and refuses a malformed one in words', async () => {
    const page = await newPage();
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('game-hive').click();
    await page.locator('input[name=mode][value=hotseat]').check();
    await page.locator('select[name=variant]').selectOption('Base');
    const field = page.locator('textarea[name=position]');
    await field.fill('[GameType "Base+M"]\n[White "alice"]\n\n1. wS1\n3. bS1 wS1-\n');
    await poll(() => page.locator('form.create [role=alert]').textContent()).toContain(
      'This game record cannot be read: check its tags and moves.',
    );
    await expect(page.getByTestId('start').isDisabled()).resolves.toBe(true);
    await field.fill(
      '[GameType "Base+M"]\n[Date "2026.11.25"]\n[White "alice"]\n[Black "bob"]\n[Result "InProgress"]\n\n{opening}\n1. wS1\n2. bM wS1-\n3. wQ -wS1\n',
    );
    await expect(page.getByTestId('start').isDisabled()).resolves.toBe(false);
    await page.getByTestId('start').click();
    await poll(() => moveCount(page)).toBe(3);
    await poll(() => page.getByTestId('status').textContent()).toContain('Black to move');
    // the record's GameType decides the pieces, whatever the form said: a Mosquito is in play
    await poll(() => page.locator('.hv-reserve[data-piece="bM"]').count()).toBe(0);
    await poll(() => page.locator('.hv-reserve[data-piece="wM"]').count()).toBe(1);
    await page.context().close();
  }, 90_000);

  it('starts a standard game with Flies instead of Grasshoppers', async () => {
    const page = await newPage();
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('game-hive').click();
    await page.locator('input[name=mode][value=hotseat]').check();
    await page.locator('select[name=variant]').selectOption('Base');
    await page.locator('select[name=sides]').selectOption('F3');
    await page.getByTestId('start').click();
    await poll(() => page.locator('.hv-reserve[data-piece="wF1"]').count()).toBe(1);
    await poll(() => page.locator('.hv-reserve[data-bug="G"]').count()).toBe(0);
    await page.context().close();
  }, 60_000);
});
