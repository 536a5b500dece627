import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, createSeek, startTestServer } from './helpers.js';
import { rowOf, sql } from './sql.js';

/**
 * Finding 1 of the fair-play review: the seed decides every hidden piece of
 * 翻棋 and every random deployment, so a player who chose it could predict them
 * all. A client-sent seed is refused with a reason naming it; the server draws
 * its own, different for every game.
 */
describe.each(BACKENDS)('a game seed is the server’s alone (%s)', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  const flip = (options: Record<string, unknown>) => ({
    game: 'junqi',
    options: { players: 2, mode: 'flip', ...options },
    clock: { kind: 'none' },
    rated: false,
    seats: [{ kind: 'me' }, { kind: 'open' }],
    private: false,
  });

  it('refuses a seek that names a seed, and stores nothing', async () => {
    const bot = await Bot.guest(server.url);
    const count = async () =>
      Number((await rowOf(server.store, sql<{ n: number }>`SELECT COUNT(*) AS n FROM games`))?.n ?? 0);
    const before = await count();
    for (const seed of [42, '42', 0, '0123456789abcdef0123456789abcdef']) {
      const answer = await bot.request({ type: 'seek.create', ...flip({ seed }) });
      expect(answer).toMatchObject({ type: 'error', code: 'bad-options' });
      expect(answer.type === 'error' && answer.reason).toMatch(/\bseed\b/);
    }
    expect(await count()).toBe(before);
    // the same seek without it is taken
    expect((await createSeek(bot, flip({}))).type).toBe('seek.created');
    bot.close();
  });

  it('draws a seed of its own for every game, never shown in the seek', async () => {
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const seeds = new Set<unknown>();
    for (let i = 0; i < 4; i++) {
      const created = await createSeek(a, flip({}));
      expect(created.seek.options.seed).toBeUndefined();
      const row = await rowOf(
        server.store,
        sql<{ options: string }>`SELECT options FROM games WHERE id = ${created.seek.id}`,
      );
      seeds.add(JSON.parse(row!.options).seed);
    }
    expect(seeds.size).toBe(4);
    // 128 bits (16 random bytes as hex): no search of every seed can find a hidden layout
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{32}$/);
    a.close();
    b.close();
  });
});
