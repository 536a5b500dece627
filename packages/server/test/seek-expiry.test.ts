import type { ServerMessage } from '@qiyuan/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { startServer } from '../src/index.js';
import { ManualClock } from '../src/server-clock.js';
import { until } from './accounts.js';
import { BACKENDS, Bot, clusterOptions, createSeek, startTestServer } from './helpers.js';
import { describeWith, needs, TEST_REDIS_URL } from './services.js';

/**
 * A seek waits for players only while its creator can still play: once the
 * creator has been connected to no process for the expiry period, the seek
 * leaves the lobby, and the creator is told on coming back (once). The servers
 * run on a ManualClock the tests move on; only the cluster's marks of who is
 * connected (Redis keys that lapse in real time, network plumbing) are waited for.
 */

const EXPIRY_MS = 1500;
/** The seeks are looked at every quarter of the expiry (seek-expiry.ts). */
const SWEEP_MS = EXPIRY_MS / 4;

/**
 * Moves the clock on one sweep at a time for all but the last moment of the expiry (the seek of a creator gone since
 * now must still be listed: `lobby` has not been told otherwise), then past it: the seek expires.
 */
const expiresAfterItsPeriod = async (clock: ManualClock, lobby: Bot, seekId: string): Promise<void> => {
  const from = lobby.frames.length;
  const gone = clock.now();
  while (clock.now() + SWEEP_MS < gone + EXPIRY_MS) await clock.advance(SWEEP_MS);
  await clock.advance(gone + EXPIRY_MS - 1 - clock.now());
  expect(await lobby.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
  expect(lobby.frames.slice(from).filter(expired(seekId))).toEqual([]);
  // A sweep still waiting for Redis or the store when the next is due skips that one (seek-expiry.ts), so the clock
  // moves on a sweep at a time until the lobby is told, as the real one would.
  const told = () =>
    lobby.next(expired(seekId), 500, from).then(
      () => true,
      () => false,
    );
  for (let sweeps = 0; ; sweeps++) {
    await clock.advance(SWEEP_MS);
    if (await told()) return;
    if (sweeps === 40) throw new Error(`seek ${seekId} did not expire`);
  }
};

const seek = (bot: Bot) =>
  createSeek(bot, { game: 'chinese-checkers', options: { players: 2 }, seats: [{ kind: 'me' }, { kind: 'open' }] });

const expired = (seekId: string) => (m: ServerMessage) =>
  m.type === 'seek.removed' && m.seekId === seekId && m.reason === 'expired';

/** Whether the lobby of `url` lists the seek now. */
const listed = async (url: string, seekId: string): Promise<boolean> => {
  const bot = await Bot.connect(url);
  try {
    bot.send({ type: 'lobby.subscribe' });
    const lobby = await bot.next((m) => m.type === 'lobby');
    return lobby.type === 'lobby' && lobby.seeks.some((s) => s.id === seekId);
  } finally {
    bot.close();
  }
};

describe.each(BACKENDS)('seeks expire when their creator left (%s)', (backend) => {
  let server: ServerHandle;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await startTestServer(backend, { seekExpiryMs: EXPIRY_MS, clock });
  });
  afterAll(() => server.close());

  it('a seek whose creator is gone leaves the lobby; one whose creator stays does not; the creator is told once', async () => {
    const staying = await Bot.guest(server.url);
    const kept = await seek(staying);
    const leaving = await Bot.guest(server.url);
    const gone = await seek(leaving);
    const lobby = await Bot.connect(server.url);
    lobby.send({ type: 'lobby.subscribe' });
    await lobby.next((m) => m.type === 'lobby');
    leaving.close();
    // what the server does on its own, in real time: noticing the closed socket
    await until(() => !server.hub.connectedHere(leaving.user!.id), 30_000, 'the server to see the creator go');
    await expiresAfterItsPeriod(clock, lobby, gone.seek.id);
    // the other creator has been there all along, for longer than the expiry
    expect(await listed(server.url, kept.seek.id)).toBe(true);
    expect(await listed(server.url, gone.seek.id)).toBe(false);
    const joiner = await Bot.guest(server.url);
    expect(await joiner.request({ type: 'seek.join', seekId: gone.seek.id })).toMatchObject({
      type: 'error',
      code: 'not-found',
    });
    // the creator comes back: the lobby tells it its seek expired, and only the first time
    const back = await Bot.connect(server.url, leaving.cookie);
    back.send({ type: 'lobby.subscribe' });
    await back.next((m) => m.type === 'lobby');
    await back.next(expired(gone.seek.id));
    back.send({ type: 'lobby.unsubscribe' });
    const from = back.frames.length;
    back.send({ type: 'lobby.subscribe' });
    await back.next((m) => m.type === 'lobby', 10_000, from);
    expect(await back.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(back.frames.slice(from).filter(expired(gone.seek.id))).toEqual([]);
    for (const b of [staying, lobby, joiner, back]) b.close();
  });
});

describeWith([needs.postgres, needs.redis], 'seeks expire across processes', () => {
  const procs: ServerHandle[] = [];
  // both processes read one clock, as processes on one machine would
  const clock = new ManualClock();
  const redis = new Redis(TEST_REDIS_URL!);
  let prefix = '';
  /** Until the processes' mark that the user is connected has lapsed in Redis (three leases after its last renewal). */
  const unmarked = (userId: string) =>
    until(
      async () => (await redis.exists(`${prefix}:connected:${userId}`)) === 0,
      30_000,
      'the connected mark to lapse',
    );
  beforeAll(async () => {
    const common = clusterOptions(TEST_REDIS_URL!, 1000, { seekExpiryMs: EXPIRY_MS, clock });
    prefix = common.redisPrefix!;
    procs.push(await startServer(common), await startServer(common));
  });
  afterAll(async () => {
    for (const p of procs) await p.close();
    redis.disconnect();
  });

  it('a creator connected to another process keeps its seek; one connected nowhere loses it', async () => {
    const [p0, p1] = procs as [ServerHandle, ServerHandle];
    const moving = await Bot.guest(p0.url);
    const kept = await seek(moving);
    expect(p0.hub.rooms.has(kept.seek.id)).toBe(true);
    const leaving = await Bot.guest(p0.url);
    const gone = await seek(leaving);
    const lobby = await Bot.connect(p1.url);
    lobby.send({ type: 'lobby.subscribe' });
    await lobby.next((m) => m.type === 'lobby');
    // the first creator moves to the other process; the second leaves
    const there = await Bot.connect(p1.url, moving.cookie);
    moving.close();
    leaving.close();
    await unmarked(leaving.user!.id);
    await expiresAfterItsPeriod(clock, lobby, gone.seek.id);
    expect(await listed(p1.url, kept.seek.id)).toBe(true);
    // now the first creator leaves too
    there.close();
    await unmarked(moving.user!.id);
    await expiresAfterItsPeriod(clock, lobby, kept.seek.id);
    expect(await listed(p0.url, kept.seek.id)).toBe(false);
    // told on its return, on whichever process
    const back = await Bot.connect(p1.url, leaving.cookie);
    back.send({ type: 'lobby.subscribe' });
    await back.next(expired(gone.seek.id));
    for (const b of [lobby, back]) b.close();
  });
});
