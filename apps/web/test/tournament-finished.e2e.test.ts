import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';
import { ask, myId, readUntil, started } from './tournament-driver.js';

/**
 * A finished tournament as a visitor on a phone sees it: the winner named on a podium, ratings in the standings,
 * every tiebreak on screen (none clipped at 375 px), a round-robin's odd one out resting (not a "bye"), and a
 * knockout bracket whose winner mark and score read apart. The tournaments are played by players on the server's
 * own WebSocket (each game ended by a resignation), so the page is only read.
 */
const site = useSite({ server: true, authPerMinute: 1000 });

describe('a finished tournament on a phone', () => {
  it('names its winner, shows every tiebreak, says rest and reads the bracket', { timeout: 240_000 }, async () => {
    const url = site.url;
    const stamp = Date.now().toString(36).slice(-5);
    const players: Page[] = [];
    for (const who of ['ann', 'bo', 'cy']) {
      const p = await site.newPage();
      await registerAs(p, url, `${who}${stamp}`, `an unusual passphrase of ${who}`);
      players.push(p);
    }
    const byId = new Map<string, Page>();
    for (const p of players) byId.set(await myId(p), p);
    const create = async (
      game: string,
      format: Record<string, unknown>,
      options: Record<string, unknown> = {},
    ): Promise<string> => {
      const made = await ask(players[0]!, {
        type: 'tournament.create',
        name: `${format.system} cup`,
        game,
        options,
        clock: { kind: 'none' },
        format,
        rated: true,
        private: false,
      });
      return (made.tournament as { id: string }).id;
    };
    const joinAndStart = async (tid: string, field: readonly Page[]) => {
      for (const p of field) expect((await ask(p, { type: 'tournament.join', tournamentId: tid })).type).toBe('ack');
      expect((await ask(players[0]!, { type: 'tournament.start', tournamentId: tid })).type).toBe('ack');
    };
    /** The games being played end: the second seat resigns (or the first, with `firstLoses`). */
    const resignAll = async (tid: string, round: number, firstLoses = false) => {
      const v = await readUntil(url, tid, (t) => t.round === round && started(t));
      for (const g of v.pairings.filter((x) => x.state === 'playing')) {
        const loser = byId.get(g.players[firstLoses ? 0 : 1]!)!;
        expect((await ask(loser, { type: 'game.resign', gameId: g.gameId })).type).toBe('ack');
      }
    };
    const rr = await create('abalone', { system: 'round-robin' });
    await joinAndStart(rr, players);
    for (let round = 1; round <= 3; round++) await resignAll(rr, round);
    const done = await readUntil(url, rr, (t) => t.status === 'finished');
    const ko = await create('hive', { system: 'knockout' });
    await joinAndStart(ko, players.slice(0, 2));
    await resignAll(ko, 1, true);
    await readUntil(url, ko, (t) => t.status === 'finished');
    // a Swiss of one round at a table of three: the seat that leaves first is last, the next one between
    const tables = await create('chinese-checkers', { system: 'swiss', rounds: 1 }, { players: 3 });
    await joinAndStart(tables, players);
    const seated = await readUntil(url, tables, (t) => t.round === 1 && started(t));
    const table = seated.pairings.find((x) => x.state === 'playing')!;
    for (const seat of [1, 2]) {
      const leaving = byId.get(table.players[seat]!)!;
      expect((await ask(leaving, { type: 'game.resign', gameId: table.gameId })).type).toBe('ack');
    }
    const placed = await readUntil(url, tables, (t) => t.status === 'finished');
    const between = placed.standings.find((s) => s.user.id === table.players[2])!;

    const page = await site.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${site.url}#/tournament/${rr}`);
    await page.getByTestId('language').selectOption('en');
    const top = done.standings.filter((s) => s.rank === 1).map((s) => s.user.name);
    await poll(() => page.getByTestId('tournament-winner').textContent()).toBe(`Winner: ${top.join(', ')}`);
    expect(await page.getByTestId('podium').locator('li').count()).toBeGreaterThanOrEqual(2);
    // ratings in the standings, and every tiebreak inside the screen's width
    const ratings = await page.getByTestId('standings').getByTestId('rating').allTextContents();
    expect(ratings).toEqual(
      done.standings.map((s) => String(done.entrants.find((e) => e.user.id === s.user.id)!.rating)),
    );
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const box of await page
      .locator('.standings td.tiebreaks')
      .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(width);
    expect(await page.getByTestId('standings-record').textContent()).toBe('Won / drawn / lost');
    // each round one player rests, called a rest
    const rounds = await page.getByTestId('pairings').textContent();
    expect(rounds!.match(/rests this round/g)).toHaveLength(3);
    expect(rounds).not.toMatch(/bye/);

    await page.goto(`${site.url}#/tournament/${ko}`);
    await page.getByTestId('bracket').waitFor();
    const sides = await page.getByTestId('bracket-side').allInnerTexts();
    const through = sides.find((x) => x.includes('went through'))!;
    expect(through).toMatch(/\(went through\)\s+1$/);
    for (const x of sides) expect(x).not.toMatch(/through\d/);
    await poll(() => page.getByTestId('tournament-winner').textContent()).toContain('Winner:');

    // at a table the record counts places: a place between first and last is no draw
    await page.goto(`${site.url}#/tournament/${tables}`);
    await poll(() => page.getByTestId('standings-record').textContent()).toBe('First / between / last');
    expect(await page.getByTestId(`standing-${between.user.name}`).textContent()).toContain('0 / 1 / 0');
    for (const p of [...players, page]) await p.context().close();
  });
});
