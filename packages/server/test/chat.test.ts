import { describe, expect, it } from 'vitest';
import { startServer } from '../src/index.js';
import { BACKENDS, Bot, createSeek, testOptions } from './helpers.js';

/**
 * A game's chat is part of its record: a line is acknowledged only once it is
 * stored, so a restarted server shows it again to a live game's watchers and
 * to anyone opening the finished game.
 */
describe.each(BACKENDS)('chat on %s', (backend) => {
  it('survives a restart, for a live game and a finished one', async () => {
    const options = testOptions(backend);
    let server = await startServer(options);
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const seek = { game: 'abalone', options: {}, seats: [{ kind: 'me' }, { kind: 'open' }] };
    const live = (await createSeek(a, seek)).seek.id;
    const over = (await createSeek(a, seek)).seek.id;
    for (const gameId of [live, over]) {
      expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
      expect(await a.request({ type: 'game.chat', gameId, text: `hello ${gameId}` })).toMatchObject({ type: 'ack' });
      expect(await b.request({ type: 'game.chat', gameId, text: 'hi' })).toMatchObject({ type: 'ack' });
    }
    expect(await b.request({ type: 'game.resign', gameId: over, seq: server.hub.rooms.get(over)!.seq })).toMatchObject({
      type: 'ack',
    });
    expect(await a.request({ type: 'game.chat', gameId: over, text: 'gg' })).toMatchObject({ type: 'ack' });
    a.close();
    b.close();
    await server.close();

    server = await startServer(options);
    try {
      const watcher = await Bot.guest(server.url);
      for (const [gameId, lines] of [
        [live, [`hello ${live}`, 'hi']],
        [over, [`hello ${over}`, 'hi', 'gg']],
      ] as const) {
        watcher.send({ type: 'game.watch', gameId });
        const sync = await watcher.next((m) => m.type === 'game.sync' && m.gameId === gameId);
        if (sync.type !== 'game.sync') throw new Error('no sync');
        expect(sync.chat?.map((c) => c.text)).toEqual(lines);
        expect(sync.chat?.[0]?.from.id).toBe(a.user!.id);
      }
      watcher.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});
