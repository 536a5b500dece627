import { hive, parseGameString } from '@qiyuan/hive';
import { describe, expect, it } from 'vitest';
import { hiveMove, poll, useSite } from './harness.js';
import { allSee, createSeek, status } from './online-ui.js';

/** An online Hive game's replay exports the PGN record Mzinga reads, with the players and the clock, and it reads back. */
const site = useSite({ server: true });

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
