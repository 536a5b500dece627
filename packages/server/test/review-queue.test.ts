import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FairQueue } from '../src/review-queue.js';
import type { Reviewer } from '../src/reviews.js';
import type { ServerHandle } from '../src/server.js';
import { BACKENDS, Bot, createSeek, guestCookie, startTestServer } from './helpers.js';

/**
 * The review queue serves requesters in turn (review-queue.ts): one address with many games queued delays its own
 * reviews, not another player's, and the limits count per address as well as per account.
 */

/** One turn of the event loop: every task the queue could start has started. */
const turn = () => new Promise<void>((r) => setImmediate(r));

/** A task that runs until the test lets it end, noting when it started. */
const gate = () => {
  const started: string[] = [];
  const open = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      open.set(name, () => resolve(name));
    });
  /** Ends the running task `name` and lets the next start (if one is waiting). */
  const finish = async (name: string) => {
    open.get(name)!();
    await turn();
  };
  return { started, task, finish };
};

describe('the fair queue', () => {
  it('serves one address’s 40 queued tasks and another’s single one in turn, not first come first served', async () => {
    const q = new FairQueue(1);
    const g = gate();
    const a = Array.from({ length: 40 }, (_, i) => q.run({ address: 'A', userId: `guest${i}` }, g.task(`A${i}`)));
    const b = q.run({ address: 'B', userId: 'bob' }, g.task('B0'));
    expect(q.load).toBe(41);
    expect(q.loadOf('A')).toBe(40);
    await turn();
    expect(g.started).toEqual(['A0']);
    await g.finish('A0');
    // B's review is next, after only the one that was already being made
    expect(g.started).toEqual(['A0', 'B0']);
    await g.finish('B0');
    expect(await b).toBe('B0');
    for (let i = 1; i < 40; i++) await g.finish(`A${i}`);
    expect(g.started).toEqual(['A0', 'B0', ...Array.from({ length: 39 }, (_, i) => `A${i + 1}`)]);
    expect(await Promise.all(a)).toHaveLength(40);
    expect(q.load).toBe(0);
    expect(q.loadOf('A')).toBe(0);
  });

  it('takes accounts of one address in turn, and addresses in turn', async () => {
    const q = new FairQueue(1);
    const g = gate();
    const runs = [
      q.run({ address: 'A', userId: 'u1' }, g.task('A-u1-1')),
      q.run({ address: 'A', userId: 'u1' }, g.task('A-u1-2')),
      q.run({ address: 'A', userId: 'u1' }, g.task('A-u1-3')),
      q.run({ address: 'A', userId: 'u2' }, g.task('A-u2-1')),
      q.run({ address: 'C', userId: 'u3' }, g.task('C-u3-1')),
      q.run({ address: 'C', userId: 'u3' }, g.task('C-u3-2')),
    ];
    await turn();
    for (const name of ['A-u1-1', 'C-u3-1', 'A-u2-1', 'C-u3-2', 'A-u1-2', 'A-u1-3']) await g.finish(name);
    expect(g.started).toEqual(['A-u1-1', 'C-u3-1', 'A-u2-1', 'C-u3-2', 'A-u1-2', 'A-u1-3']);
    await Promise.all(runs);
  });

  it('runs as many at once as it is given, and a task that fails fails alone', async () => {
    const q = new FairQueue(2);
    const g = gate();
    const broken = q.run({ address: 'A', userId: 'u' }, () => Promise.reject(new Error('broke')));
    const thrown = q.run({ address: 'A', userId: 'u' }, () => {
      throw new Error('threw');
    });
    await expect(broken).rejects.toThrow('broke');
    await expect(thrown).rejects.toThrow('threw');
    const x = q.run({ address: 'A', userId: 'u' }, g.task('x'));
    const y = q.run({ address: 'B', userId: 'v' }, g.task('y'));
    const z = q.run({ address: 'C', userId: 'w' }, g.task('z'));
    await turn();
    expect(g.started).toEqual(['x', 'y']);
    await g.finish('y');
    expect(g.started).toEqual(['x', 'y', 'z']);
    await g.finish('x');
    await g.finish('z');
    expect(await Promise.all([x, y, z])).toEqual(['x', 'y', 'z']);
  });
});

/** A reviewer whose reviews end when the test says, noting each game it is handed by its `maxPlies` option. */
const gatedReviewer = () => {
  const order: number[] = [];
  const waiting: (() => void)[] = [];
  const reviewer: Reviewer = {
    load: 0,
    size: 1,
    review(job) {
      order.push(Number((job.snapshot as { options?: { maxPlies?: number } }).options?.maxPlies));
      return new Promise((resolve) => {
        waiting.push(() =>
          resolve({
            ok: true,
            timeMs: 0,
            review: { game: job.game, fullInformation: false, depth: 1, plies: [], players: [], scale: 1000 } as never,
          }),
        );
      });
    },
    async close() {
      for (const w of waiting.splice(0)) w();
    },
  };
  return { reviewer, order, waiting };
};

describe.each(BACKENDS)('reviews in turn by address on %s', (backend) => {
  let server: ServerHandle;
  let bot: Bot;
  const gated = gatedReviewer();
  beforeAll(async () => {
    server = await startTestServer(backend, {
      messagesPerSecond: 10_000,
      burst: 10_000,
      reviewer: gated.reviewer,
      // the address is the one the trusted proxy names, so that one test can be two addresses
      trustProxy: '127.0.0.1',
      reviewLimits: { perUserPerMinute: 1, perAddressPerMinute: 5, perMinute: 1000, maxQueued: 100 },
    });
    bot = await Bot.guest(server.url);
  });
  afterAll(async () => {
    bot?.close();
    await server?.close();
  });

  /** A finished game told apart from the others by its move cap (`mark`), which the reviewer is handed. */
  const finishedGame = async (mark: number) => {
    const created = await createSeek(bot, {
      game: 'chinese-checkers',
      options: { players: 2, maxPlies: mark },
      seats: [{ kind: 'me' }, { kind: 'me' }],
    });
    const gameId = created.seek.id;
    await bot.next((m) => m.type === 'game.started' && m.gameId === gameId);
    const room = server.hub.rooms.get(gameId)!;
    expect(await bot.request({ type: 'game.resign', gameId, seq: room.seq, seat: 0 })).toMatchObject({ type: 'ack' });
    return gameId;
  };
  const ask = async (gameId: string, address: string) => {
    // a new guest each time: a cookie away, as an abuser's
    const cookie = await guestCookie(server.url);
    const res = await fetch(`${server.url}/api/games/${gameId}/review`, {
      method: 'POST',
      headers: { cookie, 'x-forwarded-for': address },
    });
    return { status: res.status, body: (await res.json()) as { code?: string; reason?: string } };
  };
  /** Waits until the reviewer has been handed `n` reviews (each is handed over when the one before it ends). */
  const handed = async (n: number) => {
    for (let i = 0; i < 500 && gated.order.length < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(gated.order.length).toBe(n);
  };

  it('one address’s many guests are limited as one, and its queue does not hold another player’s review', async () => {
    const games: string[] = [];
    for (let i = 0; i < 7; i++) games.push(await finishedGame(100 + i));
    // the abuser's address: five guests, five reviews; the sixth guest of the address is refused
    for (const id of games.slice(0, 5)) expect((await ask(id, '203.0.113.7')).status).toBe(202);
    const sixth = await ask(games[5]!, '203.0.113.7');
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('review-limit');
    expect(sixth.body.reason).toMatch(/from one address/);
    // another player, from another address, asks after all five
    expect((await ask(games[6]!, '198.51.100.20')).status).toBe(202);
    // the reviewer is handed one at a time: the abuser's first, then the other player's, then the abuser's others
    await handed(1);
    for (let n = 2; n <= 6; n++) {
      gated.waiting.shift()!();
      await handed(n);
    }
    expect(gated.order).toEqual([100, 106, 101, 102, 103, 104]);
    gated.waiting.shift()!();
  }, 60_000);
});
