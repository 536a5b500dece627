import { parseServerMessage } from '@qiyuan/protocol';
import { expect, it } from 'vitest';
import { startServer } from '../src/index.js';
import { Bot, createSeek, testOptions } from './helpers.js';
import { registered } from './tournament-harness.js';

/**
 * What the server really sends passes the web client's check of server frames (parseServerMessage): a lobby, a
 * seek, a game's sync and updates, chat, a resignation, a rematch asked, a tournament and its view. A frame the
 * check refused would be dropped by every browser.
 */
it('every frame of a game, its lobby and a tournament passes the client check', async () => {
  const server = await startServer(testOptions('sqlite'));
  try {
    const a = await registered(server.url, 'frames');
    const b = await Bot.guest(server.url);
    a.send({ type: 'lobby.subscribe' });
    await a.next((m) => m.type === 'lobby');
    const gameId = (await createSeek(a, { game: 'abalone', options: {}, seats: [{ kind: 'me' }, { kind: 'open' }] }))
      .seek.id;
    expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
    for (const bot of [a, b]) bot.send({ type: 'game.watch', gameId });
    await b.next((m) => m.type === 'game.sync');
    expect(await a.request({ type: 'game.chat', gameId, text: 'good luck' })).toMatchObject({ type: 'ack' });
    await b.next((m) => m.type === 'game.chat');
    const seq = server.hub.rooms.get(gameId)!.seq;
    expect(await b.request({ type: 'game.move', gameId, seq, move: 'nope' })).toMatchObject({ type: 'error' });
    expect(await b.request({ type: 'game.resign', gameId, seq })).toMatchObject({ type: 'ack' });
    await a.next((m) => m.type === 'game.update' && m.event === 'resign');
    expect(await a.request({ type: 'game.rematch', gameId })).toMatchObject({ type: 'ack' });
    await b.next((m) => m.type === 'game.rematch');
    // Bot.request waits for an ack or an error: a tournament's creation is answered by its own message
    a.send({
      type: 'tournament.create',
      id: 't1',
      name: 'Frames cup',
      game: 'abalone',
      options: {},
      clock: { kind: 'none' },
      format: { system: 'round-robin' },
      rated: false,
      private: true,
    });
    const created = await a.next((m) => m.type === 'tournament.created' || m.type === 'error');
    expect(created.type).toBe('tournament.created');
    if (created.type !== 'tournament.created') return;
    const watcher = await Bot.guest(server.url);
    expect(await watcher.request({ type: 'tournament.watch', tournamentId: created.tournament.id })).toMatchObject({
      type: 'ack',
    });
    await watcher.next((m) => m.type === 'tournament');
    expect(await watcher.request({ type: 'ping' })).toMatchObject({ type: 'pong' });

    const frames = [...a.raw, ...b.raw, ...watcher.raw];
    const types = new Set(frames.map((f) => (JSON.parse(f) as { type: string }).type));
    for (const t of ['welcome', 'lobby', 'seek.added', 'seek.created', 'ack', 'error', 'game.sync', 'game.update'])
      expect(types).toContain(t);
    for (const t of ['game.chat', 'game.rematch', 'tournament.created', 'tournament', 'pong'])
      expect(types).toContain(t);
    const refused = frames.flatMap((f) => {
      const parsed = parseServerMessage(f);
      return parsed.ok ? [] : [`${parsed.reason} in ${f.slice(0, 200)}`];
    });
    expect(refused).toEqual([]);
    a.close();
    b.close();
    watcher.close();
  } finally {
    await server.close();
  }
}, 60_000);
