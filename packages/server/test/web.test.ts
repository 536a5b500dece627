import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, createSeek } from './helpers.js';

/**
 * What the web app's online pages need from the server: legal moves in the frames
 * of hidden-information games, the turn's start for delay clocks, chat kept for
 * newcomers and after the end, spectators, rematches, ratings in seats, the rating
 * history of a profile and a session's own games.
 */
type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;
const frameOf = (gameId: string) => (m: ServerMessage) =>
  (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId;

const register = async (url: string, username: string): Promise<string> => {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'long enough password' }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
};

/** Two guests in a started two-seat game; the creator holds seat 0. They watch asking for their legal moves. */
const twoPlayers = async (url: string, game: string, options: Record<string, unknown>, extra = {}) => {
  const a = await Bot.guest(url);
  const b = await Bot.guest(url);
  const created = await createSeek(a, { game, options, seats: [{ kind: 'me' }, { kind: 'open' }], ...extra });
  const gameId = created.seek.id;
  expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
  for (const bot of [a, b]) {
    await bot.next((m) => m.type === 'game.started' && m.gameId === gameId);
    bot.send({ type: 'game.watch', gameId, legal: true });
    await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId);
  }
  return { a, b, gameId };
};

const lastFrame = (bot: Bot, gameId: string): Frame => bot.frames.filter(frameOf(gameId)).at(-1) as Frame;

describe.each(BACKENDS)('the web app’s needs on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await (await import('./helpers.js')).startTestServer(backend, { authPerMinute: 1000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends each seat that asks its legal moves in Junqi, and none to a spectator', async () => {
    const { a, b, gameId } = await twoPlayers(server.url, 'junqi', { players: 2, mode: 'hidden' });
    const spectator = await Bot.guest(server.url);
    spectator.send({ type: 'game.watch', gameId, legal: true });
    const seen = (await spectator.next(frameOf(gameId))) as Frame;
    expect(seen.legal).toBeUndefined();
    // a player's second connection that does not ask gets none: the server generates moves only on request
    const quiet = await Bot.connect(server.url, a.cookie);
    quiet.send({ type: 'game.watch', gameId });
    const plain = (await quiet.next(frameOf(gameId))) as Frame;
    expect(plain.you).toEqual([0]);
    expect(plain.legal).toBeUndefined();
    // the setup phase: both seats may act, each is offered its own deployments
    const fa = lastFrame(a, gameId);
    expect(Object.keys(fa.legal ?? {})).toEqual(['0']);
    expect(fa.legal!['0']!.every((m) => m.startsWith('setup '))).toBe(true);
    const fb = lastFrame(b, gameId);
    expect(Object.keys(fb.legal ?? {})).toEqual(['1']);
    // after both deploy, only the seat to move gets moves, and each is one the engine accepts
    let seq = fa.seq;
    for (const [bot, seat] of [
      [a, '0'],
      [b, '1'],
    ] as const) {
      const f = lastFrame(bot, gameId);
      const r = await bot.request({ type: 'game.move', gameId, seq, move: f.legal![seat]![0]! });
      expect(r).toMatchObject({ type: 'ack' });
      seq = (r as { seq: number }).seq;
      await a.next((m) => frameOf(gameId)(m) && (m as Frame).seq === seq);
      await b.next((m) => frameOf(gameId)(m) && (m as Frame).seq === seq);
    }
    const after = [lastFrame(a, gameId), lastFrame(b, gameId)];
    const mover = after.findIndex((f) => f.legal !== undefined);
    expect(mover).toBeGreaterThanOrEqual(0);
    expect(after[1 - mover]!.legal).toBeUndefined();
    const moves = after[mover]!.legal![String(mover)]!;
    expect(moves.length).toBeGreaterThan(0);
    const bot = mover === 0 ? a : b;
    expect(await bot.request({ type: 'game.move', gameId, seq, move: moves.at(-1)! })).toMatchObject({ type: 'ack' });
    expect(quiet.frames.filter(frameOf(gameId)).every((f) => (f as Frame).legal === undefined)).toBe(true);
    for (const x of [a, b, spectator, quiet]) x.close();
  });

  it('takes back the first move when the player who has not moved yet agrees', async () => {
    const { a, b, gameId } = await twoPlayers(server.url, 'abalone', {});
    let seq = lastFrame(a, gameId).seq;
    const moved = await a.request({ type: 'game.move', gameId, seq, move: 'C3D4' });
    expect(moved).toMatchObject({ type: 'ack' });
    seq = (moved as { seq: number }).seq;
    const asked = await a.request({ type: 'game.offer', gameId, seq, offer: 'takeback' });
    expect(asked).toMatchObject({ type: 'ack' });
    seq = (asked as { seq: number }).seq;
    await b.next((m) => frameOf(gameId)(m) && (m as Frame).seq === seq);
    expect(await b.request({ type: 'game.answer', gameId, seq, offer: 'takeback', accept: true })).toMatchObject({
      type: 'ack',
    });
    const sync = await b.next((m) => m.type === 'game.sync' && m.gameId === gameId && m.seq === seq + 1);
    expect(sync).toMatchObject({ ply: 0, records: [] });
    for (const x of [a, b]) x.close();
  });

  it('gives the start of the turn with a delay clock', async () => {
    const { a, b, gameId } = await twoPlayers(
      server.url,
      'chinese-checkers',
      { players: 2 },
      { clock: { kind: 'delay', initialMs: 60_000, delayMs: 5000 } },
    );
    const f = lastFrame(a, gameId);
    expect(f.clock.running).toEqual([0]);
    expect(f.clock.since).toBeGreaterThan(Date.now() - 10_000);
    expect(f.clock.since).toBeLessThanOrEqual(f.clock.serverTime);
    for (const x of [a, b]) x.close();
  });

  it('keeps the chat for newcomers and after the end, counts spectators, and starts a rematch with seats turned', async () => {
    const { a, b, gameId } = await twoPlayers(server.url, 'abalone', {});
    expect(await a.request({ type: 'game.chat', gameId, text: 'good luck' })).toMatchObject({ type: 'ack' });
    const spectator = await Bot.guest(server.url);
    spectator.send({ type: 'game.watch', gameId });
    const sync = await spectator.next((m) => m.type === 'game.sync' && m.gameId === gameId);
    if (sync.type !== 'game.sync') throw new Error('no sync');
    expect(sync.chat?.map((c) => c.text)).toEqual(['good luck']);
    expect(sync.chat?.[0]?.spectator).toBeUndefined();
    // the players learn that one person watches (the players themselves are not counted)
    const count = await a.next((m) => m.type === 'game.spectators' && m.gameId === gameId && m.count === 1);
    expect(count).toMatchObject({ users: [{ id: spectator.user!.id }] });
    expect(await spectator.request({ type: 'game.chat', gameId, text: 'hello' })).toMatchObject({ type: 'ack' });
    expect(await a.next((m) => m.type === 'game.chat' && m.text === 'hello')).toMatchObject({ spectator: true });
    // the end: b resigns; chat still works
    const seq = lastFrame(b, gameId).seq;
    expect(await b.request({ type: 'game.resign', gameId, seq })).toMatchObject({ type: 'ack' });
    expect(await b.request({ type: 'game.chat', gameId, text: 'gg' })).toMatchObject({ type: 'ack' });
    // the invitation link of a finished game says so (the page then shows the game)
    const invite = (await (await fetch(`${server.url}/api/invite/${gameId}`)).json()) as { status: string };
    expect(invite.status).toBe('finished');
    await spectator.next((m) => m.type === 'game.chat' && m.text === 'gg');
    // a spectator cannot ask for a rematch; one player asking is announced, both start it
    expect(await spectator.request({ type: 'game.rematch', gameId })).toMatchObject({ code: 'not-your-seat' });
    expect(await a.request({ type: 'game.rematch', gameId })).toMatchObject({ type: 'ack' });
    expect(await b.next((m) => m.type === 'game.rematch' && m.gameId === gameId)).toMatchObject({ seats: [0] });
    // a reload after the end still shows the chat and the rematch request
    const again = await Bot.connect(server.url, b.cookie);
    again.send({ type: 'game.watch', gameId });
    const resync = await again.next((m) => m.type === 'game.sync' && m.gameId === gameId);
    expect(resync).toMatchObject({ rematch: [0] });
    if (resync.type !== 'game.sync') throw new Error('no sync');
    expect(resync.chat?.map((c) => c.text)).toEqual(['good luck', 'hello', 'gg']);
    expect(await b.request({ type: 'game.rematch', gameId })).toMatchObject({ type: 'ack' });
    const next = await spectator.next((m) => m.type === 'game.rematched' && m.gameId === gameId);
    if (next.type !== 'game.rematched') throw new Error('no rematch');
    const started = await a.next((m) => m.type === 'game.started' && m.gameId === next.newGameId);
    expect(started).toMatchObject({ seats: [1] });
    const room = server.hub.rooms.get(next.newGameId)!;
    expect(room.status).toBe('playing');
    expect(room.seatsOf(b.user!.id)).toEqual([0]);
    expect(await a.request({ type: 'game.rematch', gameId })).toMatchObject({ code: 'not-allowed' });
    for (const x of [a, b, spectator, again]) x.close();
  });

  it('shows ratings in seats, a rating history and the session’s own games', async () => {
    const ca = await register(server.url, `carol${backend}`);
    const cb = await register(server.url, `dave${backend}`);
    const a = await Bot.connect(server.url, ca);
    const b = await Bot.connect(server.url, cb);
    const clock = { kind: 'fischer', initialMs: 600_000, incrementMs: 5000 };
    const play = async () => {
      const created = await createSeek(a, {
        game: 'chinese-checkers',
        options: { players: 2 },
        seats: [{ kind: 'me' }, { kind: 'open' }],
        rated: true,
        clock,
      });
      const gameId = created.seek.id;
      expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
      return { gameId, created };
    };
    const first = await play();
    // nobody has a rating yet
    expect(first.created.seek.seats[0]).toEqual({ kind: 'user', user: a.user });
    const mine = (await (await fetch(`${server.url}/api/me/games`, { headers: { cookie: ca } })).json()) as {
      playing: { id: string }[];
      seeks: unknown[];
    };
    expect(mine.playing.map((g) => g.id)).toEqual([first.gameId]);
    expect(mine.seeks).toEqual([]);
    expect(
      await b.request({ type: 'game.resign', gameId: first.gameId, seq: server.hub.rooms.get(first.gameId)!.seq }),
    ).toMatchObject({ type: 'ack' });
    const second = await play();
    expect((second.created.seek.seats[0] as { rating?: number }).rating).toBeGreaterThan(1600);
    expect(
      await a.request({ type: 'game.resign', gameId: second.gameId, seq: server.hub.rooms.get(second.gameId)!.seq }),
    ).toMatchObject({ type: 'ack' });
    // an open seek of the session is listed with its games
    const open = await createSeek(a, {
      game: 'abalone',
      options: {},
      seats: [{ kind: 'me' }, { kind: 'open' }],
      private: true,
    });
    const listed = (await (await fetch(`${server.url}/api/me/games`, { headers: { cookie: ca } })).json()) as {
      playing: unknown[];
      seeks: { id: string }[];
    };
    expect(listed.playing).toEqual([]);
    expect(listed.seeks.map((s) => s.id)).toEqual([open.seek.id]);
    const profile = (await (await fetch(`${server.url}/api/users/carol${backend}`)).json()) as {
      history: { gameId: string; game: string; speed: string; rating: number; before: number }[];
      ratings: { rating: number }[];
    };
    expect(profile.history.map((h) => h.gameId)).toEqual([first.gameId, second.gameId]);
    expect(profile.history[0]).toMatchObject({ game: 'chinese-checkers', speed: 'rapid', before: 1500 });
    expect(profile.history[0]!.rating).toBeGreaterThan(1600);
    expect(profile.history[1]!.rating).toBeLessThan(profile.history[0]!.rating);
    expect(profile.history[1]!.rating).toBe(profile.ratings[0]!.rating);
    for (const x of [a, b]) x.close();
  });
});
