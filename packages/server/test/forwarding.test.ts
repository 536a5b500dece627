import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import { expect, it, vi } from 'vitest';
import { startServer } from '../src/index.js';
import { Bot, clusterOptions, startPairGame } from './helpers.js';
import { describeWith, needs, TEST_REDIS_URL as REDIS } from './services.js';

/**
 * A request forwarded to a game's owner that is answered too late: the client
 * is told `unavailable` after the forwarding timeout (5 s), though the owner
 * may still apply it. It must be able to learn what happened: the owner's late
 * answer is passed on, a resend with the same seq says `stale-seq` when it was
 * applied, and the next `game.sync` carries the new seq.
 */
describeWith([needs.postgres, needs.redis], 'a forwarded move answered after the timeout', () => {
  it('passes the late answer on, and the game tells the truth', async () => {
    const common = clusterOptions(REDIS!, 60_000);
    const owner = await startServer(common);
    const other = await startServer(common);
    try {
      const a = await Bot.guest(owner.url);
      const b = await Bot.guest(other.url);
      const gameId = await startPairGame(a, b);
      expect(owner.hub.rooms.has(gameId)).toBe(true);
      const mirror = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 }))));
      const first = mirror.legalMoves(0)[0];
      expect(await a.request({ type: 'game.move', gameId, seq: 1, move: mirror.moveToString(first) })).toMatchObject({
        type: 'ack',
        seq: 2,
      });
      mirror.play(first, 0);
      // the owner's database is slow for the next move: it commits 6 s after it was asked, past the 5 s timeout
      const query = owner.store.query.bind(owner.store);
      const slow = vi.spyOn(owner.store, 'query').mockImplementation(async (sql, params) => {
        if (/insert into "?game_events/i.test(sql)) await new Promise((r) => setTimeout(r, 6000));
        return query(sql, params);
      });
      const move = mirror.moveToString(mirror.legalMoves(1)[0]);
      const from = b.frames.length;
      b.send({ type: 'game.move', id: 'slow', gameId, seq: 2, move });
      const told = await b.next((m) => 'id' in m && m.id === 'slow', 15_000, from);
      expect(told).toMatchObject({ type: 'error', code: 'unavailable', gameId });
      expect(told.type === 'error' && told.reason).toMatch(/may still apply/);
      // the owner did apply it: its answer follows, with the same id
      const late = await b.next((m) => m.type === 'ack' && m.id === 'slow', 15_000, from);
      expect(late).toMatchObject({ type: 'ack', gameId, seq: 3 });
      slow.mockRestore();
      // a resend with the same seq is refused as stale, with the seq the game is at: it was applied, once
      expect(await b.request({ type: 'game.move', gameId, seq: 2, move })).toMatchObject({
        type: 'error',
        code: 'stale-seq',
        seq: 3,
      });
      b.send({ type: 'game.watch', gameId });
      const sync = await b.next((m) => m.type === 'game.sync', 10_000, from);
      expect(sync.type === 'game.sync' && [sync.seq, sync.ply, sync.records.at(-1)?.notation]).toEqual([3, 2, move]);
      const events = await owner.store.q
        .selectFrom('game_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      expect(events?.n).toBe(3);
      a.close();
      b.close();
    } finally {
      await other.close();
      await owner.close();
    }
  }, 60_000);
});
