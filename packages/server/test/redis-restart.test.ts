import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import { Redis } from 'ioredis';
import { expect, it } from 'vitest';
import { startServer } from '../src/index.js';
import { gameOfRow, type StoredPosition } from '../src/stored-game.js';
import { Bot, clusterOptions, Match, startPairGame } from './helpers.js';
import { OwnRedis } from './own-redis.js';
import { describeWith, needs } from './services.js';
import { rowOf, sql } from './sql.js';

/**
 * Redis restarted with its memory lost (it keeps nothing on disk, as on this
 * machine kind): leases and fencing counters are gone at once. Every game must
 * stay owned by one process, a later takeover must get a token above the one stored in
 * PostgreSQL (a counter back at 1 would have every write refused and the game
 * frozen), and no move may be lost or applied twice.
 */

describeWith([needs.postgres, needs.redisServer], 'Redis restarted with its memory lost', () => {
  it('keeps every game going: owners keep their leases, a takeover fences above the stored token', async () => {
    const redis = new OwnRedis();
    await redis.start();
    const common = clusterOptions(redis.url, 1000);
    // three processes: the game moves from the first to the second before Redis restarts, so its stored
    // token is above what a counter starting again from zero would hand out
    const procs = [await startServer(common), await startServer(common), await startServer(common)];
    const open = [true, true, true];
    const stop = async (i: number) => {
      open[i] = false;
      await procs[i]!.close();
    };
    try {
      const a = await Bot.guest(procs[0]!.url);
      const b = await Bot.guest(procs[2]!.url);
      const gameId = await startPairGame(a, b);
      expect(procs[0]!.hub.rooms.has(gameId)).toBe(true);
      const mirror = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 }))));
      const match = new Match(gameId, mirror, [a, b]);
      const bots = match.bots;
      /** The first player's socket moves to process `to` with the same session. */
      const moveA = async (to: number) => {
        const cookie = bots[0]!.cookie!;
        bots[0]!.close();
        bots[0] = await Bot.connect(procs[to]!.url, cookie);
      };
      // read through a process still running: the one that owns the game after the restart may be stopped later
      const storedFence = async () => {
        const store = procs.find((_, i) => open[i])!.store;
        return Number(
          (await rowOf(store, sql<{ fence: number }>`SELECT fence FROM games WHERE id = ${gameId}`))?.fence,
        );
      };
      for (let i = 0; i < 4; i++) await match.play(5000);
      // the first owner leaves; the second takes the game over
      await stop(0);
      await moveA(1);
      for (let i = 0; i < 2; i++) await match.play(20_000);
      let owner = procs.findIndex((p, i) => open[i] && p.hub.rooms.has(gameId));
      expect(owner).toBeGreaterThan(0);
      const fenceBefore = await storedFence();
      expect(fenceBefore).toBeGreaterThanOrEqual(2);

      await redis.kill();
      await new Promise((r) => setTimeout(r, 1500));
      await redis.start();
      // several lease periods pass: the owner must not lose its game to the empty Redis
      await new Promise((r) => setTimeout(r, 3000));
      for (let i = 0; i < 4; i++) await match.play(20_000);
      // The owner keeps its game when its renewal comes first; on a loaded machine another process may find the
      // lease gone first and take the game over, which is as good: either way exactly one process owns it.
      const owners = () => procs.filter((p, i) => open[i] && p.hub.rooms.has(gameId)).length;
      await expect.poll(owners, { timeout: 10_000, interval: 50 }).toBe(1);
      owner = procs.findIndex((p, i) => open[i] && p.hub.rooms.has(gameId));
      const check = new Redis(redis.url);
      try {
        const lease = await check.get(`${common.redisPrefix}:lease:${gameId}`);
        expect(Number(lease?.split(':')[1])).toBe(await storedFence());
        expect(Number(await check.get(`${common.redisPrefix}:fence:${gameId}`))).toBeGreaterThanOrEqual(
          await storedFence(),
        );
      } finally {
        check.disconnect();
      }
      // that owner leaves too; the last process takes over with a token above the stored one
      const fenceAfterRestart = await storedFence();
      await stop(owner);
      const last = owner === 1 ? 2 : 1;
      await moveA(last);
      if (owner === 2) {
        const cookie = bots[1]!.cookie!;
        bots[1]!.close();
        bots[1] = await Bot.connect(procs[last]!.url, cookie);
      }
      for (let i = 0; i < 4; i++) await match.play(20_000);
      expect(procs[last]!.hub.rooms.has(gameId)).toBe(true);
      expect(await storedFence()).toBeGreaterThan(fenceAfterRestart);
      // every acknowledged move stored once, in order
      const events = await rowOf(
        procs[last]!.store,
        sql<{
          n: number;
          d: number;
        }>`SELECT COUNT(*) AS n, COUNT(DISTINCT seq) AS d FROM game_events WHERE game_id = ${gameId}`,
      );
      expect(Number(events?.n)).toBe(Number(events?.d));
      const stored = await rowOf(
        procs[last]!.store,
        sql<StoredPosition & { seq: number }>`SELECT seq, snapshot, moves_since FROM games WHERE id = ${gameId}`,
      );
      expect(Number(stored?.seq)).toBe(match.seq);
      expect(unwrap(gameOfRow(chineseCheckers, stored!)).ply).toBe(14);
      for (const bot of bots) bot.close();
    } finally {
      for (const [i, p] of procs.entries()) if (open[i]) await p.close();
      await redis.kill();
    }
  }, 120_000);
});
