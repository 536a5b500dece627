import type { ClockSpec, ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import type { Room } from '../src/room.js';
import { BACKENDS, Bot, createSeek, startTestServer } from './helpers.js';
import { rowOf, sql } from './sql.js';

/**
 * Clocks in play, end to end: a deadline that passed before an action arrived
 * (the timer is late: a busy event loop) is dealt with first, as the rules say;
 * a simple-delay clock flags only after the bank and the delay; a pause by
 * agreement stops everything, any player resumes it, and the turn keeps what
 * was left of its per-move limit or delay.
 *
 * A late timer is made by moving the start of the running turn into the past
 * (the room's own timer is still set for much later), so the test does not
 * depend on how fast the machine is. Both seats make their first move before
 * the clock is tested: before it, a seat's main clock does not run (the
 * first-move rule, first-move-play.test.ts).
 */

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;
const frameOf = (gameId: string) => (m: ServerMessage) =>
  (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId;

/** Moves the running turn's start `ms` into the past, as if the timer had not fired yet. */
const age = (room: Room, ms: number): void => {
  room.clock = { ...room.clock, since: room.clock.since - ms };
};

const legal = (room: Room, seat: number): string => room.game.moveToString(room.game.legalMoves(seat)[0]);

describe.each(BACKENDS)('clocks in play on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Two guests in a two-seat game with `clock`; both watch. */
  const pair = async (
    clock: ClockSpec,
    game = 'chinese-checkers',
    options: Record<string, unknown> = { players: 2 },
  ) => {
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const created = await createSeek(a, { game, options, clock, seats: [{ kind: 'me' }, { kind: 'open' }] });
    const gameId = created.seek.id;
    expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
    for (const bot of [a, b]) {
      bot.send({ type: 'game.watch', gameId });
      await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId);
    }
    const room = server.hub.rooms.get(gameId)!;
    // each seat's first move: from now on the main clocks run
    for (const [seat, bot] of [a, b].entries()) {
      const seq = room.seq;
      expect(await bot.request({ type: 'game.move', gameId, seq, move: legal(room, seat) })).toMatchObject({
        type: 'ack',
      });
      for (const x of [a, b]) await x.next((m) => frameOf(gameId)(m) && (m as Frame).seq === seq + 1);
    }
    return {
      a,
      b,
      gameId,
      room,
      close: () => {
        for (const x of [a, b]) x.close();
      },
    };
  };

  it('refuses a move that arrives after the flag fell: the seat loses on time, with no increment bought', async () => {
    const { a, b, gameId, room, close } = await pair({ kind: 'fischer', initialMs: 60_000, incrementMs: 5000 });
    const seq = room.seq;
    age(room, 61_000);
    const late = await a.request({ type: 'game.move', gameId, seq, move: legal(room, 0) });
    expect(late).toMatchObject({ type: 'error', code: 'game-over' });
    const end = (await b.next((m) => frameOf(gameId)(m) && (m as Frame).outcome !== undefined)) as Frame;
    expect(end.type === 'game.update' && end.event).toBe('timeout');
    expect(end.outcome?.results).toEqual(['loss', 'win']);
    expect(end.ply).toBe(2);
    expect(end.clock.remainingMs[0]).toBe(0);
    const row = await rowOf(
      server.store,
      sql<{ status: string; seq: number }>`SELECT status, seq FROM games WHERE id = ${gameId}`,
    );
    expect(row?.status).toBe('finished');
    expect(Number(row?.seq)).toBe(seq + 1);
    close();
  });

  it('ends the game on time before the opponent’s late draw offer or resignation is heard', async () => {
    const { b, gameId, room, close } = await pair({ kind: 'fischer', initialMs: 60_000, incrementMs: 0 });
    age(room, 61_000);
    expect(await b.request({ type: 'game.resign', gameId, seq: room.seq })).toMatchObject({
      type: 'error',
      code: 'game-over',
    });
    const end = (await b.next((m) => frameOf(gameId)(m) && (m as Frame).outcome !== undefined)) as Frame;
    // seat 0's flag fell first: b's resignation came too late to lose the game
    expect(end.outcome?.results).toEqual(['loss', 'win']);
    close();
  });

  it('counts a Junqi per-move timeout before a late move, and the game goes on with the next seat', async () => {
    const { a, b, gameId, room, close } = await pair({ kind: 'move', moveMs: 60_000 }, 'junqi', {
      players: 2,
      mode: 'open',
      timeoutLimit: 3,
    });
    // `pair` deployed both armies (each seat its own preset); now each seat's first move on the board
    for (const [seat, bot] of [a, b].entries()) {
      const seq = room.seq;
      expect(await bot.request({ type: 'game.move', gameId, seq, move: legal(room, seat) })).toMatchObject({
        type: 'ack',
      });
      for (const x of [a, b]) await x.next((m) => frameOf(gameId)(m) && (m as Frame).seq === seq + 1);
    }
    expect(room.game.turn()).toEqual({ kind: 'seat', seat: 0 });
    const seq = room.seq;
    age(room, 61_000);
    const late = await a.request({ type: 'game.move', gameId, seq, move: legal(room, 0) });
    expect(late).toMatchObject({ type: 'error', code: 'stale-seq', seq: seq + 1 });
    const counted = (await b.next((m) => frameOf(gameId)(m) && (m as Frame).seq === seq + 1)) as Frame;
    expect(counted.type === 'game.update' && counted.event).toBe('timeout');
    expect((counted.view as { timeouts: number[] }).timeouts).toEqual([1, 0]);
    expect(counted.turn).toEqual({ kind: 'seat', seat: 1 });
    expect(counted.outcome).toBeUndefined();
    expect(await b.request({ type: 'game.move', gameId, seq: seq + 1, move: legal(room, 1) })).toMatchObject({
      type: 'ack',
    });
    close();
  });

  it('flags a simple-delay clock only once the bank and the delay are both spent', async () => {
    const { b, gameId, room, close } = await pair({ kind: 'delay', initialMs: 1000, delayMs: 1000 });
    const since = room.clock.since;
    const end = (await b.next((m) => frameOf(gameId)(m) && (m as Frame).outcome !== undefined, 20_000)) as Frame;
    expect(end.type === 'game.update' && end.event).toBe('timeout');
    expect(end.outcome?.results).toEqual(['loss', 'win']);
    expect(end.clock.remainingMs).toEqual([0, 1000]);
    // the second of delay was free: the flag fell no sooner than bank + delay after the turn began
    expect(end.clock.serverTime - since).toBeGreaterThanOrEqual(2000);
    close();
  });

  it.each([
    ['per-move limit', { kind: 'move', moveMs: 60_000 } as ClockSpec],
    ['simple delay', { kind: 'delay', initialMs: 60_000, delayMs: 30_000 } as ClockSpec],
  ])(
    'pauses by agreement, refuses moves while paused, resumes at one player’s word, keeping the %s',
    async (_, clock) => {
      const { a, b, gameId, room, close } = await pair(clock);
      // seat 0 has used 20 s of its turn
      age(room, 20_000);
      expect(await a.request({ type: 'game.offer', gameId, seq: room.seq, offer: 'pause' })).toMatchObject({
        type: 'ack',
      });
      const answered = await b.request({ type: 'game.answer', gameId, seq: room.seq, offer: 'pause', accept: true });
      expect(answered).toMatchObject({ type: 'ack' });
      const paused = (await a.next(
        (m) => frameOf(gameId)(m) && (m as Frame).seq === (answered as { seq: number }).seq,
      )) as Frame;
      expect(paused.clock).toMatchObject({ paused: true, running: [] });
      const frozen = paused.clock.remainingMs;
      // paused: no move, no take-back; the clocks do not move
      expect(await a.request({ type: 'game.move', gameId, seq: room.seq, move: legal(room, 0) })).toMatchObject({
        type: 'error',
        code: 'not-allowed',
        reason: expect.stringMatching(/paused/),
      });
      expect(room.game.ply).toBe(2);
      await new Promise((r) => setTimeout(r, 300));
      const from = a.frames.length;
      a.send({ type: 'game.watch', gameId });
      const again = (await a.next((m) => m.type === 'game.sync' && m.gameId === gameId, 10_000, from)) as Frame;
      expect(again.clock.remainingMs).toEqual(frozen);
      // the seat not to move resumes alone: one player cannot keep the game paused
      const resumed = await b.request({ type: 'game.offer', gameId, seq: room.seq, offer: 'resume' });
      expect(resumed).toMatchObject({ type: 'ack' });
      const going = (await a.next(
        (m) => frameOf(gameId)(m) && (m as Frame).seq === (resumed as { seq: number }).seq,
      )) as Frame;
      expect(going.clock).toMatchObject({ paused: false, running: [0] });
      // the turn goes on where it stopped: 20 s of it were used before the pause
      expect(going.clock.serverTime - going.clock.since!).toBeGreaterThanOrEqual(20_000);
      if (clock.kind === 'move') expect(going.clock.remainingMs[0]).toBeLessThanOrEqual(40_000);
      expect(going.clock.remainingMs[1]).toBe(frozen[1]);
      expect(await a.request({ type: 'game.move', gameId, seq: room.seq, move: legal(room, 0) })).toMatchObject({
        type: 'ack',
      });
      // nothing to resume any more
      expect(await b.request({ type: 'game.offer', gameId, seq: room.seq, offer: 'resume' })).toMatchObject({
        code: 'not-allowed',
      });
      close();
    },
  );
});
