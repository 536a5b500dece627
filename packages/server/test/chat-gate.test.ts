import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_LIMITS } from '../src/chat-gate.js';
import { openStore, type ServerHandle, setRoleFromConsole, startServer } from '../src/index.js';
import { RateBuckets } from '../src/rate-buckets.js';
import { call, register, until } from './accounts.js';
import { ClusterHarness } from './cluster-harness.js';
import { BACKENDS, Bot, type ChildServer, createSeek, startPairGame, testOptions } from './helpers.js';
import { describeWith, needs, TEST_DATABASE_URL } from './services.js';

/**
 * Chat spam (a guest writing in any game whose id it knows, thousands of lines a second, all stored and pushed to
 * the players): a spectator must watch the game to write in it; lines are limited per user, per address and per
 * game's spectators, and a refused line is neither stored nor sent; a player can turn the spectators' lines off.
 * The server's clock is the test's, standing still unless moved, so the budgets are exact.
 */

const chatTexts = (bot: Bot, gameId: string): string[] =>
  bot.frames.flatMap((m) => (m.type === 'game.chat' && m.gameId === gameId ? [m.text] : []));

const watch = async (bot: Bot, gameId: string) => {
  const from = bot.frames.length;
  bot.send({ type: 'game.watch', gameId });
  const sync = await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId, 10_000, from);
  if (sync.type !== 'game.sync') throw new Error('no sync');
  return sync;
};

const storedLines = async (server: ServerHandle, gameId: string): Promise<number> =>
  (
    await server.store.q
      .selectFrom('game_chat')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow()
  ).n;

/** Two players in a game of Abalone without a clock, both watching it. */
const twoPlayers = async (url: string) => {
  const a = await Bot.guest(url);
  const b = await Bot.guest(url);
  const seek = { game: 'abalone', options: {}, clock: { kind: 'none' }, seats: [{ kind: 'me' }, { kind: 'open' }] };
  const gameId = (await createSeek(a, seek)).seek.id;
  expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
  for (const p of [a, b]) await watch(p, gameId);
  return { a, b, gameId };
};

describe('rate buckets', () => {
  it('allow the burst, then one token per 60/perMinute seconds of the clock', () => {
    let now = 1_000_000;
    const buckets = new RateBuckets({ burst: 3, perMinute: 30 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(buckets.waitMs('x')).toBe(0);
      buckets.take('x');
    }
    expect(buckets.waitMs('x')).toBe(2000);
    expect(buckets.waitMs('y')).toBe(0); // keys are apart
    now += 1999;
    expect(buckets.waitMs('x')).toBe(1);
    now += 1;
    expect(buckets.waitMs('x')).toBe(0);
    now += 3_600_000; // a long quiet while refills only up to the burst
    for (let i = 0; i < 3; i++) buckets.take('x');
    expect(buckets.waitMs('x')).toBeGreaterThan(0);
  });
});

describe.each(BACKENDS)('chat gate on %s', (backend) => {
  let now = 1_800_000_000_000;
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startServer(testOptions(backend, { now: () => now }));
  });
  afterAll(() => server?.close());

  it('refuses a spectator that does not watch the game, and stores and sends nothing of it', async () => {
    const { a, b, gameId } = await twoPlayers(server.url);
    const stranger = await Bot.guest(server.url);
    expect(await stranger.request({ type: 'game.chat', gameId, text: 'buy gold' })).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      reason: expect.stringContaining('watching'),
    });
    expect(await storedLines(server, gameId)).toBe(0);
    // once watching, it may write; the players get that line and never the refused one
    await watch(stranger, gameId);
    expect(await stranger.request({ type: 'game.chat', gameId, text: 'nice opening' })).toMatchObject({ type: 'ack' });
    for (const p of [a, b]) await p.next((m) => m.type === 'game.chat' && m.text === 'nice opening');
    expect(chatTexts(a, gameId)).toEqual(['nice opening']);
    // a player writes without watching (a client that only plays)
    const bAgain = await Bot.connect(server.url, b.cookie);
    expect(await bAgain.request({ type: 'game.chat', gameId, text: 'thanks' })).toMatchObject({ type: 'ack' });
    expect(await storedLines(server, gameId)).toBe(2);
    for (const x of [a, b, bAgain, stranger]) x.close();
  }, 60_000);

  it("caps a flood from many sockets at the spectators' budget: what is refused is neither stored nor sent", async () => {
    const { a, b, gameId } = await twoPlayers(server.url);
    const spammers = await Promise.all(Array.from({ length: 10 }, () => Bot.guest(server.url)));
    for (const s of spammers) await watch(s, gameId);
    const answers = await Promise.all(
      spammers.flatMap((s, i) =>
        Array.from({ length: 30 }, (_, j) => s.request({ type: 'game.chat', gameId, text: `spam ${i}.${j}` })),
      ),
    );
    const acked = answers.filter((m) => m.type === 'ack').length;
    const refused = answers.filter((m) => m.type === 'error' && m.code === 'rate-limited');
    expect(acked).toBe(DEFAULT_CHAT_LIMITS.spectatorsPerGame.burst);
    expect(refused).toHaveLength(300 - acked);
    expect((refused[0] as Extract<ServerMessage, { type: 'error' }>).reason).toMatch(/too fast|wait/);
    expect(await storedLines(server, gameId)).toBe(acked);
    // a player's line after the flood arrives after every accepted one: then the count delivered is final
    expect(await a.request({ type: 'game.chat', gameId, text: 'please stop' })).toMatchObject({ type: 'ack' });
    await b.next((m) => m.type === 'game.chat' && m.text === 'please stop');
    expect(chatTexts(b, gameId)).toHaveLength(acked + 1);
    // the players still write within their own budget, which the spectators' flood does not spend
    expect(await b.request({ type: 'game.chat', gameId, text: 'agreed' })).toMatchObject({ type: 'ack' });
    // the spectators' budget is the game's: newcomers find it spent, and it comes back with the clock (2 s, a line)
    const late = [await Bot.guest(server.url), await Bot.guest(server.url)];
    for (const x of late) await watch(x, gameId);
    expect(await late[0]!.request({ type: 'game.chat', gameId, text: 'again' })).toMatchObject({
      type: 'error',
      code: 'rate-limited',
      reason: expect.stringContaining('spectators write too fast'),
    });
    now += 2000;
    expect(await late[0]!.request({ type: 'game.chat', gameId, text: 'again' })).toMatchObject({ type: 'ack' });
    expect(await late[1]!.request({ type: 'game.chat', gameId, text: 'again' })).toMatchObject({
      type: 'error',
      code: 'rate-limited',
    });
    for (const x of [a, b, ...spammers, ...late]) x.close();
  }, 60_000);

  it('limits one user in every game, players too', async () => {
    now += 3_600_000;
    const { a, gameId } = await twoPlayers(server.url);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await a.request({ type: 'game.chat', gameId, text: `line ${i}` }));
    expect(answers.filter((m) => m.type === 'ack')).toHaveLength(DEFAULT_CHAT_LIMITS.user.burst);
    expect(answers.at(-1)).toMatchObject({ type: 'error', code: 'rate-limited', reason: /you write too fast: wait/ });
    a.close();
  }, 60_000);

  it('turned off, a player receives no spectator line, live or after a reload or a restart; the other player does', async () => {
    now += 3_600_000;
    const options = testOptions(backend, { now: () => now });
    let own = await startServer(options);
    try {
      const { a, b, gameId } = await twoPlayers(own.url);
      const fan = await Bot.guest(own.url);
      await watch(fan, gameId);
      expect(await fan.request({ type: 'game.chat', gameId, text: 'before' })).toMatchObject({ type: 'ack' });
      await a.next((m) => m.type === 'game.chat' && m.text === 'before');
      // only a player may turn them off
      expect(await fan.request({ type: 'game.spectatorChat', gameId, on: false })).toMatchObject({
        type: 'error',
        code: 'not-allowed',
      });
      const from = a.frames.length;
      expect(await a.request({ type: 'game.spectatorChat', gameId, on: false })).toMatchObject({ type: 'ack' });
      // a's page is synced again without the spectators' lines
      const resync = await a.next((m) => m.type === 'game.sync' && m.gameId === gameId, 10_000, from);
      expect(resync).toMatchObject({ spectatorChat: false });
      expect((resync as { chat?: unknown[] }).chat).toBeUndefined();

      expect(await fan.request({ type: 'game.chat', gameId, text: 'after' })).toMatchObject({ type: 'ack' });
      expect(await b.request({ type: 'game.chat', gameId, text: 'from b' })).toMatchObject({ type: 'ack' });
      await b.next((m) => m.type === 'game.chat' && m.text === 'after');
      await a.next((m) => m.type === 'game.chat' && m.text === 'from b');
      expect(chatTexts(a, gameId)).toEqual(['before', 'from b']);
      expect(a.raw.slice(from).some((t) => t.includes('"after"') || t.includes('"before"'))).toBe(false);
      // the other spectators still read each other
      await fan.next((m) => m.type === 'game.chat' && m.text === 'after');
      for (const x of [a, b, fan]) x.close();
      await own.close();

      own = await startServer(options);
      const aAgain = await Bot.connect(own.url, a.cookie);
      const sync = await watch(aAgain, gameId);
      expect(sync.spectatorChat).toBe(false);
      expect(sync.chat?.map((l) => l.text)).toEqual(['from b']);
      const bAgain = await Bot.connect(own.url, b.cookie);
      expect((await watch(bAgain, gameId)).chat?.map((l) => l.text)).toEqual(['before', 'after', 'from b']);
      // on again: the lines are back
      const before = aAgain.frames.length;
      expect(await aAgain.request({ type: 'game.spectatorChat', gameId, on: true })).toMatchObject({ type: 'ack' });
      const back = await aAgain.next((m) => m.type === 'game.sync' && m.gameId === gameId, 10_000, before);
      expect((back as { chat?: { text: string }[] }).chat?.map((l) => l.text)).toEqual(['before', 'after', 'from b']);
      expect(back).not.toHaveProperty('spectatorChat');
      aAgain.close();
      bAgain.close();
    } finally {
      await own.close();
    }
  }, 60_000);
});

describeWith([needs.postgres, needs.redis], 'chat gate across two processes', () => {
  const cluster = new ClusterHarness(1500);
  let procs: ChildServer[] = [];
  beforeAll(async () => {
    procs = await cluster.start(2);
  });
  afterAll(() => cluster.close());

  it('a spectator on the other process writes once it watches; the owner hears whether it does', async () => {
    const [one, two] = procs as [ChildServer, ChildServer];
    const { a, b, gameId } = await twoPlayers(one.url);
    const there = await Bot.guest(two.url);
    expect(await there.request({ type: 'game.chat', gameId, text: 'unseen' })).toMatchObject({
      type: 'error',
      code: 'not-allowed',
    });
    await watch(there, gameId);
    expect(await there.request({ type: 'game.chat', gameId, text: 'seen' })).toMatchObject({ type: 'ack' });
    await a.next((m) => m.type === 'game.chat' && m.text === 'seen');
    // a turns the spectators off on the owner; the spectator's next line reaches b only
    expect(await a.request({ type: 'game.spectatorChat', gameId, on: false })).toMatchObject({ type: 'ack' });
    const aThere = await Bot.connect(two.url, a.cookie);
    expect((await watch(aThere, gameId)).spectatorChat).toBe(false);
    expect(await there.request({ type: 'game.chat', gameId, text: 'hidden' })).toMatchObject({ type: 'ack' });
    expect(await b.request({ type: 'game.chat', gameId, text: 'marker' })).toMatchObject({ type: 'ack' });
    await b.next((m) => m.type === 'game.chat' && m.text === 'hidden');
    for (const x of [a, aThere]) await x.next((m) => m.type === 'game.chat' && m.text === 'marker');
    for (const x of [a, aThere]) expect(x.raw.some((t) => t.includes('"hidden"'))).toBe(false);
    for (const x of [a, b, there, aThere]) x.close();
  }, 60_000);

  it('hears at the next line a mute, an unmute and a block made through the other process', async () => {
    const [one, two] = procs as [ChildServer, ChildServer];
    const mod = await register(one.url);
    const store = await openStore({ databaseUrl: TEST_DATABASE_URL!, pgSchema: cluster.schema, dataDir: '' });
    try {
      expect((await setRoleFromConsole(store, mod.name, 'moderator')).ok).toBe(true);
    } finally {
      await store.close();
    }
    const loud = await register(one.url);
    const other = await register(one.url);
    const a = await Bot.connect(one.url, loud.cookie);
    const b = await Bot.connect(one.url, other.cookie);
    // the game is owned by the first process, whose gate keeps what it read of a at a's first line
    const gameId = await startPairGame(a, b);
    expect(await a.request({ type: 'game.chat', gameId, text: 'hello' })).toMatchObject({ type: 'ack' });
    /** a's lines until one is refused (the news reaches the owner through Redis a moment after the answer): the last. */
    const untilRefused = async (what: string) => {
      let last: Awaited<ReturnType<Bot['request']>> | undefined;
      await until(
        async () => {
          last = await a.request({ type: 'game.chat', gameId, text: 'x' });
          return last.type === 'error';
        },
        10_000,
        what,
      );
      return last;
    };
    const muted = await call(two.url, 'POST', `/api/mod/users/${loud.name}/mute`, mod.cookie, {
      minutes: 15,
      reason: 'insults',
    });
    expect(muted.status).toBe(200);
    expect(await untilRefused('the mute to reach the owner')).toMatchObject({
      code: 'not-allowed',
      refusal: 'chat-muted',
      values: { reason: 'insults' },
    });
    expect(
      (await call(two.url, 'POST', `/api/mod/users/${loud.name}/unmute`, mod.cookie, { reason: 'ok' })).status,
    ).toBe(200);
    await until(
      async () => (await a.request({ type: 'game.chat', gameId, text: 'sorry' })).type === 'ack',
      10_000,
      'the unmute to reach the owner',
    );
    expect((await call(two.url, 'POST', `/api/users/${loud.name}/block`, other.cookie)).status).toBe(200);
    expect(await untilRefused('the block to reach the owner')).toMatchObject({ refusal: 'chat-blocked' });
    a.close();
    b.close();
  }, 60_000);
});
