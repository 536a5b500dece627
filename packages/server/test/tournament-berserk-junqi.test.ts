import type { GameFrame, ServerMessage } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { BACKENDS, type Bot } from './helpers.js';
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
 * Berserk in a 2-player Junqi arena counts moves on the board, not plies: both deployments and the resignation are
 * plies of the record, so a berserker who wins after 6 marches of their own has a game of 14 plies (7 would be
 * theirs by plies) and earns no bonus; after 7 marches they earn it. A player who has deployed has made no move on
 * the board yet, so may still berserk (the clock runs from the first march).
 */

const { serve } = tournamentServers();
const CLOCK = { kind: 'fischer', initialMs: 120_000, incrementMs: 2000 } as const;
type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

/** The latest frame of `gameId` a bot has received (it watches the game with its legal moves). */
const latest = (bot: Bot, gameId: string): Frame =>
  bot.frames.findLast(
    (m): m is Frame => (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId,
  ) as Frame;

const watch = async (bot: Bot, gameId: string): Promise<Frame> => {
  const from = bot.frames.length;
  bot.send({ type: 'game.watch', gameId, legal: true });
  return (await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId, 20_000, from)) as Frame;
};

/** Waits until the bot has seen the game at `seq` or later. */
const seen = (bot: Bot, gameId: string, seq: number): Promise<ServerMessage> =>
  bot.next((m) => (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId && m.seq >= seq, 20_000);

/** `seat` plays its first legal action (a deployment, a march) at the game's latest sequence; both players see it. */
const act = async (seats: readonly Bot[], gameId: string, seat: number): Promise<void> => {
  const bot = seats[seat]!;
  const frame = latest(bot, gameId);
  const legal = (frame as GameFrame).legal?.[String(seat)] ?? [];
  expect(legal.length, `seat ${seat} has something to play`).toBeGreaterThan(0);
  const r = await bot.request({ type: 'game.move', gameId, seq: frame.seq, move: legal[0], seat });
  expect(r, JSON.stringify(r)).toMatchObject({ type: 'ack' });
  await Promise.all(seats.map((b) => seen(b, gameId, frame.seq + 1)));
};

/** Marches until Red (seat 0, who marches first) has made `red` moves on the board and Blue one fewer. */
const march = async (seats: readonly Bot[], gameId: string, red: number): Promise<void> => {
  for (let i = 0; i < 2 * red - 1; i++) {
    const turn = latest(seats[0]!, gameId).turn as { kind: string; seat: number };
    expect(turn).toEqual({ kind: 'seat', seat: i % 2 });
    await act(seats, gameId, turn.seat);
  }
};

/** Red (seat 0) berserks; both players see it. */
const berserk = async (seats: readonly Bot[], gameId: string): Promise<void> => {
  const frame = latest(seats[0]!, gameId);
  await expectAck(seats[0]!, { type: 'game.berserk', gameId, seq: frame.seq });
  await Promise.all(seats.map((b) => seen(b, gameId, frame.seq + 1)));
};

describe.each(BACKENDS)('berserk in a Junqi arena (%s)', (backend) => {
  it('a berserker who wins after 6 marches of their own scores 2, after 7 scores 3; berserk after deploying', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 4);
    entry.bots.push(...players);
    const tid = await createTournament(players[0]!, {
      game: 'junqi',
      clock: CLOCK,
      format: { system: 'arena', durationMs: 30 * 60_000 },
    });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const v = await until(server.url, tid, (t) => settled(t) && playing(t).length === 2, 'the two games');
    const bots = new Map(players.map((b) => [idOf(b), b]));
    const [six, seven] = playing(v);
    const seatsOf = (p: typeof six) => p!.players.map((id) => bots.get(id)!);

    // the first game: Red berserks before deploying, both deploy, Red marches 6 times and Blue 5, Blue resigns
    const first = seatsOf(six);
    const firstId = six!.gameId!;
    for (const b of first) await watch(b, firstId);
    await berserk(first, firstId);
    await act(first, firstId, 0);
    await act(first, firstId, 1);
    await march(first, firstId, 6);
    expect(latest(first[0]!, firstId).ply).toBe(13);

    // the second game: Red deploys, then berserks (a deployment is no move on the board), and marches 7 times
    const second = seatsOf(seven);
    const secondId = seven!.gameId!;
    for (const b of second) await watch(b, secondId);
    await act(second, secondId, 0);
    await berserk(second, secondId);
    expect(latest(second[1]!, secondId).clock.berserk).toEqual([0]);
    await act(second, secondId, 1);
    await march(second, secondId, 7);
    // Blue, who has marched, may no longer berserk
    const late = latest(second[1]!, secondId);
    expect(await second[1]!.request({ type: 'game.berserk', gameId: secondId, seq: late.seq })).toMatchObject({
      type: 'error',
      refusal: 'berserk-after-move',
    });

    await endGame(bots, six!, 'white');
    await endGame(bots, seven!, 'white');
    const scored = await until(server.url, tid, (t) => t.standings.filter((s) => s.wins === 1).length === 2, 'wins');
    const points = (bot: Bot) => scored.standings.find((s) => s.user.id === idOf(bot))!.points;
    // 14 plies (2 deployments, 11 marches, the resignation): 6 moves of Red's own, no berserk point
    expect(points(first[0]!)).toBe(2);
    // 16 plies: 7 moves of Red's own, the berserk point
    expect(points(second[0]!)).toBe(3);
    expect([points(first[1]!), points(second[1]!)]).toEqual([0, 0]);
  }, 180_000);
});
