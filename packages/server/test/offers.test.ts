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

  // a deployment is no move on the board: a take-back never undoes one (in 明棋 an army would deploy again having
  // seen the other's), and goes back to before the proposer's last march
  it('takes back a Junqi march, never a deployment', async () => {
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const gameId = await startPairGame(a, b, 'junqi', { players: 2, mode: 'open' });
    const room = server.hub.rooms.get(gameId)!;
    const play = async (bot: Bot, seat: number) => {
      const move = room.game.moveToString(room.game.legalMoves(seat)[0]);
      expect(await bot.request({ type: 'game.move', gameId, seq: room.seq, move })).toMatchObject({ type: 'ack' });
    };
    await play(a, 0);
    await play(b, 1);
    expect(room.game.turn()).toEqual({ kind: 'seat', seat: 0 });
    // deployed, not marched: nothing to take back, for either player
    for (const bot of [a, b])
      expect(await bot.request({ type: 'game.offer', gameId, seq: room.seq, offer: 'takeback' })).toMatchObject({
        type: 'error',
        refusal: 'nothing-to-take-back',
      });
    await play(a, 0);
    await play(b, 1);
    const marched = room.game.ply;
    // Red takes its march back: Blue's reply and Red's march are undone, the deployments stay
    const offered = await a.request({ type: 'game.offer', gameId, seq: room.seq, offer: 'takeback' });
    expect(offered).toMatchObject({ type: 'ack' });
    const answer = { type: 'game.answer', gameId, seq: room.seq, offer: 'takeback', accept: true };
    expect(await b.request(answer)).toMatchObject({ type: 'ack' });
    expect(room.game.ply).toBe(marched - 2);
    expect(room.game.turn()).toEqual({ kind: 'seat', seat: 0 });
    expect(Array.from({ length: room.game.ply }, (_, p) => room.game.isBoardMove?.(p))).toEqual([false, false]);
    a.close();
    b.close();
  });
});
