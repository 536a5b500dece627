import { hive, parseGameString } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hiveMove, moveCount, poll, useSite } from './harness.js';
import { allSee, createSeek, status } from './online-ui.js';

/** Hive online: the advanced game's rosters chosen blind, and an online game's exported record, on one real server. */
const site = useSite({ server: true });
const newPage = site.newPage;

const chooseRoster = async (page: Page, counts: Readonly<Record<string, string>>) => {
  await page.getByTestId('roster-confirm').waitFor();
  for (const [kind, n] of Object.entries(counts)) await page.locator(`select[name=roster-${kind}]`).selectOption(n);
  await page.getByTestId('roster-confirm').click();
};

describe('Hive advanced game online', () => {
  it('two players choose their rosters blind, then play a grab and a swap', async () => {
    const white = await newPage();
    await createSeek(white, site.url, 'hive', {
      options: { variant: 'Base+MLP', sides: 'advanced' },
      clock: 'none',
      private: true,
    });
    const link = await white.getByTestId('invite-link').inputValue();
    const black = await newPage();
    await black.goto(link);
    await black.getByTestId('language').selectOption('en');
    await black.getByTestId('join').click();
    const watcher = await newPage();
    await watcher.goto(link);
    await watcher.getByTestId('language').selectOption('en');

    // Black chooses first; White and the spectator learn only that Black has chosen.
    await chooseRoster(black, { R: '2', D: '1', C: '1' });
    await poll(() => black.getByTestId('roster-waiting').textContent()).toContain('White');
    await poll(() => watcher.getByTestId('roster-waiting').textContent()).toContain('White');
    for (const p of [white, watcher]) {
      await poll(() => p.locator('[data-testid=move-list] li').first().textContent()).toContain('Roster chosen');
      expect(await p.getByTestId('move-list').innerText()).not.toContain('Scorpion');
    }
    await chooseRoster(white, { T: '1', F: '2', W: '1' });
    for (const p of [white, black, watcher])
      await poll(() => p.locator('.hv-reserve[data-piece="bC"]').count()).toBe(1);
    // Once both are in, every view shows both rosters (Black's Scorpions in its reserve).
    await poll(() => watcher.locator('.hv-reserve[data-piece="bR1"]').count()).toBe(1);
    // and the move list names Black's choice, without a reload, where it said only "Roster chosen"
    for (const p of [white, watcher])
      await poll(() => p.locator('[data-testid=move-list] li').first().textContent()).toContain('Scorpion');

    const g = parseGameString('Base+MLP:TF2W/R2DC');
    if (!g.ok) throw new Error(g.error.reason);
    for (const [i, uhp] of ['wT1', 'bC wT1-', 'wQ -wT1', 'bQ bC-', 'wT1 +wQ', 'bC =bQ'].entries()) {
      await hiveMove(i % 2 === 0 ? white : black, g.value, uhp);
      for (const p of [white, black, watcher]) await poll(() => moveCount(p)).toBe(2 + i + 1);
    }
    await poll(() => watcher.locator('svg.board .hv-cell').count()).toBe(3);
    for (const p of [white, black, watcher]) await p.context().close();
  }, 180_000);
});

/** An online Hive game's replay exports the PGN record Mzinga reads, with the players and the clock, and it reads back. */
describe('exported records of online games', () => {
  it('Hive: PGN with GameType, White and Black, the result and the time control', async () => {
    const white = await site.newPage();
    const id = await createSeek(white, site.url, 'hive', { clock: 'none', private: true });
    const black = await site.newPage();
    await black.goto(await white.getByTestId('invite-link').inputValue());
    await black.getByTestId('language').selectOption('en');
    await black.getByTestId('join').click();
    const engine = parseGameString('Base+MLP');
    if (!engine.ok) throw new Error(engine.error.reason);
    await hiveMove(white, engine.value, 'wS1');
    await allSee([white, black], 1);
    await hiveMove(black, engine.value, 'bG1 -wS1');
    await allSee([white, black], 2);
    await black.getByTestId('resign').click();
    await black.getByTestId('resign-yes').click();
    await poll(() => status(white)).toMatch(/^Game over/);
    await white.goto(`${site.url}#/replay/${encodeURIComponent(id)}`);
    const exportBox = white.getByTestId('export');
    await poll(() => exportBox.inputValue(), 60_000).toMatch(/^\[GameType "Base\+MLP"\]/);
    const text = await exportBox.inputValue();
    expect(text).toMatch(/^\[Result "WhiteWins"\]$/m);
    expect(text).toMatch(/^\[TimeControl "-"\]$/m);
    expect(text).toMatch(/^\[Event "Qiyuan casual .+ game"\]$/m);
    expect(text).toMatch(/^\[White "[^"]+"\]$/m);
    expect(text).toContain('\n1. wS1\n2. bG1 -wS1\n');
    const back = hive.parseGame(text);
    expect(back.ok && [back.value.ply, back.value.outcome()?.results]).toEqual([2, ['win', 'loss']]);
    await white.context().close();
    await black.context().close();
  }, 180_000);
});
