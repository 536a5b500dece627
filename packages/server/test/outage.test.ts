import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { startServer } from '../src/index.js';
import {
  Bot,
  createSeek,
  freshSchema,
  Match,
  startPairGame,
  startTestServer,
  TcpProxy,
  testOptions,
} from './helpers.js';

/**
 * Outages: PostgreSQL unreachable (moves refused with a clear error, never
 * acknowledged and lost), Redis unreachable for a few seconds (the processes
 * reconnect by themselves, pub/sub and the leases resume, and the games go on).
 * Both run through a TCP proxy
 * the test takes down and brings back.
 */

const DB = process.env.QIYUAN_TEST_DATABASE_URL;
const REDIS = process.env.QIYUAN_TEST_REDIS_URL;

const through = (url: string, port: number): string => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
};

describe.skipIf(!DB)('PostgreSQL unreachable', () => {
  it('refuses moves with "unavailable" while it is down, and nothing is half-applied', async () => {
    const target = new URL(DB!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.up();
    const server = await startTestServer('postgres', { databaseUrl: through(DB!, proxy.port) });
    try {
      const a = await Bot.guest(server.url);
      const created = await createSeek(a, {
        game: 'chinese-checkers',
        options: { players: 2 },
        clock: { kind: 'none' },
        rated: false,
        seats: [{ kind: 'me' }, { kind: 'me' }],
        private: false,
      });
      const gameId = created.seek.id;
      const mirror = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 }))));
      const move = (seat: number) => mirror.moveToString(mirror.legalMoves(seat)[0]);
      expect(await a.request({ type: 'game.move', gameId, seq: 1, seat: 0, move: move(0) })).toMatchObject({
        type: 'ack',
        seq: 2,
      });
      mirror.play(mirror.legalMoves(0)[0], 0);
      await proxy.down();
      const refused = await a.request({ type: 'game.move', gameId, seq: 2, seat: 1, move: move(1) }, 20_000);
      // a clear error, and the game is still at the acknowledged state
      expect(refused).toMatchObject({ type: 'error', code: 'unavailable' });
      expect(server.hub.rooms.get(gameId)!.seq).toBe(2);
      expect(server.hub.rooms.get(gameId)!.game.ply).toBe(1);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
      await proxy.up();
      // back: the same move with the same sequence number is accepted once
      expect(await a.request({ type: 'game.move', gameId, seq: 2, seat: 1, move: move(1) }, 20_000)).toMatchObject({
        type: 'ack',
        seq: 3,
      });
      const stored = await server.store.get<{ seq: number }>('SELECT seq FROM games WHERE id = ?', [gameId]);
      expect(Number(stored?.seq)).toBe(3);
      a.close();
    } finally {
      await proxy.up().catch(() => {});
      await server.close();
      await proxy.down();
    }
  }, 60_000);
});

describe.skipIf(!DB || !REDIS)('Redis unreachable for a few seconds', () => {
  it('reconnects by itself; games between processes go on and none is lost', async () => {
    const target = new URL(REDIS!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.up();
    const schema = freshSchema();
    const common = testOptions('postgres', {
      pgSchema: schema,
      redisUrl: through(REDIS!, proxy.port),
      redisPrefix: schema,
      leaseMs: 1000,
    });
    const leaseMs = common.leaseMs!;
    const p1 = await startServer(common);
    const p2 = await startServer(common);
    try {
      const a = await Bot.guest(p1.url);
      const b = await Bot.guest(p2.url);
      const gameId = await startPairGame(a, b);
      // a spectator on the process that does not own the game follows it through pub/sub
      const c = await Bot.guest(p2.url);
      c.send({ type: 'game.watch', gameId });
      await c.next((m) => m.type === 'game.sync');
      const mirror = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 }))));
      const match = new Match(gameId, mirror, [a, b]);
      for (let i = 0; i < 4; i++) await match.play(5000, 'unavailable');
      await proxy.down();
      await new Promise((r) => setTimeout(r, 3000));
      await proxy.up();
      for (let i = 0; i < 4; i++) await match.play(20_000, 'unavailable');
      // pub/sub came back: the spectator sees the last move after the outage
      const last = await c.next(
        (m) => (m.type === 'game.update' || m.type === 'game.sync') && m.seq === match.seq,
        10_000,
      );
      expect(last.type === 'game.update' || last.type === 'game.sync' ? last.ply : -1).toBe(8);
      // the lease is held and renewed (it outlives its own timeout), and its fence is the one stored
      const redis = new Redis(REDIS!);
      try {
        const lease = await redis.get(`${schema}:lease:${gameId}`);
        expect(lease).toMatch(/^[\w-]+:\d+$/);
        await new Promise((r) => setTimeout(r, 2 * leaseMs));
        expect(await redis.get(`${schema}:lease:${gameId}`)).toBe(lease);
        expect(Number(await redis.pttl(`${schema}:lease:${gameId}`))).toBeGreaterThan(0);
        const fence = await p1.store.get<{ fence: number }>('SELECT fence FROM games WHERE id = ?', [gameId]);
        expect(Number(fence?.fence)).toBe(Number(lease!.split(':')[1]));
      } finally {
        redis.disconnect();
      }
      // no move applied twice: one event per sequence number
      const events = await p1.store.get<{ n: number; d: number }>(
        'SELECT COUNT(*) AS n, COUNT(DISTINCT seq) AS d FROM game_events WHERE game_id = ?',
        [gameId],
      );
      expect(Number(events?.n)).toBe(Number(events?.d));
      const stored = await p1.store.get<{ seq: number; snapshot: string }>(
        'SELECT seq, snapshot FROM games WHERE id = ?',
        [gameId],
      );
      expect(Number(stored?.seq)).toBe(match.seq);
      const game = unwrap(chineseCheckers.fromSnapshot(JSON.parse(stored!.snapshot)));
      expect(game.ply).toBe(8);
      a.close();
      b.close();
      c.close();
    } finally {
      await p1.close();
      await p2.close();
      await proxy.down();
    }
  }, 90_000);
});
