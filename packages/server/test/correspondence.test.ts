import type { ServerMessage } from '@qiyuan/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerHandle, ServerOptions } from '../src/index.js';
import { startServer } from '../src/index.js';
import type { Room } from '../src/room.js';
import { ManualClock } from '../src/server-clock.js';
import { BACKENDS, Bot, createSeek, testOptions } from './helpers.js';
import { rowOf, rowsOf, sql } from './sql.js';

/**
 * Correspondence games on one process (issue #23): days per move, real days on a ManualClock the tests move on, a
 * vacation that stops the clock, a flag that falls exactly once while no process held the game (the server was closed
 * over the deadline and started again), and the "your turn" list.
 */

const DAY_MS = 86_400_000;
const CORRESPONDENCE = { kind: 'correspondence', daysPerMove: 1 } as const;

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;
const frameOf = (gameId: string) => (m: ServerMessage) =>
  (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId;

const legal = (room: Room, seat: number): string => room.game.moveToString(room.game.legalMoves(seat)[0]);

const waitFor = async (what: string, f: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!(await f())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** The stored events of a game by kind, and its row. */
const stored = async (server: ServerHandle, gameId: string) => {
  const events = await rowsOf(
    server.store,
    sql<{
      seq: number;
      kind: string;
      data: string;
    }>`SELECT seq, kind, data FROM game_events WHERE game_id = ${gameId} ORDER BY seq`,
  );
  const row = await rowOf(
    server.store,
    sql<{ status: string; outcome: string | null }>`SELECT status, outcome FROM games WHERE id = ${gameId}`,
  );
  return { events, row };
};

/** A correspondence game of two guests: `a` (seat 0) created it, `b` joined; both watch it. */
const correspondenceGame = async (server: ServerHandle) => {
  const a = await Bot.guest(server.url);
  const b = await Bot.guest(server.url);
  const created = await createSeek(a, {
    game: 'chinese-checkers',
    options: { players: 2 },
    clock: CORRESPONDENCE,
    seats: [{ kind: 'me' }, { kind: 'open' }],
  });
  const gameId = created.seek.id;
  expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
  for (const bot of [a, b]) {
    bot.send({ type: 'game.watch', gameId });
    await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId);
  }
  return { gameId, a, b };
};

/** Plays the first legal move of the seat to move, as its bot; the new sequence number. */
const play = async (server: ServerHandle, gameId: string, bots: Bot[], seq: number): Promise<number> => {
  const room = server.hub.rooms.get(gameId) ?? (await server.hub.correspondence.load(gameId))!;
  const turn = room.game.turn();
  const seat = turn.kind === 'seat' ? turn.seat : 0;
  const ack = await bots[seat]!.request({ type: 'game.move', gameId, seq, move: legal(room, seat) });
  expect(ack).toMatchObject({ type: 'ack' });
  return (ack as { seq: number }).seq;
};

describe.each(BACKENDS)('correspondence games on %s', (backend) => {
  const servers: ServerHandle[] = [];
  const bots: Bot[] = [];
  const start = async (options: ServerOptions) => {
    const s = await startServer(options);
    servers.push(s);
    return s;
  };
  afterEach(async () => {
    for (const b of bots.splice(0)) b.close();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('stops the clock of a player on vacation, and flags them once it is switched off and their time is up', async () => {
    const clock = new ManualClock();
    const server = await start(testOptions(backend, { clock }));
    const { gameId, a, b } = await correspondenceGame(server);
    bots.push(a, b);
    let seq = await play(server, gameId, [a, b], 1);
    seq = await play(server, gameId, [a, b], seq);
    // seat 0 (a) is to move, with one "day" for it
    const on = await a.request({ type: 'game.vacation', gameId, seq, on: true });
    expect(on).toMatchObject({ type: 'ack' });
    seq = (on as { seq: number }).seq;
    const update = (await a.next(
      (m) => frameOf(gameId)(m) && (m as Frame).clock.vacation?.on.includes(0) === true,
    )) as Frame;
    expect(update.clock.vacation?.leftMs[1]).toBe(14 * DAY_MS);
    // b may not switch a's vacation, and a vacation already on cannot be switched on again
    expect(await a.request({ type: 'game.vacation', gameId, seq, on: true })).toMatchObject({
      type: 'error',
      code: 'not-allowed',
    });
    // more than a day passes: no flag falls
    await clock.advance(DAY_MS * 1.5);
    expect((await stored(server, gameId)).row?.status).toBe('playing');
    const before = server.hub.rooms.get(gameId)!;
    expect(before.clock.vacation?.from[0]).not.toBeNull();
    const off = await a.request({ type: 'game.vacation', gameId, seq, on: false });
    expect(off).toMatchObject({ type: 'ack' });
    const back = (await a.next(
      (m) => frameOf(gameId)(m) && (m as Frame).seq === (off as { seq: number }).seq,
    )) as Frame;
    // the vacation used is taken off the allowance; the move's own time was kept
    expect(back.clock.vacation?.on).toEqual([]);
    expect(back.clock.vacation!.leftMs[0]!).toBe(14 * DAY_MS - 1.5 * DAY_MS);
    expect(back.clock.remainingMs[0]!).toBe(DAY_MS);
    // then the clock runs again, and the flag falls when the day is up, not before
    await clock.advance(DAY_MS - 1);
    expect((await stored(server, gameId)).row?.status).toBe('playing');
    await clock.advance(2);
    await a.next((m) => frameOf(gameId)(m) && (m as Frame).outcome !== undefined, 15_000);
    const { events, row } = await stored(server, gameId);
    expect(row?.status).toBe('finished');
    expect(events.filter((e) => e.kind === 'timeout')).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'vacation')).toHaveLength(2);
    expect(JSON.parse(row!.outcome!).results).toEqual(['loss', 'win']);
    // the deadlines of the game are gone with it
    expect(await server.hub.deadlines.get(`clock:${gameId}`)).toBeUndefined();
  }, 60_000);

  it('flags a game exactly once when its deadline passed while no process held it', async () => {
    const clock = new ManualClock();
    const options = testOptions(backend, { clock });
    const first = await start(options);
    const { gameId, a, b } = await correspondenceGame(first);
    let seq = await play(first, gameId, [a, b], 1);
    seq = await play(first, gameId, [a, b], seq);
    const deadline = await first.hub.deadlines.get(`clock:${gameId}`);
    expect(deadline?.kind).toBe('game.clock');
    expect(deadline!.dueAt).toBe(clock.now() + DAY_MS);
    // the "your turn" list of the player to move has the game, with its deadline
    const turnsOf = (bot: Bot) =>
      fetch(`${first.url}/api/me/turns`, { headers: { cookie: bot.cookie! } }).then(
        (r) => r.json() as Promise<{ turns: unknown[] }>,
      );
    const turns = await turnsOf(a);
    expect(turns.turns).toEqual([
      expect.objectContaining({ gameId, speed: 'correspondence', deadline: deadline!.dueAt, you: [0] }),
    ]);
    const theirs = await turnsOf(b);
    expect(theirs.turns).toEqual([]);
    a.close();
    b.close();
    await first.close();
    servers.splice(servers.indexOf(first), 1);
    // nobody holds the game while its deadline passes
    await clock.advanceTo(deadline!.dueAt + 300);
    // the second server looks for due deadlines only when the test says so, to see what its start loaded
    const second = await start({ ...options, deadlinePollMs: 3_600_000 });
    // a correspondence game is not loaded at start: the shared deadline brings it back and flags it
    expect(second.hub.rooms.has(gameId)).toBe(false);
    expect(await second.hub.deadlines.runDue()).toBeGreaterThanOrEqual(1);
    await waitFor('the flag', async () => (await stored(second, gameId)).row?.status === 'finished');
    const { events, row } = await stored(second, gameId);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.kind === 'timeout')).toHaveLength(1);
    expect(JSON.parse(row!.outcome!).results).toEqual(['loss', 'win']);
    expect(await second.hub.deadlines.get(`clock:${gameId}`)).toBeUndefined();
    expect(seq).toBeGreaterThan(2);
  }, 60_000);

  it('has the AI answer after a restart, in a game no process held when the server came back', async () => {
    // the first server's AI never answers: the server is closed while the AI is to move
    const silent = { choose: () => new Promise<string | undefined>(() => undefined) };
    const clock = new ManualClock();
    const options = testOptions(backend, { clock });
    const first = await start({ ...options, ai: silent });
    const human = await Bot.guest(first.url);
    bots.push(human);
    const created = await createSeek(human, {
      game: 'chinese-checkers',
      options: { players: 2 },
      clock: CORRESPONDENCE,
      seats: [{ kind: 'me' }, { kind: 'ai', level: 1 }],
    });
    const gameId = created.seek.id;
    const seq = await play(first, gameId, [human], 1);
    expect(await first.hub.deadlines.get(`ai:${gameId}`)).toMatchObject({ kind: 'game.ai', data: { seq } });
    human.close();
    await first.close();
    servers.splice(servers.indexOf(first), 1);
    // the second server's AI plays the first legal move
    const firstLegal = {
      choose: async (g: Room['game'], seat: number) => g.moveToString(g.legalMoves(seat)[0]),
    };
    const second = await start({ ...options, ai: firstLegal, deadlinePollMs: 3_600_000 });
    expect(second.hub.rooms.has(gameId)).toBe(false);
    // the deadline falls due a second after the human's move
    await clock.advance(1000);
    await waitFor('the AI’s move', async () => {
      // looked for here, not on a timer
      await second.hub.deadlines.runDue();
      const { events } = await stored(second, gameId);
      return events.length > seq;
    });
    const { events } = await stored(second, gameId);
    expect(events.at(-1)).toMatchObject({ seq: seq + 1, kind: 'move' });
    // the human is to move again: nothing holds the game for the AI any more
    await waitFor('the AI deadline to go', async () => (await second.hub.deadlines.get(`ai:${gameId}`)) === undefined);
  }, 60_000);

  it('lets go of an idle correspondence game and loads it again for a move', async () => {
    const server = await start(testOptions(backend, { clock: new ManualClock() }));
    const { gameId, a, b } = await correspondenceGame(server);
    bots.push(a, b);
    let seq = await play(server, gameId, [a, b], 1);
    for (const bot of [a, b])
      expect(await bot.request({ type: 'game.unwatch', gameId })).toMatchObject({ type: 'ack' });
    expect(await server.hub.correspondence.parkIdle()).toBe(1);
    expect(server.hub.rooms.has(gameId)).toBe(false);
    // b moves in a game no process holds: it is loaded and played
    seq = await play(server, gameId, [a, b], seq);
    expect(server.hub.rooms.has(gameId)).toBe(true);
    expect((await stored(server, gameId)).events.at(-1)).toMatchObject({ seq, kind: 'move' });
  }, 60_000);
});
