import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, startPairGame, startTestServer } from './helpers.js';

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;
const isFrame = (gameId: string) => (m: ServerMessage) =>
  (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId;

describe.each(BACKENDS)('offers on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });

  // a draw agreed before a single piece stands on the board is no game at all: Junqi's deployment refuses offers
  it('refuses a draw offer while the armies deploy, and takes one once they have', async () => {
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const gameId = await startPairGame(a, b, 'junqi', { players: 2, mode: 'hidden' });
    a.send({ type: 'game.watch', gameId });
    const sync = (await a.next(isFrame(gameId))) as Frame;
    expect(sync.turn.kind).toBe('simultaneous');
    const room = server.hub.rooms.get(gameId)!;
    const refused = await a.request({ type: 'game.offer', gameId, seq: room.seq, offer: 'draw' });
    expect(refused).toMatchObject({ type: 'error', code: 'not-allowed', refusal: 'no-draw-in-setup' });
    expect(room.offers.size).toBe(0);
    for (const [bot, seat] of [
      [a, 0],
      [b, 1],
    ] as const) {
      const move = room.game.moveToString(room.game.legalMoves(seat)[0]);
      expect(await bot.request({ type: 'game.move', gameId, seq: room.seq, move })).toMatchObject({ type: 'ack' });
    }
    expect(room.game.turn().kind).toBe('seat');
    expect(await a.request({ type: 'game.offer', gameId, seq: room.seq, offer: 'draw' })).toMatchObject({
      type: 'ack',
    });
    a.close();
    b.close();
  });
});
