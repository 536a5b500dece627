import type { TournamentView } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';
import {
  createTournament,
  expectAck,
  idOf,
  playing,
  registeredMany,
  tournamentServers,
  until,
} from './tournament-harness.js';

/**
 * An arena where nobody opens their game (a Hive arena at 3+2, four players): a game aborted because a first move
 * never came scores nothing for anyone, whoever let it lapse is paused until they join again, and an aborted game
 * makes the two last opponents, so they are not paired together again straight away.
 */

const { serve } = tournamentServers();

/** Each player's opponents, game by game, in the order the games were paired. */
const opponentsOf = (v: TournamentView): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  for (const p of [...v.pairings].sort((a, b) => a.round - b.round || a.board - b.board)) {
    if (p.players.length !== 2) continue;
    const [w, b] = p.players as [string, string];
    out.set(w, [...(out.get(w) ?? []), b]);
    out.set(b, [...(out.get(b) ?? []), w]);
  }
  return out;
};

describe.each(BACKENDS)('an arena where nobody moves (%s)', (backend) => {
  it('scores nothing, pauses who let a first move lapse, and pairs them again once they join again', async () => {
    const { server, entry } = await serve(backend, { firstMoveMs: 1500 });
    const players = await registeredMany(server.url, 4);
    entry.bots.push(...players);
    const bots = new Map(players.map((b) => [idOf(b), b]));
    const tid = await createTournament(players[0]!, {
      game: 'hive',
      clock: { kind: 'fischer', initialMs: 180_000, incrementMs: 2000 },
      format: { system: 'arena', durationMs: 60 * 60_000 },
    });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    // two games, both aborted; their two black players meet, and that game is aborted too: three players paused
    const quiet = await until(
      server.url,
      tid,
      (t) => t.entrants.filter((e) => e.paused).length === 3 && playing(t).length === 0,
      'three players paused',
      60_000,
    );
    const games = quiet.pairings.filter((p) => p.gameId);
    expect(games).toHaveLength(3);
    for (const g of games) {
      expect(g).toMatchObject({ state: 'finished', aborted: true });
      expect(g.result).toBeUndefined();
    }
    for (const s of quiet.standings) expect(s).toMatchObject({ points: 0, games: 0, wins: 0, losses: 0 });
    // nobody met the same opponent twice in a row
    for (const list of opponentsOf(quiet).values())
      for (let i = 1; i < list.length; i++) expect(list[i]).not.toBe(list[i - 1]);
    const waiting = quiet.entrants.find((e) => !e.withdrawn)!.user.id;
    expect(quiet.entrants.find((e) => e.user.id === waiting)!.paused).toBeUndefined();
    // a paused player comes back by joining again, and is paired with the one waiting (not their last opponent)
    const last = (id: string) => opponentsOf(quiet).get(id)?.at(-1);
    const back = quiet.entrants.find((e) => e.paused && last(e.user.id) !== waiting && last(waiting) !== e.user.id)!
      .user.id;
    await expectAck(bots.get(back)!, { type: 'tournament.join', tournamentId: tid });
    const again = await until(
      server.url,
      tid,
      (t) => playing(t).some((p) => p.players.includes(back) && p.players.includes(waiting)),
      'the returning player paired',
      30_000,
    );
    expect(again.entrants.find((e) => e.user.id === back)).toMatchObject({ withdrawn: false });
    expect(again.entrants.filter((e) => e.paused)).toHaveLength(2);
  }, 180_000);
});
