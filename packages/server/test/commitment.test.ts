import { unwrap } from '@qiyuan/core';
import { type JunqiGame, junqi } from '@qiyuan/junqi';
import { commitmentOf, type GameInfo, verifyReveal } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../src/index.js';
import { Bot, createSeek, startTestServer, testOptions } from './helpers.js';

/**
 * Commit–reveal (docs/FAIRPLAY.md): every seat is told the commitment when it first sees the game, nothing of the seed
 * or salt reaches anyone before the end, and after it the revealed seed and salt hash to the commitment and give again
 * the very layout that was played.
 */
describe('commit–reveal of the server’s seed', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { messagesPerSecond: 10_000, burst: 10_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('翻棋: the commitment at the start matches the seed and salt revealed at the end, and the layout', async () => {
    const bots = [await Bot.guest(server.url), await Bot.guest(server.url)];
    const created = await createSeek(bots[0]!, {
      game: 'junqi',
      options: { players: 2, mode: 'flip' },
      seats: [{ kind: 'me' }, { kind: 'open' }],
      private: true,
    });
    const gameId = created.seek.id;
    expect(await bots[1]!.request({ type: 'seek.join', seekId: gameId, seat: 1 })).toMatchObject({ type: 'ack' });
    const syncs = [];
    for (const b of bots) {
      b.send({ type: 'game.watch', gameId });
      syncs.push(await b.next((m) => m.type === 'game.sync'));
    }
    const infoOf = (m: unknown) => (m as { info: GameInfo }).info;
    const commitment = infoOf(syncs[0]).commitment!;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(infoOf(syncs[1]).commitment).toBe(commitment);
    for (const s of syncs) {
      expect(Object.keys(infoOf(s).options)).not.toContain('salt');
      expect(infoOf(s).salt).toBeUndefined();
    }
    // before the end, the game's page says nothing of the secrets either
    const early = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(early)).not.toMatch(/"salt"|"seed"/);
    expect(early.commitment).toBe(commitment);
    const room = server.hub.rooms.get(gameId)!;
    const played = room.game as JunqiGame;
    const layout = played.positionToString();
    // a move, then the end: the secrets are revealed
    const first = played.moveToString(played.legalMoves(0)[0]!);
    expect((await bots[0]!.request({ type: 'game.move', gameId, seq: room.seq, move: first })).type).toBe('ack');
    for (const b of bots) expect(b.raw.join('\n')).not.toMatch(/"salt"|"seed"/);
    expect((await bots[1]!.request({ type: 'game.resign', gameId, seq: room.seq })).type).toBe('ack');
    const res = await fetch(`${server.url}/api/games/${gameId}`);
    const record = (await res.json()) as { options: Record<string, unknown>; salt?: string; commitment?: string };
    const { seed, ...rest } = record.options;
    const salt = record.salt;
    expect(record.commitment).toBe(commitment);
    expect(Object.keys(rest)).not.toContain('salt');
    // 16 random bytes as hex: 128 bits, far beyond a search of every seed (the 31-bit seeds took hours)
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    // the hidden setup regenerated from the seed is the one the game started from
    const again = junqi.parseOptions({ ...rest, seed });
    expect(again.ok).toBe(true);
    const regenerated = junqi.create(again.ok ? again.value : (undefined as never));
    expect(regenerated.ok && regenerated.value.positionToString()).toBe(layout);
    const reveal = { gameId, game: 'junqi', seed: seed as string, salt: salt as string, start: layout };
    expect(await commitmentOf(reveal)).toBe(commitment);
    expect(await verifyReveal(commitment, reveal)).toBe(true);
    // any other seed, salt or layout does not match
    expect(await verifyReveal(commitment, { ...reveal, seed: `${(seed as string).slice(1)}0` })).toBe(false);
    expect(await verifyReveal(commitment, { ...reveal, salt: `${(salt as string).slice(1)}0` })).toBe(false);
    expect(await verifyReveal(commitment, { ...reveal, start: `${layout} ` })).toBe(false);
  }, 60_000);

  it('a restarted server keeps the commitment of a live game, and reveals its salt at the end', async () => {
    const options = testOptions('sqlite');
    let restarted = await startServer(options);
    try {
      const a = await Bot.guest(restarted.url);
      const b = await Bot.guest(restarted.url);
      const gameId = (
        await createSeek(a, {
          game: 'junqi',
          options: { players: 2, mode: 'flip' },
          seats: [{ kind: 'me' }, { kind: 'open' }],
          private: true,
        })
      ).seek.id;
      expect(await b.request({ type: 'seek.join', seekId: gameId, seat: 1 })).toMatchObject({ type: 'ack' });
      const before = restarted.hub.rooms.get(gameId)!.info().commitment;
      expect(before).toMatch(/^[0-9a-f]{64}$/);
      a.close();
      b.close();
      await restarted.close();
      restarted = await startServer(options);
      const watcher = await Bot.guest(restarted.url);
      watcher.send({ type: 'game.watch', gameId });
      const sync = (await watcher.next((m) => m.type === 'game.sync')) as { info: GameInfo };
      expect(sync.info.commitment).toBe(before);
      expect(sync.info.salt).toBeUndefined();
      const room = restarted.hub.rooms.get(gameId)!;
      // the game ends (a resignation by its seat's holder, who reconnects with the same guest cookie)
      const holder = await Bot.connect(restarted.url, b.cookie);
      expect((await holder.request({ type: 'game.resign', gameId, seq: room.seq })).type).toBe('ack');
      const record = (await (await fetch(`${restarted.url}/api/games/${gameId}`)).json()) as {
        options: { seed: string };
        salt: string;
        commitment: string;
      };
      expect(record.commitment).toBe(before);
      const layout = unwrap(junqi.create(unwrap(junqi.parseOptions(record.options)))).positionToString();
      const reveal = { gameId, game: 'junqi', seed: record.options.seed, salt: record.salt, start: layout };
      expect(await verifyReveal(before!, reveal)).toBe(true);
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('a client that names a salt is refused', async () => {
    const bot = await Bot.guest(server.url);
    const answer = await bot.request({
      type: 'seek.create',
      game: 'junqi',
      options: { players: 2, mode: 'flip', salt: '00' },
      clock: { kind: 'none' },
      rated: false,
      private: true,
      seats: [{ kind: 'me' }, { kind: 'open' }],
    });
    expect(answer).toMatchObject({ type: 'error', code: 'bad-options' });
  });
});
