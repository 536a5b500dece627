import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/index.js';
import { ClusterHarness } from './cluster-harness.js';
import { BACKENDS, Bot, type ChildServer, createSeek, testOptions } from './helpers.js';
import { describeWith, needs } from './services.js';

/**
 * Team chat in 2v2 Junqi: a team line reaches only the writer's partners (seats
 * 0 and 2 against 1 and 3), is stored with its team so a restart shows it again
 * to that team only, and is refused where there is no team to write to.
 */
const chatFrames = (bot: Bot, gameId: string): ServerMessage[] =>
  bot.frames.filter((m) => m.type === 'game.chat' && m.gameId === gameId);

const seatFour = async (url: string, urls: readonly string[] = [url, url, url, url]) => {
  const bots: Bot[] = [];
  for (let i = 0; i < 4; i++) bots.push(await Bot.guest(urls[i]!));
  const created = await createSeek(bots[0]!, {
    game: 'junqi',
    options: { players: 4, teams: 'pairs' },
    clock: { kind: 'none' },
    rated: false,
    seats: Array.from({ length: 4 }, (_, i) => ({ kind: i === 0 ? 'me' : 'open' })),
    private: false,
  });
  const gameId = created.seek.id;
  for (let i = 1; i < 4; i++) {
    expect(await bots[i]!.request({ type: 'seek.join', seekId: gameId, seat: i })).toMatchObject({ type: 'ack' });
  }
  return { bots, gameId };
};

const watch = async (bot: Bot, gameId: string) => {
  const from = bot.frames.length;
  bot.send({ type: 'game.watch', gameId });
  const sync = await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId, 10_000, from);
  if (sync.type !== 'game.sync') throw new Error('no sync');
  return sync;
};

describe.each(BACKENDS)('team chat on %s', (backend) => {
  it('reaches the partner only, and only the team sees it again after a restart', async () => {
    const options = testOptions(backend);
    let server = await startServer(options);
    const { bots, gameId } = await seatFour(server.url);
    const [red, east, partner, west] = bots as [Bot, Bot, Bot, Bot];
    const spectator = await Bot.guest(server.url);
    for (const b of [...bots, spectator]) await watch(b, gameId);

    expect(await red.request({ type: 'game.chat', gameId, text: 'attack left', channel: 'team' })).toMatchObject({
      type: 'ack',
    });
    const got = await partner.next((m) => m.type === 'game.chat' && m.text === 'attack left');
    expect(got).toMatchObject({ team: 0, from: { id: red.user!.id } });
    // a line to everyone afterwards: once the opponents and the spectator have it, any team frame would have come first
    expect(await west.request({ type: 'game.chat', gameId, text: 'good luck' })).toMatchObject({ type: 'ack' });
    for (const b of [red, east, partner, west, spectator])
      await b.next((m) => m.type === 'game.chat' && m.text === 'good luck');
    for (const b of [east, west, spectator]) {
      expect(chatFrames(b, gameId).map((m) => (m.type === 'game.chat' ? m.text : ''))).toEqual(['good luck']);
      expect(b.raw.some((t) => t.includes('attack left'))).toBe(false);
    }
    expect(chatFrames(red, gameId).map((m) => (m.type === 'game.chat' ? m.text : ''))).toEqual([
      'attack left',
      'good luck',
    ]);

    // the other team talks among itself too
    expect(await east.request({ type: 'game.chat', gameId, text: 'hold the flag', channel: 'team' })).toMatchObject({
      type: 'ack',
    });
    await west.next((m) => m.type === 'game.chat' && m.text === 'hold the flag');

    // refusals: a spectator has no team
    expect(await spectator.request({ type: 'game.chat', gameId, text: 'psst', channel: 'team' })).toMatchObject({
      type: 'error',
      code: 'not-allowed',
    });
    for (const b of [...bots, spectator]) b.close();
    await server.close();

    server = await startServer(options);
    try {
      const again = await Promise.all(bots.map((b) => Bot.connect(server.url, b.cookie)));
      const fresh = await Bot.guest(server.url);
      const texts = async (b: Bot) => ((await watch(b, gameId)).chat ?? []).map((l) => l.text);
      expect(await texts(again[0]!)).toEqual(['attack left', 'good luck']);
      expect(await texts(again[2]!)).toEqual(['attack left', 'good luck']);
      expect(await texts(again[1]!)).toEqual(['good luck', 'hold the flag']);
      expect(await texts(again[3]!)).toEqual(['good luck', 'hold the flag']);
      expect(await texts(fresh)).toEqual(['good luck']);
      expect(fresh.raw.some((t) => t.includes('attack left') || t.includes('hold the flag'))).toBe(false);
      for (const b of [...again, fresh]) b.close();
    } finally {
      await server.close();
    }
  }, 60_000);

  it('refuses a team line in a game without teams', async () => {
    const server = await startServer(testOptions(backend));
    try {
      const a = await Bot.guest(server.url);
      const b = await Bot.guest(server.url);
      const seek = { game: 'abalone', options: {}, seats: [{ kind: 'me' }, { kind: 'open' }] };
      const gameId = (await createSeek(a, seek)).seek.id;
      expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
      await watch(b, gameId);
      expect(await a.request({ type: 'game.chat', gameId, text: 'secret', channel: 'team' })).toMatchObject({
        type: 'error',
        code: 'not-allowed',
        reason: expect.stringContaining('no teams'),
      });
      // nothing was stored or sent: the opponent's next sync has no chat
      expect(b.raw.some((t) => t.includes('secret'))).toBe(false);
      expect((await watch(b, gameId)).chat).toBeUndefined();
      a.close();
      b.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});

describeWith([needs.postgres, needs.redis], 'team chat across two processes', () => {
  const cluster = new ClusterHarness(1500);
  let procs: ChildServer[] = [];
  beforeAll(async () => {
    procs = await cluster.start(2);
  });
  afterAll(() => cluster.close());

  it("a partner on the other process gets the line; the opponents and a spectator there don't", async () => {
    const [one, two] = procs as [ChildServer, ChildServer];
    // Red and East on the owner's process, the partner and West on the other one
    const { bots, gameId } = await seatFour(one.url, [one.url, one.url, two.url, two.url]);
    const [red, east, partner, west] = bots as [Bot, Bot, Bot, Bot];
    const spectator = await Bot.guest(two.url);
    for (const b of [...bots, spectator]) await watch(b, gameId);
    expect(
      await red.request({ type: 'game.chat', gameId, text: 'flag is bottom left', channel: 'team' }),
    ).toMatchObject({ type: 'ack' });
    await partner.next((m) => m.type === 'game.chat' && m.text === 'flag is bottom left' && m.team === 0);
    expect(await east.request({ type: 'game.chat', gameId, text: 'hello' })).toMatchObject({ type: 'ack' });
    for (const b of [red, east, partner, west, spectator])
      await b.next((m) => m.type === 'game.chat' && m.text === 'hello');
    for (const b of [east, west, spectator]) expect(b.raw.some((t) => t.includes('flag is bottom left'))).toBe(false);
    // a reload on the other process: the partner sees it again, the spectator does not
    const partnerAgain = await Bot.connect(two.url, partner.cookie);
    expect(((await watch(partnerAgain, gameId)).chat ?? []).map((l) => l.text)).toEqual([
      'flag is bottom left',
      'hello',
    ]);
    const fresh = await Bot.guest(two.url);
    expect(((await watch(fresh, gameId)).chat ?? []).map((l) => l.text)).toEqual(['hello']);
    for (const b of [...bots, spectator, partnerAgain, fresh]) b.close();
  }, 60_000);
});
