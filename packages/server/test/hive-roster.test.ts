import type { HiveGame } from '@qiyuan/hive';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, createSeek, startTestServer } from './helpers.js';

/**
 * The Hive advanced game through the server: the roster phase is a simultaneous setup the room needs no special case
 * for. Each seat's roster stays off every other viewer's frames until both have chosen; a seat whose setup time runs
 * out plays the classic roster and the game goes on.
 */
describe.each(BACKENDS)('Hive roster phase on the server on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend, { messagesPerSecond: 10_000, burst: 10_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  const start = async (clock: Record<string, unknown>) => {
    const bots = [await Bot.guest(server.url), await Bot.guest(server.url)];
    const spectator = await Bot.connect(server.url);
    const created = await createSeek(bots[0]!, {
      game: 'hive',
      options: { variant: 'Base+MLP', sides: 'advanced' },
      clock,
      rated: false,
      seats: [{ kind: 'me' }, { kind: 'open' }],
      private: true,
    });
    const gameId = created.seek.id;
    expect(await bots[1]!.request({ type: 'seek.join', seekId: gameId, seat: 1 })).toMatchObject({ type: 'ack' });
    for (const b of [...bots, spectator]) {
      b.send({ type: 'game.watch', gameId });
      await b.next((m) => m.type === 'game.sync');
    }
    return { bots, spectator, gameId, room: server.hub.rooms.get(gameId)! };
  };

  it('keeps each roster secret until both are chosen, then plays on', async () => {
    const { bots, spectator, gameId, room } = await start({ kind: 'none' });
    expect(room.game.turn()).toEqual({ kind: 'simultaneous', seats: [0, 1] });
    const black = await bots[1]!.request({ type: 'game.move', gameId, seq: room.seq, seat: 1, move: 'roster R2DC' });
    expect(black.type, JSON.stringify(black)).toBe('ack');
    // Every frame so far to White and to the spectator: nothing of Black's choice.
    await bots[0]!.next((m) => m.type === 'game.update' && m.seq === room.seq);
    await spectator.next((m) => m.type === 'game.update' && m.seq === room.seq);
    for (const b of [bots[0]!, spectator]) expect(b.raw.join('\n')).not.toContain('R2DC');
    expect(bots[1]!.raw.join('\n')).toContain('R2DC');
    const white = await bots[0]!.request({ type: 'game.move', gameId, seq: room.seq, seat: 0, move: 'roster T1F2W' });
    expect(white.type, JSON.stringify(white)).toBe('ack');
    const game = room.game as HiveGame;
    expect(game.gameType).toBe('Base+MLP:TF2W/R2DC');
    // the frame that ends the phase sends every record again: Black's choice, now public, replaces its redacted entry
    const ended = room.seq;
    for (const b of [bots[0]!, spectator]) {
      const f = (await b.next((m) => m.type === 'game.update' && m.seq === ended)) as Extract<
        ServerMessage,
        { type: 'game.update' }
      >;
      expect(f.records.map((r) => r.ply)).toEqual([0, 1]);
      expect(f.records.find((r) => r.seat === 1)?.notation).toContain('R2DC');
    }
    for (const [seat, move] of [
      [0, 'wT1'],
      [1, 'bC wT1-'],
      [0, 'wQ -wT1'],
      [1, 'bQ bC-'],
      [0, 'wT1 +wQ'],
    ] as const) {
      const ack = await bots[seat]!.request({ type: 'game.move', gameId, seq: room.seq, seat, move });
      expect(ack.type, `${move}: ${JSON.stringify(ack)}`).toBe('ack');
    }
    const last = room.seq;
    const frame = (await spectator.next((m) => m.type === 'game.update' && m.seq === last)) as Extract<
      ServerMessage,
      { type: 'game.update' }
    >;
    expect((frame.view as { gameType: string }).gameType).toBe('Base+MLP:TF2W/R2DC');
    expect(spectator.raw.join('\n')).toContain('R2DC');
    for (const b of [...bots, spectator]) b.close();
  }, 60_000);

  it('gives the classic roster to a seat whose setup time runs out', async () => {
    const { bots, gameId, room } = await start({ kind: 'none', setupMs: 1500 });
    const ack = await bots[0]!.request({ type: 'game.move', gameId, seq: room.seq, seat: 0, move: 'roster W3' });
    expect(ack.type, JSON.stringify(ack)).toBe('ack');
    const deadline = Date.now() + 15_000;
    while ((room.game as HiveGame).inRosterPhase && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(room.status).toBe('playing');
    expect((room.game as HiveGame).gameType).toBe('Base+MLP:W3/');
    expect(room.game.turn()).toEqual({ kind: 'seat', seat: 0 });
    for (const b of bots) b.close();
  }, 60_000);
});
