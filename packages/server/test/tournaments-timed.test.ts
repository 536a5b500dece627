import { describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';
import {
  createTournament,
  endGame,
  expectAck,
  idOf,
  playing,
  reconnect,
  registeredMany,
  settled,
  tournamentServers,
  until,
  view,
} from './tournament-harness.js';

/**
 * Tournaments on the clock, on every store this run has: a start at a set time happens by itself (and a field too
 * small for it ends the tournament without games), and an arena pairs players again as soon as they are free, until
 * its time is up.
 */

const { serve, restart } = tournamentServers();

describe.each(BACKENDS)('tournaments on the clock (%s)', (backend) => {
  it('starts at its set time without the organiser, and ends at once when nobody came', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 3);
    entry.bots.push(...players);
    const startsAt = Date.now() + 2000;
    const tid = await createTournament(players[0]!, {
      game: 'abalone',
      format: { system: 'swiss', rounds: 2 },
      startsAt,
    });
    const lonely = await createTournament(players[0]!, {
      game: 'abalone',
      format: { system: 'swiss', rounds: 2 },
      startsAt,
    });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    expect((await view(server.url, tid)).status).toBe('upcoming');
    const v = await until(server.url, tid, (t) => t.round === 1 && settled(t), 'the start', 30_000);
    expect(v.startsAt).toBeGreaterThanOrEqual(startsAt);
    // three players: one game and a bye
    expect(v.pairings.filter((p) => p.bye).length).toBe(1);
    expect(playing(v).length).toBe(1);
    const empty = await until(server.url, lonely, (t) => t.status === 'finished', 'the empty one ends', 30_000);
    expect(empty.pairings).toEqual([]);
    expect(empty.round).toBe(0);
  }, 120_000);

  it('a correspondence Swiss: its games are rated correspondence games, and it goes on across a restart', async () => {
    const { entry } = await serve(backend);
    let server = entry.server;
    let players = await registeredMany(server.url, 4);
    entry.bots.push(...players);
    const tid = await createTournament(players[0]!, {
      game: 'abalone',
      clock: { kind: 'correspondence', daysPerMove: 3 },
      format: { system: 'swiss', rounds: 2 },
    });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const first = await until(server.url, tid, (t) => t.round === 1 && settled(t), 'round 1');
    expect(first.speed).toBe('correspondence');
    let bots = new Map(players.map((b) => [idOf(b), b]));
    await endGame(bots, playing(first)[0]!, 'white');
    // the server restarts with a round half played: the game still going and the round's end come back
    server = await restart(entry);
    players = await reconnect(server.url, players);
    entry.bots.push(...players);
    bots = new Map(players.map((b) => [idOf(b), b]));
    await endGame(bots, playing(await view(server.url, tid))[0]!, 'black');
    const second = await until(server.url, tid, (t) => t.round === 2 && settled(t), 'round 2');
    for (const p of playing(second)) await endGame(bots, p, 'draw');
    const done = await until(server.url, tid, (t) => t.status === 'finished', 'the end');
    expect(done.standings.map((s) => s.points).reduce((a, b) => a + b)).toBe(4);
    const gameId = done.pairings.find((p) => p.gameId)!.gameId!;
    const game = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { rated: boolean; speed: string };
    expect(game).toMatchObject({ rated: true, speed: 'correspondence' });
  }, 180_000);

  it('a game whose first move never comes is lost by forfeit by the seat that let it lapse', async () => {
    const { server, entry } = await serve(backend, { firstMoveMs: 1500 });
    const players = await registeredMany(server.url, 2);
    entry.bots.push(...players);
    const tid = await createTournament(players[0]!, {
      game: 'hive',
      clock: { kind: 'fischer', initialMs: 60_000, incrementMs: 0 },
      format: { system: 'swiss', rounds: 1 },
    });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const v = await until(server.url, tid, (t) => t.round === 1 && settled(t), 'round 1');
    const [white, black] = playing(v)[0]!.players;
    // nobody moves: the game is aborted when white's allowance runs out, and the tournament counts it
    const done = await until(server.url, tid, (t) => t.status === 'finished', 'the forfeit', 30_000);
    expect(done.standings.find((s) => s.user.id === black)!.points).toBe(1);
    expect(done.standings.find((s) => s.user.id === white)!.points).toBe(0);
    expect(done.pairings[0]!.result).toEqual(['loss', 'win']);
  }, 120_000);

  it('an arena pairs players again as they come back, scores streaks, and stops pairing when its time is up', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 6);
    entry.bots.push(...players);
    const bots = new Map(players.map((b) => [idOf(b), b]));
    const durationMs = 30 * 60_000;
    const tid = await createTournament(players[0]!, { game: 'hive', format: { system: 'arena', durationMs } });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const first = await until(server.url, tid, (t) => playing(t).length === 3 && settled(t), 'the first wave');
    expect(first.endsAt! - first.startsAt!).toBe(durationMs);
    // two games end: their four players are paired again at once, while the third game goes on
    const [g1, g2, g3] = playing(first);
    await endGame(bots, g1!, 'white');
    await endGame(bots, g2!, 'white');
    const again = await until(
      server.url,
      tid,
      (t) => playing(t).length === 3 && settled(t) && t.round > first.round,
      'the second wave',
    );
    const busy = new Set(playing(again).flatMap((p) => p.players));
    expect(busy.size).toBe(6);
    expect(playing(again).some((p) => p.gameId === g3!.gameId)).toBe(true);
    // a winner of the first wave wins again: on a streak, the second win counts double (lichess: 2, then 4)
    const winner = g1!.players[0]!;
    const next = playing(again).find((p) => p.players.includes(winner))!;
    await endGame(bots, next, next.players[0] === winner ? 'white' : 'black');
    const scored = await until(
      server.url,
      tid,
      (t) => t.standings.find((s) => s.user.id === winner)!.wins === 2,
      'the second win',
    );
    const top = scored.standings.find((s) => s.user.id === winner)!;
    expect(top.rank).toBe(1);
    expect(top.points).toBeGreaterThan(scored.standings.find((s) => s.user.id === g2!.players[0])!.points);
    // the arena's time runs out (moved back here rather than waited for): games being played still end, nobody is
    // paired again, and the tournament is over once they have
    await server.store.q
      .updateTable('tournaments')
      .set((eb) => ({ starts_at: eb('starts_at', '-', durationMs), ends_at: eb('ends_at', '-', durationMs) }))
      .where('id', '=', tid)
      .execute();
    for (const p of playing(await view(server.url, tid))) await endGame(bots, p, 'draw');
    await server.hub.tournaments.sweep();
    const done = await until(server.url, tid, (t) => t.status === 'finished', 'the end');
    expect(playing(done)).toEqual([]);
  }, 180_000);
});
