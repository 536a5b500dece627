import { expect, it } from 'vitest';
import { startServer } from '../src/index.js';
import { api, apiUser, eventStream, gameStream } from './api-harness.js';
import { clusterOptions } from './helpers.js';
import { describeWith, needs, TEST_REDIS_URL as REDIS } from './services.js';

/**
 * The Bot and Board API across processes: a game owned by one process is streamed and played by a bot connected to
 * another — its stream follows the owner's game (as a page's watch does), its moves are forwarded to the owner, and
 * its event stream hears the challenge and the start from the other process.
 */
describeWith([needs.postgres, needs.redis], 'the Bot and Board API in a cluster', () => {
  it('streams and plays a game another process owns', async () => {
    const common = clusterOptions(REDIS!, 60_000);
    const owner = await startServer(common);
    const other = await startServer(common);
    try {
      const human = await apiUser(owner.url);
      const bot = await apiUser(other.url, ['bot:play', 'challenge:write']);
      expect((await api(other.url, 'POST', '/api/bot/account/upgrade', bot.token)).status).toBe(200);
      const events = await eventStream(other.url, bot.token);
      const made = await api(owner.url, 'POST', `/api/challenge/${bot.name}`, human.token, {
        game: 'hive',
        options: {},
        clock: { kind: 'none' },
        rated: false,
        seat: 0,
      });
      expect(made.status).toBe(200);
      await events.next((l) => l.type === 'challenge' && l.challenge.id === made.body.challenge.id);
      // accepted on the owner's process (the accepting process opens the game): the bot hears it on the other
      const accepted = await api(owner.url, 'POST', `/api/challenge/${made.body.challenge.id}/accept`, bot.token);
      expect(accepted.status).toBe(200);
      const gameId = accepted.body.challenge.gameId as string;
      expect(owner.hub.rooms.has(gameId)).toBe(true);
      expect(other.hub.rooms.has(gameId)).toBe(false);
      await events.next((l) => l.type === 'gameStart' && l.game.id === gameId);

      const bs = await gameStream(other.url, 'bot', gameId, bot.token);
      const full = await bs.next((l) => l.type === 'gameFull');
      const base = full.state.seq as number;
      const hs = await gameStream(owner.url, 'board', gameId, human.token);
      const first = (await hs.next((l) => l.type === 'gameFull')).state.legal['0'][0] as string;
      expect(
        (await api(owner.url, 'POST', `/api/board/game/${gameId}/move/${encodeURIComponent(first)}`, human.token))
          .status,
      ).toBe(200);
      const s1 = await bs.next((l) => l.type === 'gameState' && l.seq === base + 1);
      expect(s1.moves).toEqual([first]);
      // the bot's move, sent to the process that does not own the game, is forwarded and played
      const reply = (s1.legal['1'] as string[])[0]!;
      const played = await api(
        other.url,
        'POST',
        `/api/bot/game/${gameId}/move/${encodeURIComponent(reply)}`,
        bot.token,
      );
      expect(played.status, JSON.stringify(played.body)).toBe(200);
      expect((await hs.next((l) => l.type === 'gameState' && l.seq === base + 2)).moves).toEqual([first, reply]);
      // an illegal one comes back with the owner's reason
      const bad = await api(other.url, 'POST', `/api/bot/game/${gameId}/move/${encodeURIComponent(reply)}`, bot.token);
      expect(bad.status).toBe(400);
      expect(bad.body.reason).toEqual(expect.any(String));
      expect((await api(other.url, 'POST', `/api/bot/game/${gameId}/resign`, bot.token)).status).toBe(200);
      expect(await bs.next((l) => l.type === 'gameState' && l.status === 'finished')).toMatchObject({
        result: { results: ['win', 'loss'] },
      });
      await events.next((l) => l.type === 'gameFinish' && l.game.id === gameId);
      for (const s of [events, bs, hs]) s.close();
    } finally {
      await other.close();
      await owner.close();
    }
  });
});
