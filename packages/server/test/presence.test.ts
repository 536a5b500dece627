import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, startPairGame, startTestServer } from './helpers.js';

type Spectators = Extract<ServerMessage, { type: 'game.spectators' }>;

describe.each(BACKENDS)('who has the game open, on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });

  // the seats whose player watches come with the spectators; a closed connection drops its seat, a return adds it
  it('tells the players which seats are connected, at once when one leaves or comes back', async () => {
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const gameId = await startPairGame(a, b);
    const presentIs = (bot: Bot, seats: number[]) =>
      bot.next(
        (m) =>
          m.type === 'game.spectators' &&
          m.gameId === gameId &&
          JSON.stringify((m as Spectators).present) === JSON.stringify(seats),
        5000,
      );
    a.send({ type: 'game.watch', gameId });
    b.send({ type: 'game.watch', gameId });
    await presentIs(a, [0, 1]);
    // a spectator is counted as one, never as a seat
    const watcher = await Bot.connect(server.url);
    watcher.send({ type: 'game.watch', gameId });
    const seen = (await a.next((m) => m.type === 'game.spectators' && m.count === 1, 5000)) as Spectators;
    expect(seen.present).toEqual([0, 1]);
    b.close();
    await presentIs(a, [0]);
    const back = await Bot.connect(server.url, b.cookie);
    back.send({ type: 'game.watch', gameId });
    await presentIs(a, [0, 1]);
    for (const bot of [a, back, watcher]) bot.close();
  });
});
