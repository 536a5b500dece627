import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { BACKENDS, Bot, Match, startPairGame } from './helpers.js';
import { createTournament, expectAck, registered, tournamentServers, view } from './tournament-harness.js';

/**
 * A large round is paired in a worker thread (pairing-pool.ts): while a Swiss of 1,000 players is paired, a move in
 * another game is answered. And a tournament whose organiser named no entrant cap gets the default one.
 */

const { serve } = tournamentServers();

describe.each(BACKENDS)('pairing a large round (%s)', (backend) => {
  it('answers another game’s move while a 1,000-player round is paired', async () => {
    const { server, entry } = await serve(backend);
    const organiser = await registered(server.url);
    entry.bots.push(organiser);
    const tid = await createTournament(organiser, { game: 'abalone', format: { system: 'swiss', rounds: 3 } });
    // a thousand entrants, written as a join writes them (a thousand accounts joining over sockets would take
    // minutes); the default cap is for joins, so the field is put there directly
    await server.store.transaction(async (tx) => {
      for (let i = 0; i < 1000; i++)
        await tx.q
          .insertInto('tournament_players')
          .values({
            tournament_id: tid,
            user_id: `u${i}`,
            name: `player${i}`,
            rating: 1000 + ((i * 7919) % 1500),
            from_round: 1,
            withdrawn_round: null,
            joined_at: i,
            team: null,
            paused_by: null,
          })
          .execute();
    });
    const [a, b] = [await Bot.guest(server.url), await Bot.guest(server.url)];
    entry.bots.push(a, b);
    const gameId = await startPairGame(a, b);
    const match = new Match(
      gameId,
      unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 })))),
      [a, b],
    );
    const pairing = server.hub.tournaments.pairing;
    const handed = new Promise<void>((resolve) => {
      const off = pairing.onWorkerJob(() => {
        off();
        resolve();
      });
    });
    organiser.send({ type: 'tournament.start', tournamentId: tid, id: 'start' });
    await handed;
    // the round is being paired in the worker; the other game's move is answered meanwhile
    await match.play(30_000);
    expect(pairing.inFlight).toBeGreaterThan(0);
    // and the round is paired: 500 boards
    await organiser.next((m) => 'id' in m && m.id === 'start', 120_000);
    for (const end = Date.now() + 120_000; Date.now() < end; ) {
      const row = await server.store.q
        .selectFrom('tournament_rounds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tournament_id', '=', tid)
        .executeTakeFirstOrThrow();
      if (row.n === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const round = await server.store.q
      .selectFrom('tournament_rounds')
      .select('pairings')
      .where('tournament_id', '=', tid)
      .where('round', '=', 1)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(round.pairings) as unknown[]).length).toBe(500);
  }, 240_000);

  it('a tournament created with no entrant cap gets the default one', async () => {
    const { server, entry } = await serve(backend);
    const organiser = await registered(server.url);
    entry.bots.push(organiser);
    const tid = await createTournament(organiser, { game: 'hive', format: { system: 'swiss', rounds: 3 } });
    expect((await view(server.url, tid)).maxPlayers).toBe(512);
    await expectAck(organiser, { type: 'tournament.join', tournamentId: tid });
  });
});
