import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, createSeek, startTestServer } from './helpers.js';
import { rowOf, sql } from './sql.js';

const _ofType =
  <T extends ServerMessage['type']>(t: T) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: T }> =>
    m.type === t;

/** A legal move for `seat` now, read from the server's own game (test introspection). */
const legalMove = (server: ServerHandle, gameId: string, seat: number): string => {
  const game = server.hub.rooms.get(gameId)!.game;
  return game.moveToString(game.legalMoves(seat)[0]);
};

describe.each(BACKENDS)('a two-player game on %s', (backend) => {
  let server: ServerHandle;
  let a: Bot;
  let b: Bot;
  let spectator: Bot;
  let gameId = '';

  beforeAll(async () => {
    server = await startTestServer(backend);
    a = await Bot.guest(server.url);
    b = await Bot.guest(server.url);
    spectator = await Bot.connect(server.url);
  });
  afterAll(async () => {
    for (const bot of [a, b, spectator]) bot?.close();
    await server?.close();
  });

  it('answers /healthz with the database kind', async () => {
    // the health check proves the database answers
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { db: string }).db).toBe(backend);
  });

  it('lists a seek in the lobby and starts the game when the last seat is filled', async () => {
    b.send({ type: 'lobby.subscribe' });
    await b.next((m) => m.type === 'lobby');
    const created = await createSeek(a, {
      game: 'chinese-checkers',
      options: { players: 2 },
      clock: { kind: 'fischer', initialMs: 300_000, incrementMs: 2000 },
      rated: false,
      seats: [{ kind: 'me' }, { kind: 'open' }],
      private: false,
    });
    gameId = created.seek.id;
    expect(created.invite).toBe(`/invite/${gameId}`);
    // the other player sees the seek appear
    const added = await b.next((m) => m.type === 'seek.added' && m.seek.id === gameId);
    expect(added.type).toBe('seek.added');
    const joined = await b.request({ type: 'seek.join', seekId: gameId });
    expect(joined.type).toBe('ack');
    const started = await a.next((m) => m.type === 'game.started' && m.gameId === gameId);
    expect(started.type === 'game.started' && started.seats).toEqual([0]);
    // the seek leaves the lobby
    await b.next((m) => m.type === 'seek.removed' && m.seekId === gameId);
  });

  it('lists the game among the live public games to spectate', async () => {
    const live = (await (await fetch(`${server.url}/api/live`)).json()) as { games: { id: string }[] };
    expect(live.games.map((g) => g.id)).toContain(gameId);
  });

  it('syncs each watcher with its own seats, and the spectator with none', async () => {
    for (const [bot, you] of [
      [a, [0]],
      [b, [1]],
      [spectator, []],
    ] as const) {
      const from = bot.frames.length;
      bot.send({ type: 'game.watch', gameId });
      const sync = await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId, 10_000, from);
      expect(sync.type === 'game.sync' && sync.you).toEqual(you);
      expect(sync.type === 'game.sync' && sync.seq).toBe(1);
    }
  });

  it('acknowledges a move with the next sequence number and sends it to everyone', async () => {
    const move = legalMove(server, gameId, 0);
    const from = spectator.frames.length;
    const ack = await a.request({ type: 'game.move', gameId, seq: 1, move });
    expect(ack).toMatchObject({ type: 'ack', gameId, seq: 2 });
    const upd = await spectator.next((m) => m.type === 'game.update', 10_000, from);
    expect(upd.type === 'game.update' && upd.records.map((r) => r.notation)).toEqual([move]);
    // the move is in the database before anyone heard of it
    const row = await rowOf(server.store, sql<{ seq: number }>`SELECT seq FROM games WHERE id = ${gameId}`);
    expect(Number(row?.seq)).toBe(2);
  });

  it('refuses a duplicate (stale sequence number), a move out of turn and a move for the other seat', async () => {
    // the same message again: the game is at 2 now
    const dup = await a.request({ type: 'game.move', gameId, seq: 1, move: 'whatever' });
    expect(dup).toMatchObject({ type: 'error', code: 'stale-seq', seq: 2 });
    // seat 0 may not move twice
    const twice = await a.request({ type: 'game.move', gameId, seq: 2, move: legalMove(server, gameId, 1) });
    expect(twice).toMatchObject({ type: 'error', code: 'not-your-turn' });
    // seat 1 belongs to b
    const theirs = await a.request({ type: 'game.move', gameId, seq: 2, seat: 1, move: legalMove(server, gameId, 1) });
    expect(theirs).toMatchObject({ type: 'error', code: 'not-your-seat' });
    // nonsense notation
    const bad = await b.request({ type: 'game.move', gameId, seq: 2, move: 'zz99-qq00' });
    expect(bad).toMatchObject({ type: 'error', code: 'bad-notation' });
    expect(server.hub.rooms.get(gameId)!.seq).toBe(2);
  });

  it('takes back a move by agreement', async () => {
    expect((await b.request({ type: 'game.move', gameId, seq: 2, move: legalMove(server, gameId, 1) })).type).toBe(
      'ack',
    );
    // b asks to take back its move, a accepts: the game returns to ply 1
    expect(await b.request({ type: 'game.offer', gameId, seq: 3, offer: 'takeback' })).toMatchObject({
      type: 'ack',
      seq: 4,
    });
    const from = spectator.frames.length;
    expect(await a.request({ type: 'game.answer', gameId, seq: 4, offer: 'takeback', accept: true })).toMatchObject({
      type: 'ack',
      seq: 5,
    });
    const sync = await spectator.next((m) => m.type === 'game.sync', 10_000, from);
    expect(sync.type === 'game.sync' && sync.ply).toBe(1);
  });

  it('declines a draw offer, then ends on resignation, with the export in the engine notation', async () => {
    expect(await a.request({ type: 'game.offer', gameId, seq: 5, offer: 'draw' })).toMatchObject({
      type: 'ack',
      seq: 6,
    });
    expect(await b.request({ type: 'game.answer', gameId, seq: 6, offer: 'draw', accept: false })).toMatchObject({
      type: 'ack',
      seq: 7,
    });
    const from = spectator.frames.length;
    expect(await b.request({ type: 'game.resign', gameId, seq: 7 })).toMatchObject({ type: 'ack', seq: 8 });
    const end = await spectator.next((m) => m.type === 'game.update' && m.outcome !== undefined, 10_000, from);
    expect(end.type === 'game.update' && end.outcome?.results).toEqual(['win', 'loss']);
    // moves after the end are refused
    expect(await a.request({ type: 'game.move', gameId, seq: 8, move: 'x' })).toMatchObject({
      type: 'error',
      code: 'game-over',
    });
    const exported = await fetch(`${server.url}/api/games/${gameId}/export`);
    expect(exported.status).toBe(200);
    expect((await exported.text()).length).toBeGreaterThan(0);
    const info = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as {
      status: string;
      records: unknown[];
    };
    expect(info.status).toBe('finished');
    expect(info.records).toHaveLength(1);
  });
});
