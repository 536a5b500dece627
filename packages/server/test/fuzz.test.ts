import { type Game, Rng, unwrap } from '@qiyuan/core';
import { MAX_FRAME_BYTES, OFFERS, type ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type ServerHandle } from '../src/index.js';
import { gameOfRow, type StoredPosition } from '../src/stored-game.js';
import { BACKENDS, Bot, startPairGame, startTestServer } from './helpers.js';
import { rowOf, sql } from './sql.js';

/**
 * Bad input: a fuzzer sends tens of thousands of random and mutated messages
 * (as an outsider and as a player of the game with a stale sequence number);
 * afterwards the server still serves and the game has not changed. Then a
 * player fuzzes with the current sequence number — mutated moves that reach
 * the engine's parser and rules, offers, answers, resignations and moves for
 * the wrong game — and the game changes only by the legal moves it
 * acknowledged, exactly as a copy of the game playing those moves.
 */

/** The code a bot's socket was closed with, once the server closed it (waited for, not slept on). */
const closeCode = (bot: Bot): Promise<number> =>
  bot.closed
    ? Promise.resolve(bot.closed.code)
    : new Promise((resolve) => bot.ws.once('close', (code: number) => resolve(code)));

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

describe.each(BACKENDS)('fuzzing the WebSocket on %s', (backend) => {
  let server: ServerHandle;
  let a: Bot;
  let b: Bot;
  let gameId = '';

  beforeAll(async () => {
    server = await startTestServer(backend, { messagesPerSecond: 1e9, burst: 1e9 });
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
      // let the socket drain now and then (a yield, not a wait for time to pass)
      if (i % 2000 === 0) await new Promise((r) => setImmediate(r));
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
    const stored = await rowOf(server.store, sql<{ seq: number }>`SELECT seq FROM games WHERE id = ${gameId}`);
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

  it('changes the game only by the legal moves it acknowledged, when a player fuzzes with the current seq', async () => {
    const c = await Bot.guest(server.url);
    const d = await Bot.guest(server.url);
    const fuzzed = await startPairGame(a, b);
    const elsewhere = await startPairGame(c, d); // a game the fuzzer has no seat in
    const room = server.hub.rooms.get(fuzzed)!;
    const other = server.hub.rooms.get(elsewhere)!;
    const otherBefore = JSON.stringify(other.game.snapshot());
    const def = engines['chinese-checkers']!;
    const mirror: Game = unwrap(def.create(unwrap(def.parseOptions(room.meta.options))));
    const acked: string[] = [];
    const rng = Rng.fromSeed(20261124);
    let seq = room.seq;
    const answers = new Map<string, number>();
    const count = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
    const settle = (r: ServerMessage) => {
      if ((r.type === 'ack' || r.type === 'error') && r.gameId === fuzzed && r.seq !== undefined) seq = r.seq;
    };
    const chars = 'abcdefghijklmnopqrstuvwxyz0123456789-:x ,;*+/()[]{}"\\\u0000é棋';
    const mutate = (move: string): string => {
      const i = rng.int(0, Math.max(0, move.length - 1));
      const ch = chars[rng.int(0, chars.length - 1)]!;
      switch (rng.int(0, 8)) {
        case 0:
          return move;
        case 1:
          return move.slice(0, i) + ch + move.slice(i + 1);
        case 2:
          return move.slice(0, i) + move.slice(i + 1);
        case 3:
          return move.slice(0, i) + ch + move.slice(i);
        case 4:
          return move.slice(0, i) + move.slice(i + 1, i + 2) + move.slice(i, i + 1) + move.slice(i + 2);
        case 5:
          return ` ${move.toUpperCase()}\t`;
        case 6:
          return move.repeat(rng.int(2, 4));
        case 7:
          return Array.from({ length: rng.int(1, 12) }, () => chars[rng.int(0, chars.length - 1)]).join('');
        default:
          return move.split('').reverse().join('');
      }
    };
    for (let i = 0; i < 1500 && !mirror.outcome(); i++) {
      const turn = mirror.turn();
      if (turn.kind === 'seat' && turn.seat === 1) {
        // the opponent plays on, so the fuzzer meets new positions
        const moves = mirror.legalMoves(1);
        const m = moves[rng.int(0, moves.length - 1)];
        const r = await b.request({ type: 'game.move', gameId: fuzzed, seq, move: mirror.moveToString(m) });
        expect(r.type, JSON.stringify(r)).toBe('ack');
        settle(r);
        mirror.play(m, 1);
        acked.push(mirror.moveToString(m));
        continue;
      }
      const mine = mirror.legalMoves(0).map((m) => mirror.moveToString(m));
      const seat = rng.int(0, 4) === 0 ? { seat: [0, 1, 2, 15][rng.int(0, 3)] } : {};
      const wrongGame = [elsewhere, `${fuzzed}x`, fuzzed.slice(1), 'nope'][rng.int(0, 3)]!;
      let msg: Record<string, unknown>;
      const kind = rng.int(0, 19);
      if (kind < 12) {
        // moves played earlier, as they are: well written, and mostly illegal now
        const move = rng.int(0, 3) === 0 && acked.length > 0 ? rng.pick(acked) : mutate(rng.pick(mine));
        msg = { type: 'game.move', gameId: fuzzed, seq, move, ...seat };
      } else if (kind < 14) {
        msg = { type: 'game.offer', gameId: fuzzed, seq, offer: rng.pick(OFFERS), ...seat };
      } else if (kind < 16) {
        msg = {
          type: 'game.answer',
          gameId: fuzzed,
          seq,
          offer: rng.pick(OFFERS),
          accept: rng.int(0, 1) === 1,
          ...seat,
        };
      } else if (kind < 18) {
        msg = { type: 'game.resign', gameId: wrongGame, seq: rng.int(0, 1) ? seq : other.seq, ...seat };
      } else {
        msg = { type: 'game.move', gameId: wrongGame, seq: other.seq, move: rng.pick(mine) };
      }
      const r = await a.request(msg);
      settle(r);
      count(r.type === 'error' ? r.code : `${msg.type} ack`);
      if (r.type === 'ack' && msg.type === 'game.move') {
        // accepted: it must be a legal move of the fuzzer's seat, in this game
        expect(msg.gameId).toBe(fuzzed);
        const parsed = mirror.parseMove(String(msg.move), 0);
        expect(parsed.ok, `accepted ${JSON.stringify(msg.move)}`).toBe(true);
        if (!parsed.ok) break;
        expect(mirror.play(parsed.value, 0).ok, `accepted ${JSON.stringify(msg.move)}`).toBe(true);
        acked.push(mirror.moveToString(parsed.value));
      }
    }
    // the fuzz reached the engine: moves it parsed and refused, moves it played
    expect(answers.get('bad-notation') ?? 0).toBeGreaterThan(50);
    expect(answers.get('illegal-move') ?? 0).toBeGreaterThan(10);
    expect(answers.get('game.move ack') ?? 0).toBeGreaterThan(20);
    expect(answers.get('not-your-seat') ?? 0).toBeGreaterThan(10);
    // the game is the copy that played exactly the acknowledged moves, in memory and in the database
    expect(room.status).toBe(mirror.outcome() ? 'finished' : 'playing');
    const records = Array.from({ length: room.game.ply }, (_, p) => room.game.recordFor('spectator', p).notation);
    expect(records).toEqual(acked);
    expect(JSON.stringify(room.game.snapshot())).toBe(JSON.stringify(mirror.snapshot()));
    const stored = await rowOf(
      server.store,
      sql<StoredPosition & { seq: number }>`SELECT seq, snapshot, moves_since FROM games WHERE id = ${fuzzed}`,
    );
    expect(Number(stored?.seq)).toBe(room.seq);
    expect(JSON.stringify(unwrap(gameOfRow(room.def, stored!)).snapshot())).toBe(JSON.stringify(mirror.snapshot()));
    // and the game the fuzzer had no seat in is untouched
    expect(JSON.stringify(other.game.snapshot())).toBe(otherBefore);
    expect(other.status).toBe('playing');
    for (const x of [c, d]) x.close();
  }, 120_000);

  it('closes a socket that sends an oversized frame with 1009, and others go on', async () => {
    const bot = await Bot.connect(server.url);
    bot.sendRaw(`{"type":"ping","id":"${'x'.repeat(MAX_FRAME_BYTES + 10)}"}`);
    expect(await closeCode(bot)).toBe(1009);
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

describe.each(BACKENDS)('floods on %s', (backend) => {
  it('rate-limits a flooding client and then closes it with 1008; others are served', async () => {
    const server = await startTestServer(backend, { messagesPerSecond: 20, burst: 20 });
    try {
      const flooder = await Bot.connect(server.url);
      const calm = await Bot.connect(server.url);
      for (let i = 0; i < 200; i++) flooder.send({ type: 'ping' });
      await flooder.next((m) => m.type === 'error' && m.code === 'rate-limited');
      expect(await closeCode(flooder)).toBe(1008);
      expect((await calm.request({ type: 'ping' })).type).toBe('pong');
      calm.close();
    } finally {
      await server.close();
    }
  });
});
