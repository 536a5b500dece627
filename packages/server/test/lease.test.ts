import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { type Game, unwrap } from '@qiyuan/core';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Cluster } from '../src/cluster.js';
import { startServer } from '../src/index.js';
import { Bot, clusterOptions, createSeek, freshSchema, startPairGame } from './helpers.js';
import { describeWith, needs, TEST_REDIS_URL as REDIS } from './services.js';

/**
 * Leases and fencing tokens in Redis (cluster.ts), and the claim of games
 * whose owner is gone (hub.ts), on the machine's Redis under a fresh prefix.
 */

describeWith([needs.redis], 'game leases with fencing tokens', () => {
  const prefix = freshSchema();
  const log = pino({ level: 'silent' });
  let a: Cluster;
  let b: Cluster;
  let redis: Redis;
  beforeAll(() => {
    a = new Cluster(REDIS!, prefix, 60_000, log);
    b = new Cluster(REDIS!, prefix, 60_000, log);
    redis = new Redis(REDIS!);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    redis.disconnect();
  });

  it('a holder paused while another process took the game over and let it go does not take it back with its old token', async () => {
    const fa = await a.acquire('g1');
    expect(fa).toBe(1);
    // a sleeps past its lease: the lease lapses, b takes the game over (token 2, written into the game's row) …
    await redis.del(`${prefix}:lease:g1`);
    const fb = await b.acquire('g1', fa);
    expect(fb).toBe(2);
    // … and gives it back (b shuts down). a wakes: its token 1 could never write again, so the lease is lost to it.
    await b.release('g1', fb!);
    expect(await a.renew('g1', fa!)).toBe('lost');
    expect(await a.ownerOf('g1')).toBeUndefined();
    // whoever claims it next fences above both
    expect(await a.acquire('g1', fb)).toBe(3);
  });

  it('after Redis lost its memory the holder keeps its game with its own token, and lifts the counter to it', async () => {
    const fa = await a.acquire('g2', 6);
    expect(fa).toBe(7);
    await redis.del(`${prefix}:lease:g2`, `${prefix}:fence:g2`);
    expect(await a.renew('g2', fa!)).toBe('ok');
    expect(await redis.get(`${prefix}:lease:g2`)).toBe(`${a.id}:7`);
    expect(Number(await redis.get(`${prefix}:fence:g2`))).toBe(7);
    expect(await b.renew('g2', 7)).toBe('lost');
  });

  it('looks the owners of many games up at once, in order', async () => {
    const ids = Array.from({ length: 2500 }, (_, i) => `many${i}`);
    for (const id of ids.filter((_, i) => i % 3 === 0)) await a.acquire(id);
    for (const id of ids.filter((_, i) => i % 3 === 1)) await b.acquire(id);
    const owners = await a.owners(ids);
    expect(owners).toEqual(ids.map((_, i) => (i % 3 === 0 ? a.id : i % 3 === 1 ? b.id : undefined)));
  });
});

describeWith([needs.postgres, needs.redis], 'claiming games whose owner is gone', () => {
  it('looks the leases of every live game up in one batch, and never runs twice at once', async () => {
    // a long lease: only the claims the test starts run
    const common = clusterOptions(REDIS!, 600_000, {
      // one guest makes every seek, faster than a player's allowance
      messagesPerSecond: 10_000,
      burst: 1_000,
    });
    const owner = await startServer(common);
    const other = await startServer(common);
    try {
      const bot = await Bot.guest(owner.url);
      const seeks = 120;
      for (let i = 0; i < seeks; i++) {
        await createSeek(bot, {
          game: 'chinese-checkers',
          options: { players: 2 },
          seats: [{ kind: 'me' }, { kind: 'open' }],
          private: true,
        });
      }
      bot.close();
      expect(owner.hub.rooms.size).toBe(seeks);
      const cluster = other.hub.cluster!;
      const pub = (cluster as unknown as { pub: Redis }).pub;
      const sent = vi.spyOn(pub, 'sendCommand');
      try {
        const claim = () => other.hub.ownership.claim();
        // two runs at once (a slow run overlapped by the next tick): the second does nothing
        await Promise.all([claim(), claim()]);
        const commands = sent.mock.calls.map(([c]) => (c as { name: string }).name);
        expect(commands.filter((c) => c === 'get')).toEqual([]);
        expect(commands.filter((c) => c === 'mget')).toHaveLength(1);
      } finally {
        sent.mockRestore();
      }
      // every game is owned, so none was taken from its owner
      expect(other.hub.rooms.size).toBe(0);
      expect(owner.hub.rooms.size).toBe(seeks);
    } finally {
      await other.close();
      await owner.close();
    }
  }, 60_000);
});

describeWith([needs.postgres, needs.redis], 'a process that lost a game and does not know it yet', () => {
  it('gives the game up as soon as a write is refused or a client knows a later seq, instead of at its next renewal', async () => {
    // renewals every 200 s: the old owner can only learn of the takeover from the database
    const common = clusterOptions(REDIS!, 600_000);
    const old = await startServer(common);
    const other = await startServer(common);
    const redis = new Redis(REDIS!);
    try {
      const a = await Bot.guest(old.url);
      const b = await Bot.guest(other.url);
      const mirror = () => unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 }))));
      const moveOf = (g: Game, seat: number) => g.moveToString(g.legalMoves(seat)[0]);
      /** A game owned by `old` whose lease lapsed while it slept, taken over by `other` through the second player's move. */
      const takenOver = async () => {
        const gameId = await startPairGame(a, b);
        const g = mirror();
        expect(await a.request({ type: 'game.move', gameId, seq: 1, move: moveOf(g, 0) })).toMatchObject({ seq: 2 });
        g.play(g.legalMoves(0)[0], 0);
        await redis.del(`${common.redisPrefix}:lease:${gameId}`);
        expect(await b.request({ type: 'game.move', gameId, seq: 2, move: moveOf(g, 1) })).toMatchObject({ seq: 3 });
        g.play(g.legalMoves(1)[0], 1);
        expect(other.hub.rooms.has(gameId)).toBe(true);
        expect(old.hub.rooms.get(gameId)?.seq).toBe(2); // still believes it owns the game, two changes ago
        return { gameId, g };
      };

      // a write of the old owner (an offer at the seq it knows) is refused by the fence: it gives the game up at once
      const first = await takenOver();
      expect(await a.request({ type: 'game.offer', gameId: first.gameId, seq: 2, offer: 'draw' })).toMatchObject({
        type: 'error',
        code: 'unavailable',
      });
      expect(old.hub.rooms.has(first.gameId)).toBe(false);
      expect(
        await a.request({ type: 'game.move', gameId: first.gameId, seq: 3, move: moveOf(first.g, 0) }),
      ).toMatchObject({ type: 'ack', seq: 4 });

      // a client that knows the later seq is not told the old one is current: the old owner checks the fence
      const second = await takenOver();
      const move = moveOf(second.g, 0);
      expect(await a.request({ type: 'game.move', gameId: second.gameId, seq: 3, move })).toMatchObject({
        type: 'error',
        code: 'unavailable',
      });
      expect(old.hub.rooms.has(second.gameId)).toBe(false);
      expect(await a.request({ type: 'game.move', gameId: second.gameId, seq: 3, move })).toMatchObject({
        type: 'ack',
        seq: 4,
      });
      a.close();
      b.close();
    } finally {
      redis.disconnect();
      await other.close();
      await old.close();
    }
  }, 60_000);
});
