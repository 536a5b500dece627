import type { StoredReview } from '@qiyuan/ai/review-pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reviewer } from '../src/reviews.js';
import type { ServerHandle } from '../src/server.js';
import { BACKENDS, Bot, createSeek, guestCookie, startTestServer } from './helpers.js';

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
  const created = await createSeek(bot, { game, options, seats: [{ kind: 'me' }, { kind: 'me' }] });
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
  if (end && room.status === 'playing')
    expect(await bot.request({ type: 'game.resign', gameId, seq: room.seq, seat: 0 })).toMatchObject({ type: 'ack' });
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
    const row = await server.store.get<{ status: string }>('SELECT status FROM game_reviews WHERE game_id = ?', [
      gameId,
    ]);
    expect(row?.status).toBe('done');
  }, 180_000);

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
    expect(await server.store.get('SELECT game_id FROM game_reviews WHERE game_id = ?', [gameId])).toBeUndefined();
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
const instantReviewer = (): Reviewer & { jobs: number } => {
  const r = {
    jobs: 0,
    load: 0,
    async review(job: { game: string }) {
      r.jobs++;
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
});
