import type { StoredReview } from '@qiyuan/ai/review-pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reviewer } from '../src/reviews.js';
import { type ServerHandle, startServer } from '../src/server.js';
import { BACKENDS, Bot, clusterOptions, createSeek, guestCookie, startPairGame, startTestServer } from './helpers.js';
import { describeWith, needs, TEST_REDIS_URL as REDIS } from './services.js';

/**
 * Computer review of finished games (issue #22) on each store: asked for by a spectator, made in the review pool,
 * stored and given again; refused while the game is played; limited per player and per minute; Junqi's hidden ranks
 * used only once the game is over, and the review says so.
 */

/** A game held entirely by `bot` (every seat its own), `plies` legal moves picked by the test, then, if `end`, resigned. */
const playGame = async (
  server: ServerHandle,
  bot: Bot,
  game: string,
  options: Record<string, unknown>,
  plies: number,
  end: boolean,
): Promise<string> => {
  const seats = Array.from({ length: Number(options.players ?? 2) }, () => ({ kind: 'me' }));
  const created = await createSeek(bot, { game, options, seats });
  const gameId = created.seek.id;
  await bot.next((m) => m.type === 'game.started' && m.gameId === gameId);
  const room = server.hub.rooms.get(gameId)!;
  for (let i = 0; i < plies && room.status === 'playing'; i++) {
    const turn = room.game.turn();
    if (turn.kind === 'over') break;
    const seat = turn.kind === 'seat' ? turn.seat : turn.seats[0]!;
    const moves = room.game.legalMoves(seat);
    const move = room.game.moveToString(moves[(i * 7) % moves.length]);
    const ack = await bot.request({ type: 'game.move', gameId, seq: room.seq, seat, move });
    expect(ack.type, JSON.stringify(ack)).toBe('ack');
  }
  // with more than two seats the game goes on after a resignation: all but the last seat resign
  for (let seat = 0; end && room.status === 'playing' && seat < seats.length - 1; seat++)
    expect(await bot.request({ type: 'game.resign', gameId, seq: room.seq, seat })).toMatchObject({ type: 'ack' });
  return gameId;
};

const ask = async (server: ServerHandle, gameId: string, cookie: string) => {
  const res = await fetch(`${server.url}/api/games/${gameId}/review`, { method: 'POST', headers: { cookie } });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    retry: res.headers.get('retry-after'),
  };
};

const stateOf = async (server: ServerHandle, gameId: string) =>
  (await (await fetch(`${server.url}/api/games/${gameId}/review`)).json()) as Record<string, unknown>;

/** Polls the review until it is no longer pending. */
const settled = async (server: ServerHandle, gameId: string, timeoutMs = 120_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await stateOf(server, gameId);
    if (s.status !== 'pending') return s;
    if (Date.now() > until) throw new Error(`review of ${gameId} still pending`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.each(BACKENDS)('computer review on %s', (backend) => {
  let server: ServerHandle;
  let bot: Bot;
  beforeAll(async () => {
    server = await startTestServer(backend, {
      messagesPerSecond: 10_000,
      burst: 10_000,
      reviewLimits: { perUserPerMinute: 5 },
    });
    bot = await Bot.guest(server.url);
  });
  afterAll(async () => {
    bot?.close();
    await server?.close();
  });

  it('a spectator asks, the pool reviews every move, and a second request gets the stored review', async () => {
    const gameId = await playGame(server, bot, 'abalone', {}, 12, true);
    const spectator = await guestCookie(server.url);
    const first = await ask(server, gameId, spectator);
    expect(first.status).toBe(202);
    expect(first.body.status).toBe('pending');
    const done = await settled(server, gameId);
    expect(done.status, JSON.stringify(done)).toBe('done');
    const review = done.review as StoredReview;
    expect(review.game).toBe('abalone');
    expect(review.fullInformation).toBe(false);
    expect(review.plies.map((p) => p.ply)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(review.players.map((p) => p.moves)).toEqual([6, 6]);
    expect(review.scale).toBe(3000);
    for (const p of review.plies) {
      expect(['best', 'good', 'inaccuracy', 'mistake', 'blunder']).toContain(p.class);
      expect(p.best.length).toBeGreaterThan(0);
    }
    // the stored review, given at once to anyone, and with the replay
    const again = await ask(server, gameId, await guestCookie(server.url));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(done);
    const replay = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as Record<string, unknown>;
    expect(replay.review).toEqual(done);
    const row = await server.store.q
      .selectFrom('game_reviews')
      .select('status')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    expect(row?.status).toBe('done');
  }, 180_000);

  it('three players: every move judged, a summary for each seat', async () => {
    const gameId = await playGame(server, bot, 'chinese-checkers', { players: 3 }, 9, true);
    expect((await ask(server, gameId, await guestCookie(server.url))).status).toBe(202);
    const done = await settled(server, gameId);
    expect(done.status, JSON.stringify(done)).toBe('done');
    const review = done.review as StoredReview;
    expect(review.plies.map((p) => p.seat)).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2]);
    expect(review.players.map((p) => [p.seat, p.moves])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
  }, 120_000);

  it('refuses a game still being played, and one that does not exist', async () => {
    const gameId = await playGame(server, bot, 'chinese-checkers', { players: 2 }, 4, false);
    const r = await ask(server, gameId, bot.cookie!);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('not-over');
    expect(String(r.body.reason)).toMatch(/once it is over/);
    expect(await stateOf(server, gameId)).toEqual({ status: 'none' });
    const replay = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as Record<string, unknown>;
    expect(replay.status).toBe('playing');
    expect(replay).not.toHaveProperty('review');
    expect((await ask(server, 'no-such-game', bot.cookie!)).status).toBe(404);
    expect(
      await server.store.q
        .selectFrom('game_reviews')
        .select('game_id')
        .where('game_id', '=', gameId)
        .executeTakeFirst(),
    ).toBeUndefined();
  }, 60_000);

  it('Junqi 暗棋: hidden ranks are used only after the end, and the review says it saw them', async () => {
    const gameId = await playGame(server, bot, 'junqi', { mode: 'hidden' }, 16, false);
    // deployed and moving, but not over: no review, nothing stored
    expect((await ask(server, gameId, await guestCookie(server.url))).body.code).toBe('not-over');
    expect(await stateOf(server, gameId)).toEqual({ status: 'none' });
    const room = server.hub.rooms.get(gameId)!;
    expect(await bot.request({ type: 'game.resign', gameId, seq: room.seq, seat: 1 })).toMatchObject({
      type: 'ack',
    });
    expect((await ask(server, gameId, await guestCookie(server.url))).status).toBe(202);
    const done = await settled(server, gameId);
    expect(done.status, JSON.stringify(done)).toBe('done');
    const review = done.review as StoredReview;
    expect(review.fullInformation).toBe(true);
    // the deployments are not judged; the moves after them are
    expect(review.plies.length).toBeGreaterThan(0);
    expect(review.plies.length).toBeLessThan(16);
    expect(review.plies.every((p) => p.ply >= 2)).toBe(true);
  }, 180_000);
});

/** A reviewer that answers at once with an empty review, counting the jobs: the limits are the server's, not the pool's. */
const instantReviewer = (): Reviewer & { jobs: number; throwing: boolean } => {
  const r = {
    jobs: 0,
    load: 0,
    /** The next reviews throw (a fault in the reviewer itself). */
    throwing: false,
    async review(job: { game: string }) {
      r.jobs++;
      if (r.throwing) throw new Error('the reviewer broke');
      return {
        ok: true as const,
        timeMs: 0,
        review: { game: job.game, fullInformation: false, depth: 1, plies: [], players: [], scale: 1000 } as never,
      };
    },
    async close() {},
  };
  return r;
};

describe.each(BACKENDS)('review limits on %s', (backend) => {
  let server: ServerHandle;
  let bot: Bot;
  const reviewer = instantReviewer();
  beforeAll(async () => {
    server = await startTestServer(backend, {
      messagesPerSecond: 10_000,
      burst: 10_000,
      reviewer,
      reviewLimits: { perUserPerMinute: 2, perMinute: 3 },
    });
    bot = await Bot.guest(server.url);
  });
  afterAll(async () => {
    bot?.close();
    await server?.close();
  });

  it('a player may start two reviews a minute, the site three; stored reviews are free', async () => {
    const games: string[] = [];
    for (let i = 0; i < 4; i++) games.push(await playGame(server, bot, 'chinese-checkers', { players: 2 }, 2, true));
    const alice = await guestCookie(server.url);
    const bob = await guestCookie(server.url);
    expect((await ask(server, games[0]!, alice)).status).toBe(202);
    await settled(server, games[0]!);
    expect((await ask(server, games[1]!, alice)).status).toBe(202);
    await settled(server, games[1]!);
    const over = await ask(server, games[2]!, alice);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('review-limit');
    expect(String(over.body.reason)).toMatch(/at most 2 reviews a minute for each player; try again in \d+ s/);
    expect(Number(over.retry)).toBeGreaterThan(0);
    // asking again for a stored review is no new review: not limited
    expect((await ask(server, games[0]!, alice)).status).toBe(200);
    // another player may, until the site's three a minute are used
    expect((await ask(server, games[2]!, bob)).status).toBe(202);
    await settled(server, games[2]!);
    const site = await ask(server, games[3]!, bob);
    expect(site.status).toBe(429);
    expect(String(site.body.reason)).toMatch(/at most 3 reviews a minute/);
    // each game was reviewed once, whoever asked and however often
    expect(reviewer.jobs).toBe(3);
  }, 120_000);
});

describe.each(BACKENDS)('one review per game on %s', (backend) => {
  let server: ServerHandle;
  let bot: Bot;
  const reviewer = instantReviewer();
  beforeAll(async () => {
    server = await startTestServer(backend, { messagesPerSecond: 10_000, burst: 10_000, reviewer });
    bot = await Bot.guest(server.url);
  });
  afterAll(async () => {
    bot?.close();
    await server?.close();
  });

  it('two requests at once for one game make one review', async () => {
    const gameId = await playGame(server, bot, 'chinese-checkers', { players: 2 }, 2, true);
    const [a, b] = await Promise.all([
      ask(server, gameId, await guestCookie(server.url)),
      ask(server, gameId, await guestCookie(server.url)),
    ]);
    // one claims it (202, pending); the other is told where it stands (200, pending or already done)
    expect([a.status, b.status].sort()).toEqual([200, 202]);
    expect((await settled(server, gameId)).status).toBe('done');
    expect(reviewer.jobs).toBe(1);
  }, 60_000);

  it('one player asking for five reviews at once gets three (the allowance is not raced)', async () => {
    const games: string[] = [];
    for (let i = 0; i < 5; i++) games.push(await playGame(server, bot, 'chinese-checkers', { players: 2 }, 2, true));
    const cookie = await guestCookie(server.url);
    const answers = await Promise.all(games.map((g) => ask(server, g, cookie)));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 429, 429]);
  }, 60_000);

  it('a reviewer that breaks leaves a failed review, which may be asked for again', async () => {
    const gameId = await playGame(server, bot, 'chinese-checkers', { players: 2 }, 2, true);
    reviewer.throwing = true;
    try {
      expect((await ask(server, gameId, await guestCookie(server.url))).status).toBe(202);
      expect(await settled(server, gameId)).toEqual({ status: 'failed', reason: 'the reviewer broke' });
    } finally {
      reviewer.throwing = false;
    }
    expect((await ask(server, gameId, await guestCookie(server.url))).status).toBe(202);
    expect((await settled(server, gameId)).status).toBe('done');
  }, 60_000);
});

describeWith([needs.postgres, needs.redis], 'reviews across two processes (PostgreSQL and Redis)', () => {
  it('one process makes it, the other reads it; asked of both at once, it is made once', async () => {
    const common = clusterOptions(REDIS!, 60_000, { messagesPerSecond: 10_000, burst: 10_000 });
    const [ra, rb] = [instantReviewer(), instantReviewer()];
    const owner = await startServer({ ...common, reviewer: ra });
    const other = await startServer({ ...common, reviewer: rb });
    const bots: Bot[] = [];
    try {
      /** A game between a player on each process, resigned at once by the first. */
      const resigned = async () => {
        const a = await Bot.guest(owner.url);
        const b = await Bot.guest(other.url);
        bots.push(a, b);
        const gameId = await startPairGame(a, b);
        expect(await a.request({ type: 'game.resign', gameId, seq: 1, seat: 0 })).toMatchObject({ type: 'ack' });
        return gameId;
      };
      const first = await resigned();
      expect((await ask(other, first, await guestCookie(other.url))).status).toBe(202);
      // the owner of the game never made it, yet serves the stored review
      expect((await settled(owner, first)).status).toBe('done');
      expect([ra.jobs, rb.jobs]).toEqual([0, 1]);
      expect((await ask(owner, first, await guestCookie(owner.url))).status).toBe(200);
      expect([ra.jobs, rb.jobs]).toEqual([0, 1]);
      const second = await resigned();
      const answers = await Promise.all([
        ask(owner, second, await guestCookie(owner.url)),
        ask(other, second, await guestCookie(other.url)),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 202]);
      expect((await settled(other, second)).status).toBe('done');
      expect(ra.jobs + rb.jobs).toBe(2);
    } finally {
      for (const b of bots) b.close();
      await other.close();
      await owner.close();
    }
  }, 120_000);
});

describe('review settings from the environment', () => {
  const saved = { ...process.env };
  const restore = () => {
    for (const k of ['QIYUAN_REVIEWS_PER_PLAYER', 'QIYUAN_REVIEW_DEPTH']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  };

  it('QIYUAN_REVIEWS_PER_PLAYER sets a player’s allowance; a bad QIYUAN_REVIEW_DEPTH stops the start', async () => {
    process.env.QIYUAN_REVIEWS_PER_PLAYER = '1';
    const server = await startTestServer('sqlite', {
      messagesPerSecond: 10_000,
      burst: 10_000,
      reviewer: instantReviewer(),
    });
    const bot = await Bot.guest(server.url);
    try {
      const games = [
        await playGame(server, bot, 'chinese-checkers', { players: 2 }, 2, true),
        await playGame(server, bot, 'chinese-checkers', { players: 2 }, 2, true),
      ];
      const cookie = await guestCookie(server.url);
      expect((await ask(server, games[0]!, cookie)).status).toBe(202);
      const over = await ask(server, games[1]!, cookie);
      expect([over.status, over.body.code]).toEqual([429, 'review-limit']);
    } finally {
      bot.close();
      await server.close();
      restore();
    }
    process.env.QIYUAN_REVIEW_DEPTH = '9';
    try {
      await expect(startTestServer('sqlite')).rejects.toThrow(
        'QIYUAN_REVIEW_DEPTH must be a whole number from 1 to 6, not "9"',
      );
    } finally {
      restore();
    }
  }, 60_000);
});
