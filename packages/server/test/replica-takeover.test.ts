import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import type { ServerMessage } from '@qiyuan/protocol';
import { expect, it, vi } from 'vitest';
import { type ServerHandle, startServer } from '../src/index.js';
import { Bot, type ChildServer, clusterOptions, Match, spawnServer, startPairGame, stopServer } from './helpers.js';
import { OwnRedis } from './own-redis.js';
import { describeWith, needs, TEST_DATABASE_URL } from './services.js';

/**
 * Finding 3 of the fair-play review: a replica must never outlive a takeover.
 * Redis dies; the owner commits a move (its news waits in the Redis client's
 * queue); the owner is SIGKILLed; Redis comes back empty; a third process takes
 * the game over from the database. The process that kept a replica for its
 * player had heard nothing of that move, and used to serve the old sequence
 * number for as long as it kept the replica: the player's moves were refused as
 * stale and a fresh watch returned the old state again.
 */

const LEASE_MS = 2000;

const frameSeq = (m: ServerMessage): number | undefined =>
  m.type === 'game.sync' || m.type === 'game.update' ? m.seq : undefined;

/** What a fresh watcher on `url` is shown of the game: its sequence number. */
const watchedSeq = async (url: string, gameId: string): Promise<number | undefined> => {
  const w = await Bot.connect(url);
  try {
    w.send({ type: 'game.watch', gameId });
    return frameSeq(await w.next((m) => m.type === 'game.sync'));
  } finally {
    w.close();
  }
};

/**
 * `told`: the replica learns by itself (the new owner's announcement, or its own look at the database after a
 * silent lease period). `asked`: both are held back, and the replica's player, still at the old sequence number,
 * moves: the owner's stale-seq answer makes the replica read the game again.
 */
const scenario = async (mode: 'told' | 'asked'): Promise<void> => {
  const redis = new OwnRedis();
  await redis.start();
  const common = clusterOptions(redis.url, LEASE_MS);
  let owner: ChildServer | undefined;
  const procs: ServerHandle[] = [];
  try {
    // the owner in a process of its own, so that it can be SIGKILLed with its news still queued
    owner = await spawnServer({
      DATABASE_URL: TEST_DATABASE_URL!,
      REDIS_URL: redis.url,
      QIYUAN_PG_SCHEMA: common.pgSchema!,
      QIYUAN_REDIS_PREFIX: common.redisPrefix!,
      QIYUAN_LEASE_MS: String(LEASE_MS),
    });
    procs.push(await startServer(common), await startServer(common));
    const [replicaProc, heir] = procs as [ServerHandle, ServerHandle];
    const a = await Bot.guest(owner.url);
    const b = await Bot.guest(replicaProc.url);
    const gameId = await startPairGame(a, b);
    expect(replicaProc.hub.rooms.has(gameId) || heir.hub.rooms.has(gameId)).toBe(false);
    b.send({ type: 'game.watch', gameId });
    await b.next((m) => m.type === 'game.sync' && m.gameId === gameId);
    expect(replicaProc.hub.replicas.get(gameId)).toBeDefined();
    const match = new Match(
      gameId,
      unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 })))),
      [a, b],
    );
    for (let i = 0; i < 2; i++) await match.play(10_000);
    await b.next((m) => frameSeq(m) === match.seq);

    // Redis dies; the owner still commits the first player's move to PostgreSQL and acknowledges it
    await redis.kill();
    await match.play(10_000);
    const committed = match.seq;
    // only the third process may take the game over: the one holding the replica must learn of it
    const claim = vi.spyOn(replicaProc.hub.ownership, 'claim').mockResolvedValue();
    if (mode === 'asked') {
      const replicas = replicaProc.hub.replicas;
      const news = replicas.onGameNews.bind(replicas);
      vi.spyOn(replicas, 'onGameNews').mockImplementation((m) => {
        if (m.kind !== 'owner') news(m);
      });
      vi.spyOn(replicas, 'check').mockResolvedValue();
    }
    await stopServer(owner, 'SIGKILL');
    await redis.start();
    await expect.poll(() => heir.hub.rooms.has(gameId), { timeout: 30_000, interval: 25 }).toBe(true);
    const takenAt = Date.now();
    claim.mockRestore();

    if (mode === 'asked') {
      // the second player moves from the state its process showed: refused as stale, and the replica reloads
      const mirror = match.mirror;
      const move = mirror.moveToString(mirror.legalMoves(1)[0]!);
      const refused = await b.request({ type: 'game.move', gameId, seq: committed - 1, move });
      expect(refused).toMatchObject({ type: 'error', code: 'stale-seq', seq: committed });
    }
    // the replica's player is shown the committed move, within one lease period
    const seen = await b.next(
      (m) => (frameSeq(m) ?? 0) >= committed && 'gameId' in m && m.gameId === gameId,
      3 * LEASE_MS,
    );
    const late = Date.now() - takenAt;
    expect(frameSeq(seen)).toBe(committed);
    expect(late, `the replica showed the move ${late} ms after the takeover`).toBeLessThanOrEqual(LEASE_MS);
    // a fresh watch on either process shows it too
    expect(await watchedSeq(replicaProc.url, gameId)).toBe(committed);
    expect(await watchedSeq(heir.url, gameId)).toBe(committed);
    // and the replica's player goes on playing through its own process
    await match.play(10_000);
    expect(match.seq).toBe(committed + 1);
    for (const bot of match.bots) bot.close();
  } finally {
    if (owner) await stopServer(owner, 'SIGKILL');
    for (const p of procs) await p.close();
    await redis.kill();
    vi.restoreAllMocks();
  }
};

describeWith([needs.postgres, needs.redisServer], 'a replica after its game was taken over', () => {
  it(
    'every process serves the move the dead owner committed while Redis was away, within one lease period',
    () => scenario('told'),
    120_000,
  );
  it(
    'a move refused as stale by the new owner makes the replica read the game again',
    () => scenario('asked'),
    120_000,
  );
});
