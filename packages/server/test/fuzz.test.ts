import { Rng } from '@qiyuan/core';
import { MAX_FRAME_BYTES } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { Bot, startPairGame, startTestServer } from './helpers.js';

/**
 * Bad input: a fuzzer sends tens of thousands of random and mutated messages
 * (as an outsider and as a player of the game, always with a stale sequence
 * number); afterwards the server still serves and the game has not changed.
 */

const TYPES = [
  'hello',
  'ping',
  'lobby.subscribe',
  'seek.create',
  'seek.join',
  'seek.cancel',
  'game.watch',
  'game.move',
  'game.resign',
  'game.offer',
  'game.answer',
  'game.chat',
  'nope',
  '',
];

const randomValue = (rng: Rng, depth = 0): unknown => {
  switch (rng.int(0, depth > 3 ? 5 : 8)) {
    case 0:
      return null;
    case 1:
      return rng.int(0, 1) === 1;
    case 2:
      return rng.int(-(2 ** 31), 2 ** 31) / (rng.int(0, 1) ? 1 : 7);
    case 3:
      return [Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308, -1, 2 ** 53 + 2][rng.int(0, 5)];
    case 4:
      return 'x'.repeat(rng.int(0, 3) === 0 ? rng.int(0, 5000) : rng.int(0, 5));
    case 5:
      return String.fromCharCode(...Array.from({ length: rng.int(0, 20) }, () => rng.int(0, 0xffff)));
    case 6:
      return Array.from({ length: rng.int(0, 5) }, () => randomValue(rng, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(0, 5); i > 0; i--)
        o[['type', 'gameId', 'seq', 'move', 'seat', 'id', '__proto__', 'offer', 'options'][rng.int(0, 8)]!] =
          randomValue(rng, depth + 1);
      return o;
    }
  }
};

describe('fuzzing the WebSocket', () => {
  let server: ServerHandle;
  let a: Bot;
  let b: Bot;
  let gameId = '';

  beforeAll(async () => {
    server = await startTestServer('sqlite', { messagesPerSecond: 1e9, burst: 1e9 });
    a = await Bot.guest(server.url);
    b = await Bot.guest(server.url);
    gameId = await startPairGame(a, b);
    const room = server.hub.rooms.get(gameId)!;
    for (let i = 0; i < 4; i++) {
      const seat = i % 2;
      const g = room.game;
      const ack = await [a, b][seat]!.request({
        type: 'game.move',
        gameId,
        seq: room.seq,
        move: g.moveToString(g.legalMoves(seat)[0]),
      });
      expect(ack.type).toBe('ack');
    }
  });
  afterAll(async () => {
    a?.close();
    b?.close();
    await server?.close();
  });

  it('survives 40,000 random and mutated messages, and no game changes', async () => {
    const room = server.hub.rooms.get(gameId)!;
    const before = { seq: room.seq, snapshot: JSON.stringify(room.game.snapshot()) };
    const outsider = await Bot.guest(server.url);
    const rng = Rng.fromSeed(20261122);
    const g = room.game;
    const validMove = g.moveToString(
      g.legalMoves(g.turn().kind === 'seat' ? (g.turn() as { seat: number }).seat : 0)[0],
    );
    const templates: Record<string, unknown>[] = [
      { type: 'game.move', gameId, seq: room.seq, move: validMove },
      { type: 'game.resign', gameId, seq: room.seq },
      { type: 'game.offer', gameId, seq: room.seq, offer: 'draw' },
      { type: 'game.answer', gameId, seq: room.seq, offer: 'takeback', accept: true },
      { type: 'seek.join', seekId: gameId, seat: 1 },
      { type: 'seek.cancel', seekId: gameId },
      { type: 'game.watch', gameId, seq: 3 },
    ];
    let sent = 0;
    const send = (bot: Bot, text: string) => {
      bot.sendRaw(text);
      sent++;
    };
    for (let i = 0; i < 40_000; i++) {
      const player = i % 2 === 0;
      const bot = player ? a : outsider;
      const kind = rng.int(0, 5);
      let text: string;
      if (kind === 0) {
        text = JSON.stringify(randomValue(rng));
      } else if (kind === 1) {
        // garbage text
        text = String.fromCharCode(...Array.from({ length: rng.int(0, 200) }, () => rng.int(1, 0x7f)));
      } else {
        // a valid message, mutated: one field replaced, removed or added
        const t = { ...templates[rng.int(0, templates.length - 1)]! };
        const keys = Object.keys(t);
        const op = rng.int(0, 3);
        if (op === 0) t[keys[rng.int(0, keys.length - 1)]!] = randomValue(rng);
        else if (op === 1) delete t[keys[rng.int(0, keys.length - 1)]!];
        else if (op === 2) t[['extra', 'type', 'seat', 'id'][rng.int(0, 3)]!] = randomValue(rng);
        else t.type = TYPES[rng.int(0, TYPES.length - 1)];
        // a player's state-changing messages always carry a stale sequence number, so none may apply
        if (player && 'seq' in t) t.seq = rng.int(0, 1) ? room.seq + 1 + rng.int(0, 5) : rng.int(0, room.seq - 1);
        if (player && typeof t.type === 'string' && t.type.startsWith('seek.')) t.type = 'ping';
        text = JSON.stringify(t);
        if (rng.int(0, 9) === 0) text = text.slice(0, rng.int(0, text.length)); // truncated
      }
      send(bot, text);
      if (i % 2000 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    // everything was answered in order: a ping after the storm gets its pong
    for (const bot of [a, outsider]) {
      const pong = await bot.request({ type: 'ping' }, 60_000);
      expect(pong.type).toBe('pong');
    }
    expect(sent).toBe(40_000);
    // the game is exactly as it was
    expect(room.seq).toBe(before.seq);
    expect(JSON.stringify(room.game.snapshot())).toBe(before.snapshot);
    const stored = await server.store.get<{ seq: number }>('SELECT seq FROM games WHERE id = ?', [gameId]);
    expect(Number(stored?.seq)).toBe(before.seq);
    // errors came back with codes, and the server still serves: health, and the game goes on
    expect(outsider.frames.filter((m) => m.type === 'error').length).toBeGreaterThan(10_000);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const turn = room.game.turn();
    const seat = turn.kind === 'seat' ? turn.seat : 0;
    const move = room.game.moveToString(room.game.legalMoves(seat)[0]);
    expect(await [a, b][seat]!.request({ type: 'game.move', gameId, seq: room.seq, move })).toMatchObject({
      type: 'ack',
    });
    outsider.close();
  }, 120_000);

  it('closes a socket that sends an oversized frame with 1009, and others go on', async () => {
    const bot = await Bot.connect(server.url);
    bot.sendRaw(`{"type":"ping","id":"${'x'.repeat(MAX_FRAME_BYTES + 10)}"}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(bot.closed?.code).toBe(1009);
    expect((await a.request({ type: 'ping' })).type).toBe('pong');
  });

  it('answers a binary frame and an unknown type with clear errors', async () => {
    const bot = await Bot.connect(server.url);
    bot.sendRaw(Buffer.from([1, 2, 3]));
    const e1 = await bot.next((m) => m.type === 'error');
    expect(e1).toMatchObject({ code: 'bad-message' });
    const e2 = await bot.request({ type: 'launch' });
    expect(e2).toMatchObject({ type: 'error', code: 'bad-message' });
    expect(e2.type === 'error' && e2.reason).toContain('unknown message type');
    bot.close();
  });
});

describe('floods', () => {
  it('rate-limits a flooding client and then closes it with 1008; others are served', async () => {
    const server = await startTestServer('sqlite', { messagesPerSecond: 20, burst: 20 });
    try {
      const flooder = await Bot.connect(server.url);
      const calm = await Bot.connect(server.url);
      for (let i = 0; i < 200; i++) flooder.send({ type: 'ping' });
      await flooder.next((m) => m.type === 'error' && m.code === 'rate-limited');
      await new Promise((r) => setTimeout(r, 300));
      expect(flooder.closed?.code).toBe(1008);
      expect((await calm.request({ type: 'ping' })).type).toBe('pong');
      calm.close();
    } finally {
      await server.close();
    }
  });
});
