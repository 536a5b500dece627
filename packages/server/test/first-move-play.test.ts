import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_MOVE_MS } from '../src/first-move.js';
import type { ServerHandle } from '../src/index.js';
import { startServer } from '../src/index.js';
import type { Room } from '../src/room.js';
import { ManualClock } from '../src/server-clock.js';
import { BACKENDS, Bot, createSeek, guestCookie, startTestServer, testOptions } from './helpers.js';

/**
 * The first-move rule in play (issue #25, as lichess): a seat's main clock does not run before its first move; a
 * seat that does not make it within the allowance aborts the game, with no result and unrated, exactly once, also
 * when the server restarted in between. The servers run on a ManualClock the tests move on, so every case plays the
 * rule's own allowance (30 s at blitz) to the millisecond without waiting for it.
 */

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;
const frameOf = (gameId: string) => (m: ServerMessage) =>
  (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId;
const abortedFrame = (gameId: string) => (m: ServerMessage) => frameOf(gameId)(m) && (m as Frame).aborted !== undefined;

const legal = (room: Room, seat: number): string => room.game.moveToString(room.game.legalMoves(seat)[0]);

const blitz = { kind: 'fischer', initialMs: 180_000, incrementMs: 2000 } as const;

/** A registered player's bot (rated games are between accounts). */
const account = async (url: string, name: string): Promise<Bot> => {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await guestCookie(url) },
    body: JSON.stringify({ username: name, password: 'seven purple hexagons' }),
  });
  expect(res.status).toBe(200);
  return Bot.connect(url, (res.headers.get('set-cookie') ?? '').split(';')[0]!);
};

/** `bots[i]` takes seat i of a new game of `players` seats; every bot watches it. */
const table = async (server: ServerHandle, bots: Bot[], extra: Record<string, unknown> = {}) => {
  const created = await createSeek(bots[0]!, {
    game: 'chinese-checkers',
    options: { players: bots.length },
    clock: blitz,
    seats: bots.map((_, i) => ({ kind: i === 0 ? 'me' : 'open' })),
    ...extra,
  });
  const gameId = created.seek.id;
  for (const b of bots.slice(1))
    expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
  for (const b of bots) {
    b.send({ type: 'game.watch', gameId });
    await b.next((m) => m.type === 'game.sync' && m.gameId === gameId);
  }
  return { gameId, room: server.hub.rooms.get(gameId)! };
};

/** What the store holds of an aborted game: its row, its abort events, the ratings of its players. */
const stored = async (server: ServerHandle, gameId: string) => {
  const q = server.store.q;
  const row = await q
    .selectFrom('games')
    .select(['status', 'outcome', 'rating_change'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  const aborts = await q
    .selectFrom('game_events')
    .select('seq')
    .where('game_id', '=', gameId)
    .where('kind', '=', 'abort')
    .execute();
  const ratings = await q
    .selectFrom('ratings')
    .innerJoin('game_players', 'game_players.user_id', 'ratings.user_id')
    .select('ratings.user_id')
    .where('game_players.game_id', '=', gameId)
    .execute();
  return { row, aborts: aborts.length, ratings: ratings.length };
};

describe.each(BACKENDS)('the first move’s clock on %s', (backend) => {
  let server: ServerHandle;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await startTestServer(backend, { authPerMinute: 1000, clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('runs no main clock before a seat’s first move: made within the allowance, the clock starts with full time', async () => {
    const bots = [await Bot.guest(server.url), await Bot.guest(server.url)];
    const [a, b] = bots as [Bot, Bot];
    const { gameId, room } = await table(server, bots);
    const start = (await a.next(frameOf(gameId))) as Frame;
    expect(start.clock.firstMove).toEqual([{ seat: 0, deadline: room.clock.since + FIRST_MOVE_MS }]);
    // seat 0 thinks 20 s over its first move: inside the allowance, and its bank is untouched
    await clock.advance(20_000);
    expect(await a.request({ type: 'game.move', gameId, seq: room.seq, move: legal(room, 0) })).toMatchObject({
      type: 'ack',
    });
    const second = (await b.next((m) => frameOf(gameId)(m) && (m as Frame).ply === 1)) as Frame;
    expect(second.clock.remainingMs).toEqual([180_000, 180_000]);
    // no increment for a first move either; seat 1's allowance starts with its own turn
    expect(second.clock.firstMove).toEqual([{ seat: 1, deadline: room.clock.since + FIRST_MOVE_MS }]);
    expect(await b.request({ type: 'game.move', gameId, seq: room.seq, move: legal(room, 1) })).toMatchObject({
      type: 'ack',
    });
    const third = (await a.next((m) => frameOf(gameId)(m) && (m as Frame).ply === 2)) as Frame;
    // seat 1's first move cost it nothing; seat 0's main clock runs from that instant, with its whole bank
    expect(third.clock.remainingMs[1]).toBe(180_000);
    expect(third.clock.remainingMs[0]).toBe(180_000);
    expect(third.clock.firstMove).toBeUndefined();
    expect(third.clock.running).toEqual([0]);
    // from now on seat 0's main clock runs: 10 s on this move cost 10 s, less the 2 s increment
    await clock.advance(10_000);
    expect(await a.request({ type: 'game.move', gameId, seq: room.seq, move: legal(room, 0) })).toMatchObject({
      type: 'ack',
    });
    const fourth = (await b.next((m) => frameOf(gameId)(m) && (m as Frame).ply === 3)) as Frame;
    expect(fourth.clock.remainingMs[0]).toBe(172_000);
    for (const x of bots) x.close();
  });

  it('aborts a rated game whose first seat never moves: no result, unrated, exactly once, and says whose move lapsed', async () => {
    const tag = `${backend.slice(0, 2)}${clock.now().toString(36)}`;
    const bots = [await account(server.url, `fma${tag}`), await account(server.url, `fmb${tag}`)];
    const spectator = await Bot.guest(server.url);
    const { gameId } = await table(server, bots, { rated: true });
    spectator.send({ type: 'game.watch', gameId });
    await spectator.next(frameOf(gameId));
    // nobody moves: the allowance runs out and the server's own timer ends the game, not a moment before
    await clock.advance(FIRST_MOVE_MS);
    expect(server.hub.rooms.get(gameId)?.status).toBe('playing');
    await clock.advance(1);
    for (const x of [...bots, spectator]) {
      const end = (await x.next(abortedFrame(gameId), 15_000)) as Frame;
      expect(end.aborted).toEqual({ reason: 'no-first-move', seats: [0] });
      expect(end.outcome).toBeUndefined();
      expect(end.type === 'game.update' && end.event).toBe('abort');
    }
    // a move after the end is refused: the game is over
    const late = await bots[0]!.request({ type: 'game.move', gameId, seq: 1, move: 'x' });
    expect(late).toMatchObject({ type: 'error' });
    // waited past a second allowance: still one abort, nothing rated
    await clock.advance(FIRST_MOVE_MS);
    const s = await stored(server, gameId);
    expect(s.row).toMatchObject({ status: 'aborted', outcome: null, rating_change: null });
    expect(s.aborts).toBe(1);
    expect(s.ratings).toBe(0);
    // the replay and the history lists say so
    const api = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as Record<string, unknown>;
    expect(api).toMatchObject({ status: 'aborted', outcome: null, aborted: { reason: 'no-first-move', seats: [0] } });
    const list = (await (await fetch(`${server.url}/api/users/fmb${tag}/games`)).json()) as {
      games: { id: string; aborted?: unknown }[];
    };
    expect(list.games.find((g) => g.id === gameId)?.aborted).toEqual({ reason: 'no-first-move', seats: [0] });
    for (const x of [...bots, spectator]) x.close();
  });

  it('aborts when the second seat does not answer the first move', async () => {
    const bots = [await Bot.guest(server.url), await Bot.guest(server.url)];
    const { gameId, room } = await table(server, bots);
    expect(await bots[0]!.request({ type: 'game.move', gameId, seq: room.seq, move: legal(room, 0) })).toMatchObject({
      type: 'ack',
    });
    await clock.advance(FIRST_MOVE_MS + 1);
    const end = (await bots[0]!.next(abortedFrame(gameId), 15_000)) as Frame;
    expect(end.aborted).toEqual({ reason: 'no-first-move', seats: [1] });
    expect(end.ply).toBe(1);
    expect((await stored(server, gameId)).row?.status).toBe('aborted');
    for (const x of bots) x.close();
  });

  it('aborts a three-player game when the last seat never makes its first move, after the others made theirs', async () => {
    const bots = [await Bot.guest(server.url), await Bot.guest(server.url), await Bot.guest(server.url)];
    const { gameId, room } = await table(server, bots);
    for (const seat of [0, 1]) {
      expect(
        await bots[seat]!.request({ type: 'game.move', gameId, seq: room.seq, move: legal(room, seat) }),
      ).toMatchObject({ type: 'ack' });
    }
    await clock.advance(FIRST_MOVE_MS + 1);
    const end = (await bots[1]!.next(abortedFrame(gameId), 15_000)) as Frame;
    expect(end.aborted).toEqual({ reason: 'no-first-move', seats: [2] });
    expect(end.outcome).toBeUndefined();
    const s = await stored(server, gameId);
    expect(s.row).toMatchObject({ status: 'aborted', outcome: null });
    expect(s.aborts).toBe(1);
    for (const x of bots) x.close();
  });

  it('keeps the rule across a restart: the restarted server aborts at the deadline set before it', async () => {
    // one clock across the restart, as the real time would be
    const ownClock = new ManualClock();
    const options = testOptions(backend, { clock: ownClock });
    let first: ServerHandle | undefined = await startServer(options);
    const bots = [await Bot.guest(first.url), await Bot.guest(first.url)];
    const { gameId, room } = await table(first, bots);
    expect(await bots[0]!.request({ type: 'game.move', gameId, seq: room.seq, move: legal(room, 0) })).toMatchObject({
      type: 'ack',
    });
    const since = room.clock.since;
    for (const x of bots) x.close();
    await first.close();
    first = undefined;
    // ten seconds down, then up again: the allowance began before the restart and still has 20 s to run
    await ownClock.advance(10_000);
    const second = await startServer({ ...options, port: 0 });
    try {
      const watcher = await Bot.guest(second.url);
      watcher.send({ type: 'game.watch', gameId });
      await watcher.next(frameOf(gameId));
      await ownClock.advance(since + FIRST_MOVE_MS - ownClock.now());
      expect(second.hub.rooms.get(gameId)?.status).toBe('playing');
      await ownClock.advance(1);
      const end = (await watcher.next(abortedFrame(gameId), 20_000)) as Frame;
      expect(end.aborted).toEqual({ reason: 'no-first-move', seats: [1] });
      const s = await stored(second, gameId);
      expect(s.row?.status).toBe('aborted');
      expect(s.aborts).toBe(1);
      const at = await second.store.q
        .selectFrom('game_events')
        .select('at')
        .where('game_id', '=', gameId)
        .where('kind', '=', 'abort')
        .executeTakeFirst();
      // the allowance ran from seat 1's turn, begun before the restart: the restart neither reset nor shortened it
      expect(at?.at).toBe(since + FIRST_MOVE_MS + 1);
      watcher.close();
    } finally {
      await second.close();
    }
  }, 40_000);
});
