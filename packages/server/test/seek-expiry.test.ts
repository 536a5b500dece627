import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { startServer } from '../src/index.js';
import { BACKENDS, Bot, clusterOptions, createSeek, startTestServer } from './helpers.js';
import { describeWith, needs, TEST_REDIS_URL } from './services.js';

/**
 * A seek waits for players only while its creator can still play: once the
 * creator has been connected to no process for the expiry period, the seek
 * leaves the lobby, and the creator is told on coming back (once).
 */

const EXPIRY_MS = 1500;

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
  beforeAll(async () => {
    server = await startTestServer(backend, { seekExpiryMs: EXPIRY_MS });
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
    const left = Date.now();
    leaving.close();
    await lobby.next(expired(gone.seek.id), 30_000);
    expect(Date.now() - left).toBeGreaterThanOrEqual(EXPIRY_MS);
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
  beforeAll(async () => {
    const common = clusterOptions(TEST_REDIS_URL!, 1000, { seekExpiryMs: EXPIRY_MS });
    procs.push(await startServer(common), await startServer(common));
  });
  afterAll(async () => {
    for (const p of procs) await p.close();
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
    await lobby.next(expired(gone.seek.id), 30_000);
    expect(await listed(p1.url, kept.seek.id)).toBe(true);
    // now the first creator leaves too
    there.close();
    await lobby.next(expired(kept.seek.id), 30_000);
    expect(await listed(p0.url, kept.seek.id)).toBe(false);
    // told on its return, on whichever process
    const back = await Bot.connect(p1.url, leaving.cookie);
    back.send({ type: 'lobby.subscribe' });
    await back.next(expired(gone.seek.id));
    for (const b of [lobby, back]) b.close();
  });
});
