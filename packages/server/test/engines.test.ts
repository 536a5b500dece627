import { GAME_IDS, SPECTATOR } from '@qiyuan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, createSeek, startTestServer } from './helpers.js';

/**
 * Every registered engine through the server, by the contract alone: a hotseat
 * game of legal moves (picked by the test from the server's own game), a
 * resignation, and the export in the engine's notation (with the record's headers) that parses back.
 */

describe.each(BACKENDS)('every engine is served on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend, { messagesPerSecond: 10_000, burst: 10_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  const registered = GAME_IDS.filter((id) => engines[id] !== undefined);
  it('registers the four engines', () => {
    expect(registered).toEqual(['hive', 'junqi', 'abalone', 'chinese-checkers']);
    expect(registered).toEqual([...GAME_IDS]);
  });

  it.each(registered)('%s: a game from seek to export', async (id) => {
    const def = engines[id]!;
    const a = await Bot.guest(server.url);
    const parsed = def.parseOptions({});
    const probe = parsed.ok ? def.create(parsed.value) : undefined;
    const seats = probe?.ok ? probe.value.seatCount : 2;
    const created = await createSeek(a, {
      game: id,
      options: {},
      clock: { kind: 'fischer', initialMs: 600_000, incrementMs: 1000 },
      rated: false,
      seats: Array.from({ length: seats }, () => ({ kind: 'me' })),
      private: false,
    });
    const gameId = created.seek.id;
    await a.next((m) => m.type === 'game.started' && m.gameId === gameId);
    const room = server.hub.rooms.get(gameId)!;
    for (let i = 0; i < 30 && room.status === 'playing'; i++) {
      const turn = room.game.turn();
      if (turn.kind === 'over') break;
      const seat = turn.kind === 'seat' ? turn.seat : turn.seats[0]!;
      const moves = room.game.legalMoves(seat);
      if (moves.length === 0) break;
      const move = room.game.moveToString(moves[(i * 7) % moves.length]);
      const ack = await a.request({ type: 'game.move', gameId, seq: room.seq, seat, move });
      expect(ack.type, JSON.stringify(ack)).toBe('ack');
    }
    // the moves so far, exported and read back by the engine
    const live = def.exportGame(room.game);
    expect(def.parseGame(live).ok, live).toBe(true);
    if (room.status === 'playing') {
      expect(await a.request({ type: 'game.resign', gameId, seq: room.seq, seat: 0 })).toMatchObject({ type: 'ack' });
    }
    const res = await fetch(`${server.url}/api/games/${gameId}/export`);
    expect(res.status).toBe(200);
    const text = await res.text();
    // the export of the finished game is the engine's own whole-game notation with the record's headers: it reads
    // back into the same game
    const read = def.parseGame(text);
    expect(read.ok, text).toBe(true);
    expect(read.ok && read.value.ply).toBe(room.game.ply);
    expect(read.ok && read.value.recordFor(SPECTATOR, room.game.ply - 1)).toEqual(
      room.game.recordFor(SPECTATOR, room.game.ply - 1),
    );
    // the fair deal's three values, so the export alone is enough to check the deal (docs/FAIRPLAY.md)
    for (const tag of ['Commitment', 'Seed', 'Salt']) expect(text).toMatch(new RegExp(`\\[${tag} "[0-9a-f]+"\\]`));
    expect(text.length).toBeGreaterThan(10);
    a.close();
  });
});
