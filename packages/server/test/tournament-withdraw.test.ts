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

/**
 * Withdrawing from a running tournament resigns the game the player is playing in it, so its round ends and the
 * next one is paired without them (before, a no-clock Swiss waited for that game for ever).
 */

const { serve } = tournamentServers();

describe.each(BACKENDS)('withdrawing during a game (%s)', (backend) => {
  it('resigns the player’s game, and the next round is paired without them', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 4);
    entry.bots.push(...players);
    const bots = new Map(players.map((b) => [idOf(b), b]));
    const tid = await createTournament(players[0]!, { game: 'abalone', format: { system: 'swiss', rounds: 2 } });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const first = await until(
      server.url,
      tid,
      (t) => t.round === 1 && playing(t).length === 2 && settled(t),
      'round 1',
    );
    const [leaving, other] = playing(first);
    const quitter = leaving!.players[0]!;
    await expectAck(bots.get(quitter)!, { type: 'tournament.withdraw', tournamentId: tid });
    // the quitter's game is over at once, lost by them
    const after = await until(
      server.url,
      tid,
      (t) => t.pairings.find((p) => p.gameId === leaving!.gameId)?.state === 'finished',
      'the quitter’s game resigned',
      30_000,
    );
    expect(after.pairings.find((p) => p.gameId === leaving!.gameId)!.result).toEqual(['loss', 'win']);
    const game = (await (await fetch(`${server.url}/api/games/${leaving!.gameId}`)).json()) as { status: string };
    expect(game.status).toBe('finished');
    // the other game ends as usual, and round two is paired among the three left (one of them with a bye)
    await endGame(bots, other!, 'draw');
    const second = await until(server.url, tid, (t) => t.round === 2 && settled(t), 'round 2', 30_000);
    const round2 = second.pairings.filter((p) => p.round === 2);
    expect(round2.flatMap((p) => p.players)).not.toContain(quitter);
    expect(round2.filter((p) => p.bye)).toHaveLength(1);
    expect(second.entrants.find((e) => e.user.id === quitter)!.withdrawn).toBe(true);
  }, 120_000);
});
