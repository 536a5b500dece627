import type { GameFrame, ServerMessage } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { BACKENDS, type Bot } from './helpers.js';
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
} from './tournament-harness.js';

/**
 * Berserk in an arena (as lichess): a seated player halves their own clock before their first move, everyone in the
 * game sees it, a restart keeps it, and a win with at least 7 moves of the berserker's scores one point more; a draw
 * in the first 10 moves scores nothing. Refused outside an arena, without a time bank, to a spectator, after the
 * player's first move, and a second time.
 */

const { serve, restart } = tournamentServers();
const CLOCK = { kind: 'fischer', initialMs: 120_000, incrementMs: 2000 } as const;
type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

/** The latest frame of `gameId` a bot has received (it watches the game with its legal moves). */
const latest = (bot: Bot, gameId: string): Frame | undefined =>
  bot.frames.findLast((m): m is Frame => (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId) as
    | Frame
    | undefined;

const watch = async (bot: Bot, gameId: string): Promise<Frame> => {
  const from = bot.frames.length;
  bot.send({ type: 'game.watch', gameId, legal: true });
  return (await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId, 20_000, from)) as Frame;
};

/** Waits until the bot has seen the game at `seq` or later. */
const seen = (bot: Bot, gameId: string, seq: number): Promise<ServerMessage> =>
  bot.next((m) => (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId && m.seq >= seq, 20_000);

/** Plays `plies` moves of the game: each seat to move plays its first legal move (both bots watch the game). */
const playPlies = async (seats: readonly Bot[], gameId: string, plies: number): Promise<void> => {
  for (let i = 0; i < plies; i++) {
    const frame = latest(seats[0]!, gameId)!;
    const turn = frame.turn as { kind: string; seat: number };
    expect(turn.kind).toBe('seat');
    const mover = seats[turn.seat]!;
    await seen(mover, gameId, frame.seq);
    const legal = (latest(mover, gameId) as GameFrame).legal?.[String(turn.seat)] ?? [];
    const r = await mover.request({ type: 'game.move', gameId, seq: frame.seq, move: legal[0] });
    expect(r, JSON.stringify(r)).toMatchObject({ type: 'ack' });
    await Promise.all(seats.map((b) => seen(b, gameId, frame.seq + 1)));
  }
};

const berserk = (bot: Bot, gameId: string, seq: number) => bot.request({ type: 'game.berserk', gameId, seq });

describe.each(BACKENDS)('berserk in an arena (%s)', (backend) => {
  it('halves the clock, is seen by both players, survives a restart, and a long enough win scores 3', async () => {
    const { entry } = await serve(backend);
    let server = entry.server;
    let players = await registeredMany(server.url, 3);
    entry.bots.push(...players);
    const tid = await createTournament(players[0]!, {
      game: 'hive',
      clock: CLOCK,
      format: { system: 'arena', durationMs: 30 * 60_000 },
    });
    for (const p of players.slice(0, 2)) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const v = await until(server.url, tid, (t) => settled(t), 'the first game');
    const pairing = playing(v)[0]!;
    const gameId = pairing.gameId!;
    const byId = new Map(players.map((b) => [idOf(b), b]));
    let [white, black] = pairing.players.map((id) => byId.get(id)!) as [Bot, Bot];
    const spectator = players[2]!;
    const start = await watch(white, gameId);
    await watch(black, gameId);
    expect(start.clock.remainingMs).toEqual([120_000, 120_000]);
    expect(start.clock.berserk).toBeUndefined();

    // a spectator cannot berserk
    expect(await berserk(spectator, gameId, start.seq)).toMatchObject({
      type: 'error',
      refusal: 'berserk-not-seated',
    });
    // white berserks: the clock is halved, and black sees it too
    const ack = await berserk(white, gameId, start.seq);
    expect(ack, JSON.stringify(ack)).toMatchObject({ type: 'ack' });
    const seenByBlack = (await seen(black, gameId, start.seq + 1)) as Frame;
    expect(seenByBlack).toMatchObject({ type: 'game.update', event: 'berserk' });
    expect(seenByBlack.clock.berserk).toEqual([0]);
    expect(seenByBlack.clock.remainingMs).toEqual([60_000, 120_000]);
    // once only
    expect(await berserk(white, gameId, start.seq + 1)).toMatchObject({ type: 'error', refusal: 'berserk-already' });

    // the server restarts: the berserk is still there
    server = await restart(entry);
    players = await reconnect(server.url, players);
    entry.bots.push(...players);
    const again = new Map(players.map((b) => [idOf(b), b]));
    [white, black] = pairing.players.map((id) => again.get(id)!) as [Bot, Bot];
    const after = await watch(white, gameId);
    await watch(black, gameId);
    expect(after.clock.berserk).toEqual([0]);
    expect(after.clock.remainingMs[0]).toBeLessThanOrEqual(60_000);
    expect(after.clock.remainingMs[0]).toBeGreaterThan(50_000);

    // white and black move; black may no longer berserk after its first move
    await playPlies([white, black], gameId, 2);
    const moved = latest(black, gameId)!;
    expect(await berserk(black, gameId, moved.seq)).toMatchObject({ type: 'error', refusal: 'berserk-after-move' });
    // the berserker earns no increment; the other player does
    expect(moved.clock.remainingMs[0]).toBeLessThanOrEqual(60_000);
    // 13 plies: white has made 7 moves; black resigns; a berserk win scores 2 + 1
    await playPlies([white, black], gameId, 11);
    // the berserker earned no increment; black earned 2 s for each move after its first
    const played = latest(white, gameId)!;
    expect(played.clock.remainingMs[0]).toBeLessThanOrEqual(60_000);
    expect(played.clock.remainingMs[1]).toBeGreaterThan(120_000);
    await endGame(
      new Map([
        [idOf(white), white],
        [idOf(black), black],
      ]),
      pairing,
      'white',
    );
    const scored = await until(server.url, tid, (t) => t.standings.some((s) => s.wins === 1), 'the berserk win');
    expect(scored.standings.find((s) => s.user.id === idOf(white))!.points).toBe(3);
    expect(scored.standings.find((s) => s.user.id === idOf(black))!.points).toBe(0);
  }, 180_000);

  it('is refused outside an arena and without a time bank; a draw in the first moves scores nothing', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 4);
    entry.bots.push(...players);
    const swiss = await createTournament(players[0]!, {
      game: 'hive',
      clock: CLOCK,
      format: { system: 'swiss', rounds: 1 },
    });
    const untimed = await createTournament(players[2]!, {
      game: 'hive',
      clock: { kind: 'none' },
      format: { system: 'arena', durationMs: 30 * 60_000 },
    });
    for (const p of players.slice(0, 2)) await expectAck(p, { type: 'tournament.join', tournamentId: swiss });
    for (const p of players.slice(2)) await expectAck(p, { type: 'tournament.join', tournamentId: untimed });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: swiss });
    await expectAck(players[2]!, { type: 'tournament.start', tournamentId: untimed });
    const bots = new Map(players.map((b) => [idOf(b), b]));
    for (const [tid, refusal] of [
      [swiss, 'berserk-not-arena'],
      [untimed, 'berserk-no-clock'],
    ] as const) {
      const p = playing(await until(server.url, tid, (t) => settled(t), 'a game'))[0]!;
      const white = bots.get(p.players[0]!)!;
      const frame = await watch(white, p.gameId!);
      expect(await berserk(white, p.gameId!, frame.seq)).toMatchObject({ type: 'error', refusal });
    }
    // the untimed arena's game is drawn before any move: neither player scores
    const p = playing(await until(server.url, untimed, (t) => settled(t), 'the arena game'))[0]!;
    await endGame(bots, p, 'draw');
    const drawn = await until(server.url, untimed, (t) => t.standings.some((s) => s.draws === 1), 'the draw');
    expect(drawn.standings.map((s) => s.points)).toEqual([0, 0]);
  }, 120_000);
});
