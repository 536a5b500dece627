import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import { Redis } from 'ioredis';
import { expect, it } from 'vitest';
import { startServer } from '../src/index.js';
import { gameOfRow, type StoredPosition } from '../src/stored-game.js';
import { Bot, clusterOptions, createSeek, Match, startPairGame, startTestServer, TcpProxy } from './helpers.js';
import { TEST_DATABASE_URL as DB, describeWith, needs, TEST_REDIS_URL as REDIS } from './services.js';
import { rowOf, sql } from './sql.js';

/**
 * Outages: PostgreSQL unreachable (moves refused with a clear error, never
 * acknowledged and lost), Redis unreachable for a few seconds (the processes
 * reconnect by themselves, pub/sub and the leases resume, and the games go on).
 * Both run through a TCP proxy
 * the test takes down and brings back.
 */

const through = (url: string, port: number): string => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
};

describeWith([needs.postgres], 'PostgreSQL unreachable', () => {
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
      const stored = await rowOf(server.store, sql<{ seq: number }>`SELECT seq FROM games WHERE id = ${gameId}`);
      expect(Number(stored?.seq)).toBe(3);
      a.close();
    } finally {
      await proxy.up().catch(() => {});
      await server.close();
      await proxy.down();
    }
  }, 60_000);
});

describeWith([needs.postgres, needs.redis], 'Redis unreachable for a few seconds', () => {
  it('reconnects by itself; games between processes go on and none is lost', async () => {
    const target = new URL(REDIS!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.up();
    const common = clusterOptions(through(REDIS!, proxy.port), 1000);
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
      const downAt = Date.now();
      // While Redis is away, the owner still plays what reaches it (its lease is its own, its fence guards the
      // write): the first player is on the owner's process, and its move is acknowledged and stored.
      expect(p1.hub.rooms.has(gameId)).toBe(true);
      const first = mirror.legalMoves(0)[0];
      const acked = await a.request(
        { type: 'game.move', gameId, seq: match.seq, move: mirror.moveToString(first) },
        20_000,
      );
      expect(acked).toMatchObject({ type: 'ack', seq: match.seq + 1 });
      mirror.play(first, 0);
      match.notations.push(mirror.moveToString(first));
      match.seq += 1;
      const storedSeq = async () =>
        Number((await rowOf(p1.store, sql<{ seq: number }>`SELECT seq FROM games WHERE id = ${gameId}`))?.seq);
      expect(await storedSeq()).toBe(match.seq);
      // The second player's process cannot reach the owner without Redis: a clear refusal, nothing applied.
      const turn = mirror.turn();
      expect(turn.kind === 'seat' && turn.seat).toBe(1);
      const refused = await b.request(
        { type: 'game.move', gameId, seq: match.seq, move: mirror.moveToString(mirror.legalMoves(1)[0]) },
        20_000,
      );
      expect(refused).toMatchObject({ type: 'error', code: 'unavailable' });
      expect(await storedSeq()).toBe(match.seq);
      await new Promise((r) => setTimeout(r, Math.max(0, 3000 - (Date.now() - downAt))));
      await proxy.up();
      for (let i = 0; i < 3; i++) await match.play(20_000, 'unavailable');
      // pub/sub came back: the spectator sees the last move after the outage
      const last = await c.next(
        (m) => (m.type === 'game.update' || m.type === 'game.sync') && m.seq === match.seq,
        10_000,
      );
      expect(last.type === 'game.update' || last.type === 'game.sync' ? last.ply : -1).toBe(8);
      // the lease is held and renewed (it outlives its own timeout), and its fence is the one stored
      const redis = new Redis(REDIS!);
      try {
        const lease = await redis.get(`${common.redisPrefix}:lease:${gameId}`);
        expect(lease).toMatch(/^[\w-]+:\d+$/);
        await new Promise((r) => setTimeout(r, 2 * leaseMs));
        expect(await redis.get(`${common.redisPrefix}:lease:${gameId}`)).toBe(lease);
        expect(Number(await redis.pttl(`${common.redisPrefix}:lease:${gameId}`))).toBeGreaterThan(0);
        const fence = await rowOf(p1.store, sql<{ fence: number }>`SELECT fence FROM games WHERE id = ${gameId}`);
        expect(Number(fence?.fence)).toBe(Number(lease!.split(':')[1]));
      } finally {
        redis.disconnect();
      }
      // no move applied twice: one event per sequence number
      const events = await rowOf(
        p1.store,
        sql<{
          n: number;
          d: number;
        }>`SELECT COUNT(*) AS n, COUNT(DISTINCT seq) AS d FROM game_events WHERE game_id = ${gameId}`,
      );
      expect(Number(events?.n)).toBe(Number(events?.d));
      const stored = await rowOf(
        p1.store,
        sql<StoredPosition & { seq: number }>`SELECT seq, snapshot, moves_since FROM games WHERE id = ${gameId}`,
      );
      expect(Number(stored?.seq)).toBe(match.seq);
      const game = unwrap(gameOfRow(chineseCheckers, stored!));
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
