import { type Game, unwrap } from '@qiyuan/core';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiProvider } from '../src/ai.js';
import type { ServerHandle } from '../src/index.js';
import { openStore } from '../src/store.js';
import { gameOfRow } from '../src/stored-game.js';
import { FaultyWrites, sqliteOf, until } from './faults.js';
import { Bot, createSeek, ENGINES, startPairGame, startTestServer, tempDir } from './helpers.js';
import { runOn, sql } from './sql.js';

/**
 * The database failing under a live server: nothing is acknowledged that was
 * not stored, the game is left exactly as last committed, the process serves
 * on, and what was due (a timeout, the AI's move) happens once writing works
 * again — without waiting for a player or a restart.
 */

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;
const frameOf = (gameId: string) => (m: ServerMessage) =>
  (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId;

const post = async (url: string, path: string, body: unknown) => {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code?: string } };
};

/** An AI that plays the first legal move, but only once the test lets its first answer go. */
class HeldAi implements AiProvider {
  asked = 0;
  release: () => void = () => {};
  private readonly held = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  async choose(game: Game, seat: number): Promise<string> {
    this.asked++;
    await this.held;
    return game.moveToString(game.legalMoves(seat)[0]);
  }
}

describe.each(ENGINES)('database failures on %s', (backend) => {
  let server: ServerHandle;
  let faults: FaultyWrites;
  const ai = new HeldAi();
  beforeAll(async () => {
    server = await startTestServer(backend, { ai, authPerMinute: 1000 });
    faults = new FaultyWrites(server.store);
  });
  afterAll(async () => {
    faults.failing = false;
    await server?.close();
  });

  it('retries a timeout whose commit failed, and the game ends on time once writing works', async () => {
    const a = await Bot.guest(server.url);
    const created = await createSeek(a, {
      game: 'chinese-checkers',
      options: { players: 2 },
      clock: { kind: 'fischer', initialMs: 3000, incrementMs: 0 },
      seats: [{ kind: 'me' }, { kind: 'me' }],
    });
    const gameId = created.seek.id;
    await a.next((m) => m.type === 'game.started' && m.gameId === gameId);
    a.send({ type: 'game.watch', gameId });
    await a.next(frameOf(gameId));
    const room = server.hub.rooms.get(gameId)!;
    // each seat's first move: the main clocks run only after it (the first-move rule)
    for (const seat of [0, 1]) {
      const move = room.game.moveToString(room.game.legalMoves(seat)[0]);
      expect(await a.request({ type: 'game.move', gameId, seq: room.seq, seat, move })).toMatchObject({ type: 'ack' });
    }
    const seq = room.seq;
    faults.refused = 0;
    faults.failing = true;
    // the flag falls, and its commit is refused: nothing changes, nothing is sent
    await until(() => faults.refused > 0, 'the timeout was tried');
    expect(room.status).toBe('playing');
    expect(room.seq).toBe(seq);
    expect(a.frames.filter(frameOf(gameId)).every((f) => (f as Frame).outcome === undefined)).toBe(true);
    faults.failing = false;
    const end = (await a.next((m) => frameOf(gameId)(m) && (m as Frame).outcome !== undefined, 20_000)) as Frame;
    expect(end.type === 'game.update' && end.event).toBe('timeout');
    expect(end.outcome?.results).toEqual(['loss', 'win']);
    a.close();
  });

  it('asks the AI again after its move could not be stored, in a game without a clock', async () => {
    const a = await Bot.guest(server.url);
    const created = await createSeek(a, {
      game: 'abalone',
      options: {},
      seats: [{ kind: 'me' }, { kind: 'ai', level: 1 }],
    });
    const gameId = created.seek.id;
    await a.next((m) => m.type === 'game.started' && m.gameId === gameId);
    a.send({ type: 'game.watch', gameId });
    await a.next(frameOf(gameId));
    const room = server.hub.rooms.get(gameId)!;
    expect(await a.request({ type: 'game.move', gameId, seq: room.seq, move: 'C3D4' })).toMatchObject({ type: 'ack' });
    await until(() => ai.asked > 0, 'the AI was asked');
    faults.refused = 0;
    faults.failing = true;
    ai.release();
    await until(() => faults.refused > 0, 'the AI move was tried');
    expect(room.game.ply).toBe(1);
    faults.failing = false;
    const answered = (await a.next((m) => frameOf(gameId)(m) && (m as Frame).ply === 2, 20_000)) as Frame;
    expect(answered.turn).toEqual({ kind: 'seat', seat: 0 });
    a.close();
  });

  it('answers a registration the database cannot store with 503 unavailable, and a taken name with 409', async () => {
    const name = `erin${backend}`;
    faults.failing = true;
    const failed = await post(server.url, '/api/register', { username: name, password: 'long enough password' });
    faults.failing = false;
    expect(failed).toMatchObject({ status: 503, body: { code: 'unavailable' } });
    // two at once with the same name: one account, the other told the name is taken
    const both = await Promise.all(
      [0, 1].map(() => post(server.url, '/api/register', { username: name, password: 'long enough password' })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.code).toBe('name-taken');
  });
});

describe('SQLite with a full disk', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    // chat fills the disk here: its limits are lifted
    const many = { burst: 1e6, perMinute: 1e6 };
    server = await startTestServer('sqlite', {
      messagesPerSecond: 10_000,
      burst: 10_000,
      chatLimits: { user: many, address: many, spectatorsPerGame: many },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a move it cannot store, changes nothing, serves on, and takes the move once there is room', async () => {
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const gameId = await startPairGame(a, b);
    for (const bot of [a, b]) {
      bot.send({ type: 'game.watch', gameId });
      await bot.next(frameOf(gameId));
    }
    const room = server.hub.rooms.get(gameId)!;
    const bots = [a, b];
    // varied moves: always the first would go back and forth into a repetition
    const legal = (seat: number, i: number) => {
      const moves = room.game.legalMoves(seat);
      return room.game.moveToString(moves[(i * 7) % moves.length]);
    };
    const turn = () => (room.game.turn() as { seat: number }).seat;
    // the disk is full: the file may not grow past the pages it has now (what SQLite reports as SQLITE_FULL)
    const db = sqliteOf(server.store);
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
    let chat = 0;
    for (; chat < 5000; chat++) {
      const r = await a.request({ type: 'game.chat', gameId, text: `${chat} ${'x'.repeat(480)}` });
      if (r.type === 'error') {
        expect(r).toMatchObject({ code: 'unavailable' });
        break;
      }
    }
    expect(chat).toBeLessThan(5000);
    // moves go on while they fit in the pages left; the first that does not is refused
    let refused: ServerMessage | undefined;
    let move = '';
    for (let i = 0; i < 300 && !refused; i++) {
      expect(room.status).toBe('playing');
      const seat = turn();
      move = legal(seat, i);
      const r = await bots[seat]!.request({ type: 'game.move', gameId, seq: room.seq, move });
      if (r.type === 'error') refused = r;
      else expect(r.type).toBe('ack');
    }
    expect(refused).toMatchObject({ type: 'error', code: 'unavailable', seq: room.seq });
    expect(refused?.type === 'error' && refused.reason).toMatch(/could not be saved.*nothing was played/);
    // never acknowledged, never sent: the game in memory is the one stored
    const seq = room.seq;
    const stored = await server.store.q
      .selectFrom('games')
      .select(['seq', 'snapshot', 'moves_since'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    expect(stored?.seq).toBe(seq);
    expect(JSON.stringify(room.game.snapshot())).toBe(JSON.stringify(unwrap(gameOfRow(room.def, stored!)).snapshot()));
    await new Promise((r) => setTimeout(r, 200));
    for (const bot of bots) expect(bot.frames.some((m) => frameOf(gameId)(m) && (m as Frame).seq > seq)).toBe(false);
    // the process serves on
    expect((await a.request({ type: 'ping' })).type).toBe('pong');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // room again: the same move, with the same sequence number, is taken
    db.pragma('max_page_count = 1073741823');
    const seat = turn();
    expect(await bots[seat]!.request({ type: 'game.move', gameId, seq, move })).toMatchObject({
      type: 'ack',
      seq: seq + 1,
    });
    await bots[1 - seat]!.next((m) => frameOf(gameId)(m) && (m as Frame).seq === seq + 1);
    for (const bot of bots) bot.close();
  }, 120_000);
});

describe('the SQLite store', () => {
  it('settles every queued transaction when the rollback fails too, and begins again afterwards', async () => {
    const store = await openStore({ dataDir: tempDir() });
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const db = sqliteOf(store);
      const exec = db.exec.bind(db);
      let breakRollback = true;
      db.exec = (sql: string) => {
        if (sql === 'ROLLBACK' && breakRollback) {
          breakRollback = false;
          throw new Error('disk I/O error');
        }
        return exec(sql);
      };
      // the first job's foreign-key violation is found only at COMMIT (deferred), which leaves the transaction open
      const first = store.transaction(async (tx) => {
        await runOn(tx, sql`PRAGMA defer_foreign_keys = ON`);
        await runOn(tx, sql`INSERT INTO sessions (token, user_id, created_at) VALUES (${'t'}, ${'nobody'}, ${0})`);
      });
      const second = store.transaction((tx) =>
        tx.q
          .insertInto('settings')
          .values({ key: 'a', value: 'b' })
          .execute()
          .then(() => 'stored'),
      );
      const settled = await Promise.allSettled([first, second]);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
      // the next transaction ends the one left open and is stored
      await expect(
        store.transaction(async (tx) => {
          await tx.q.insertInto('settings').values({ key: 'c', value: 'd' }).execute();
          return 'stored';
        }),
      ).resolves.toBe('stored');
      const value = (key: string) =>
        store.q.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      expect(await value('c')).toEqual({ value: 'd' });
      expect(await value('a')).toBeUndefined();
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await store.close();
    }
  });
});
