import { describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';
import {
  createTournament,
  endGame,
  expectAck,
  idOf,
  playing,
  registeredMany,
  settled,
  tournamentServers,
  until,
} from './tournament-harness.js';

/** A tournament that ends before its planned end carries the reason, so its page can tell the players why. */

const { serve } = tournamentServers();

describe.each(BACKENDS)('a tournament that ends early says why (%s)', (backend) => {
  it('a two-player Swiss of two rounds: round two would repeat round one', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 2);
    entry.bots.push(...players);
    const bots = new Map(players.map((b) => [idOf(b), b]));
    const tid = await createTournament(players[0]!, { game: 'abalone', format: { system: 'swiss', rounds: 2 } });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const first = await until(server.url, tid, (t) => t.round === 1 && settled(t), 'round 1');
    expect(first.endedEarly).toBeUndefined();
    await endGame(bots, playing(first)[0]!, 'white');
    const done = await until(server.url, tid, (t) => t.status === 'finished', 'the early end');
    expect(done.endedEarly).toEqual({ reason: 'no-pairing', round: 2 });
    const listed = (await (await fetch(`${server.url}/api/tournaments`)).json()) as {
      finished: { id: string; endedEarly?: unknown }[];
    };
    expect(listed.finished.find((x) => x.id === tid)?.endedEarly).toEqual({ reason: 'no-pairing', round: 2 });
  }, 120_000);

  it('a start with too few players ends at once, saying so; a tournament played to its end has no reason', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 2);
    entry.bots.push(...players);
    const bots = new Map(players.map((b) => [idOf(b), b]));
    const lonely = await createTournament(players[0]!, {
      game: 'abalone',
      format: { system: 'swiss', rounds: 1 },
      startsAt: Date.now() + 1000,
    });
    await expectAck(players[0]!, { type: 'tournament.join', tournamentId: lonely });
    const empty = await until(server.url, lonely, (t) => t.status === 'finished', 'the empty start', 30_000);
    expect(empty.endedEarly).toEqual({ reason: 'no-field', round: 1 });
    const tid = await createTournament(players[0]!, { game: 'abalone', format: { system: 'swiss', rounds: 1 } });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const first = await until(server.url, tid, (t) => t.round === 1 && settled(t), 'round 1');
    await endGame(bots, playing(first)[0]!, 'draw');
    const done = await until(server.url, tid, (t) => t.status === 'finished', 'the end');
    expect(done.endedEarly).toBeUndefined();
  }, 120_000);
});
