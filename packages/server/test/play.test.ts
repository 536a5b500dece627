import { SPECTATOR } from '@qiyuan/core';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, guestCookie, startTestServer } from './helpers.js';

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;
const isFrame = (gameId: string) => (m: ServerMessage) =>
  (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId;

const seek = (
  game: string,
  options: Record<string, unknown>,
  seats: unknown[],
  extra: Record<string, unknown> = {},
) => ({
  type: 'seek.create',
  game,
  options,
  clock: { kind: 'none' },
  rated: false,
  seats,
  private: false,
  ...extra,
});

const post = async (url: string, path: string, body: unknown, cookie = '') => {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
  };
};

describe.each(BACKENDS)('play on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend, { authPerMinute: 1000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** `seats`, all held by `bot`, make their first move in turn (the first-move rule), each with its first legal move. */
  const firstMoves = async (bot: Bot, gameId: string, seats: number[]) => {
    const room = server.hub.rooms.get(gameId)!;
    for (const seat of seats) {
      const move = room.game.moveToString(room.game.legalMoves(seat)[0]);
      expect(await bot.request({ type: 'game.move', gameId, seq: room.seq, seat, move })).toMatchObject({
        type: 'ack',
      });
    }
  };

  it('flags the seat whose Fischer time runs out, and the engine ends the game', async () => {
    const a = await Bot.guest(server.url);
    const created = await a.request(
      seek('chinese-checkers', { players: 2 }, [{ kind: 'me' }, { kind: 'me' }], {
        clock: { kind: 'fischer', initialMs: 1000, incrementMs: 0 },
      }),
    );
    if (created.type !== 'seek.created') throw new Error(JSON.stringify(created));
    a.send({ type: 'game.watch', gameId: created.seek.id });
    await a.next(isFrame(created.seek.id));
    // each seat's first move (before it the main clock does not run), then nobody moves: seat 0 loses on time
    await firstMoves(a, created.seek.id, [0, 1]);
    const end = (await a.next((m) => isFrame(created.seek.id)(m) && (m as Frame).outcome !== undefined, 5000)) as Frame;
    expect(end.type === 'game.update' && end.event).toBe('timeout');
    expect(end.outcome?.results).toEqual(['loss', 'win']);
    a.close();
  });

  it('reports per-move and setup timeouts to the Junqi engine, which deploys at random and counts them', async () => {
    const a = await Bot.guest(server.url);
    const created = await a.request(
      seek('junqi', { players: 2, mode: 'hidden', timeoutLimit: 2 }, [{ kind: 'me' }, { kind: 'me' }], {
        clock: { kind: 'move', moveMs: 1000, setupMs: 1000 },
      }),
    );
    if (created.type !== 'seek.created') throw new Error(JSON.stringify(created));
    const gameId = created.seek.id;
    a.send({ type: 'game.watch', gameId });
    const sync = (await a.next(isFrame(gameId))) as Frame;
    expect(sync.turn.kind).toBe('simultaneous');
    // after the setup limit both armies stand on the board (deployed at random)
    const played = (await a.next((m) => isFrame(gameId)(m) && (m as Frame).turn.kind === 'seat', 4000)) as Frame;
    expect(played.type === 'game.update' && played.event).toBe('timeout');
    // each seat's first move (deploying was not one), then nobody moves
    await firstMoves(a, gameId, [0, 1]);
    // then nobody moves: timeouts are counted until a seat reaches the limit and loses
    const end = (await a.next((m) => isFrame(gameId)(m) && (m as Frame).outcome !== undefined, 10_000)) as Frame;
    expect(end.outcome?.results).toContain('loss');
    a.close();
  }, 20_000);

  it("a hotseat frame of a game that hides something carries each seat's own view", async () => {
    const a = await Bot.guest(server.url);
    const created = await a.request(seek('junqi', {}, [{ kind: 'me' }, { kind: 'me' }]));
    if (created.type !== 'seek.created') throw new Error('no game');
    const gameId = created.seek.id;
    a.send({ type: 'game.watch', gameId });
    const sync = (await a.next(isFrame(gameId))) as Frame;
    expect(sync.you).toEqual([0, 1]);
    const game = server.hub.rooms.get(gameId)!.game;
    expect(game.viewIsShared?.() ?? false).toBe(false);
    expect(sync.view).toEqual(game.viewFor(0));
    expect(sync.views).toEqual({ 1: game.viewFor(1) });
    a.close();
  });

  it('plays a hotseat game: one user holds both seats and names the seat', async () => {
    const a = await Bot.guest(server.url);
    const created = await a.request(seek('chinese-checkers', { players: 2 }, [{ kind: 'me' }, { kind: 'me' }]));
    if (created.type !== 'seek.created') throw new Error('no game');
    const gameId = created.seek.id;
    a.send({ type: 'game.watch', gameId });
    const sync = (await a.next(isFrame(gameId))) as Frame;
    expect(sync.you).toEqual([0, 1]);
    // Chinese Checkers hides nothing: the frame's one view is every seat's
    expect(sync.views).toBeUndefined();
    expect(sync.view).toEqual(server.hub.rooms.get(gameId)!.game.viewFor(1));
    const room = server.hub.rooms.get(gameId)!;
    const spectator = await Bot.guest(server.url);
    spectator.send({ type: 'game.watch', gameId });
    await spectator.next(isFrame(gameId));
    for (const seat of [0, 1, 0]) {
      const move = room.game.moveToString(room.game.legalMoves(seat)[0]);
      expect(await a.request({ type: 'game.move', gameId, seq: room.seq, seat, move })).toMatchObject({ type: 'ack' });
    }
    // the updates' texts carry the one view built for the change (spliced into each frame's text), whole
    const updated = (m: ServerMessage) =>
      isFrame(gameId)(m) && m.type === 'game.update' && (m as Frame).seq === room.seq;
    for (const [bot, you] of [
      [a, [0, 1]],
      [spectator, []],
    ] as const) {
      const update = (await bot.next(updated)) as Frame;
      expect(update).toMatchObject({ you, ply: 3, view: room.game.viewFor(SPECTATOR) });
      expect(update.views).toBeUndefined();
    }
    spectator.close();
    // a take-back in hotseat needs no one else's agreement
    expect(await a.request({ type: 'game.offer', gameId, seq: room.seq, seat: 0, offer: 'takeback' })).toMatchObject({
      type: 'ack',
    });
    expect(room.game.ply).toBe(2);
    a.close();
  });

  it('plays against an AI seat: the AI answers every move', async () => {
    const a = await Bot.guest(server.url);
    const created = await a.request(
      seek('chinese-checkers', { players: 2 }, [{ kind: 'me' }, { kind: 'ai', level: 1 }]),
    );
    if (created.type !== 'seek.created') throw new Error('no game');
    const gameId = created.seek.id;
    a.send({ type: 'game.watch', gameId });
    await a.next(isFrame(gameId));
    const room = server.hub.rooms.get(gameId)!;
    for (let i = 0; i < 3; i++) {
      const move = room.game.moveToString(room.game.legalMoves(0)[0]);
      const ack = await a.request({ type: 'game.move', gameId, seq: room.seq, move });
      expect(ack.type).toBe('ack');
      // the AI's reply arrives as an update that gives the turn back
      await a.next(
        (m) =>
          isFrame(gameId)(m) && (m as Frame).turn.kind === 'seat' && (m as Frame).seq > (ack as { seq: number }).seq,
      );
    }
    expect(room.game.ply).toBe(6);
    // the AI does not agree to draws
    expect(await a.request({ type: 'game.offer', gameId, seq: room.seq, offer: 'draw' })).toMatchObject({
      code: 'not-allowed',
      refusal: 'ai-declines-draws',
    });
    a.close();
  });

  it('resumes after a reconnection: same cookie, same seat, sync from the last sequence number', async () => {
    const cookieA = await guestCookie(server.url);
    let a = await Bot.connect(server.url, cookieA);
    const b = await Bot.guest(server.url);
    const created = await a.request(
      seek('chinese-checkers', { players: 2 }, [{ kind: 'me' }, { kind: 'open' }], { private: true }),
    );
    if (created.type !== 'seek.created') throw new Error('no game');
    const gameId = created.seek.id;
    // a private seek is not listed, but the invitation works
    expect(server.hub.publicSeeks().some((s) => s.id === gameId)).toBe(false);
    expect((await fetch(`${server.url}/api/invite/${gameId}`)).status).toBe(200);
    await b.request({ type: 'seek.join', seekId: gameId });
    const room = server.hub.rooms.get(gameId)!;
    const m0 = room.game.moveToString(room.game.legalMoves(0)[0]);
    expect(await a.request({ type: 'game.move', gameId, seq: room.seq, move: m0 })).toMatchObject({ type: 'ack' });
    const seqBefore = room.seq;
    a.close();
    // while a is away, b moves
    const m1 = room.game.moveToString(room.game.legalMoves(1)[0]);
    expect(await b.request({ type: 'game.move', gameId, seq: room.seq, move: m1 })).toMatchObject({ type: 'ack' });
    a = await Bot.connect(server.url, cookieA);
    a.send({ type: 'game.watch', gameId, seq: seqBefore });
    const sync = (await a.next(isFrame(gameId))) as Frame;
    expect(sync.you).toEqual([0]);
    expect(sync.seq).toBe(seqBefore + 1);
    expect(sync.type === 'game.sync' && sync.records.map((r) => r.notation)).toEqual([m0, m1]);
    const m2 = room.game.moveToString(room.game.legalMoves(0)[0]);
    expect(await a.request({ type: 'game.move', gameId, seq: sync.seq, move: m2 })).toMatchObject({ type: 'ack' });
    a.close();
    b.close();
  });

  it('runs 三打一: the bidding, the setups and play, each seat acting in turn', async () => {
    const a = await Bot.guest(server.url);
    const created = await a.request(
      seek('junqi', { players: 4, variant: 'landlord' }, [
        { kind: 'me' },
        { kind: 'me' },
        { kind: 'me' },
        { kind: 'me' },
      ]),
    );
    if (created.type !== 'seek.created') throw new Error(JSON.stringify(created));
    const gameId = created.seek.id;
    await a.next((m) => m.type === 'game.started' && m.gameId === gameId);
    const room = server.hub.rooms.get(gameId)!;
    const kinds = new Set<string>();
    for (let i = 0; i < 60 && room.status === 'playing'; i++) {
      const turn = room.game.turn();
      kinds.add(turn.kind);
      const seat = turn.kind === 'seat' ? turn.seat : turn.kind === 'over' ? 0 : turn.seats[0]!;
      const moves = room.game.legalMoves(seat);
      const move = room.game.moveToString(moves[i % moves.length]);
      const ack = await a.request({ type: 'game.move', gameId, seq: room.seq, seat, move });
      expect(ack.type, JSON.stringify(ack)).toBe('ack');
    }
    const notations = Array.from({ length: room.game.ply }, (_, p) => room.game.recordFor(0, p).notation);
    // the bidding came first, then the simultaneous deployment, then moves
    expect(notations[0]).toMatch(/^bid /);
    expect(kinds.has('simultaneous')).toBe(true);
    expect(kinds.has('seat')).toBe(true);
    a.close();
  });

  it('fills every seat of a four-player game before it starts', async () => {
    const bots = await Promise.all([0, 1, 2, 3].map(async () => Bot.guest(server.url)));
    const created = await bots[0]!.request(
      seek('junqi', { players: 4 }, [{ kind: 'me' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }]),
    );
    if (created.type !== 'seek.created') throw new Error('no game');
    const gameId = created.seek.id;
    for (const i of [1, 2]) await bots[i]!.request({ type: 'seek.join', seekId: gameId });
    expect(server.hub.rooms.get(gameId)!.status).toBe('seeking');
    // a taken seat cannot be joined again
    expect(await bots[3]!.request({ type: 'seek.join', seekId: gameId, seat: 1 })).toMatchObject({
      code: 'seat-taken',
    });
    await bots[3]!.request({ type: 'seek.join', seekId: gameId });
    const started = await bots[3]!.next((m) => m.type === 'game.started');
    expect(started.type === 'game.started' && started.seats).toEqual([3]);
    expect(server.hub.rooms.get(gameId)!.status).toBe('playing');
    for (const b of bots) b.close();
  });

  it('refuses a second seat: the creator joining its own seek, a joiner joining twice', async () => {
    const creatorCookie = await guestCookie(server.url);
    const creator = await Bot.connect(server.url, creatorCookie);
    // a second socket of the same session is the same player
    const creatorTab = await Bot.connect(server.url, creatorCookie);
    const joiner = await Bot.guest(server.url);
    const created = await creator.request(
      seek('junqi', { players: 4 }, [{ kind: 'me' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }]),
    );
    if (created.type !== 'seek.created') throw new Error('no game');
    const gameId = created.seek.id;
    for (const [bot, seat] of [
      [creator, undefined],
      [creatorTab, undefined],
      [creator, 2],
    ] as const) {
      const answer = await bot.request({ type: 'seek.join', seekId: gameId, ...(seat === undefined ? {} : { seat }) });
      expect(answer).toMatchObject({
        type: 'error',
        code: 'not-allowed',
        reason: expect.stringMatching(/created this seek/),
        refusal: 'own-seek',
      });
    }
    expect(await joiner.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
    expect(await joiner.request({ type: 'seek.join', seekId: gameId, seat: 3 })).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      reason: expect.stringMatching(/already hold a seat/),
      refusal: 'already-seated',
    });
    const room = server.hub.rooms.get(gameId)!;
    expect(room.status).toBe('seeking');
    expect(room.seats.map((s) => s.kind)).toEqual(['user', 'user', 'open', 'open']);
    const holders = room.seats.flatMap((s) => (s.kind === 'user' ? [s.user.id] : []));
    expect(new Set(holders).size).toBe(2);
    for (const b of [creator, creatorTab, joiner]) b.close();
  });

  it('registers, logs in, and rates a game between accounts with Glicko-2', async () => {
    const name1 = `alice${backend}`;
    const name2 = `bob${backend}`;
    const guest = await guestCookie(server.url);
    const r1 = await post(server.url, '/api/register', { username: name1, password: 'correct horse' }, guest);
    expect(r1.status).toBe(200);
    expect((r1.body.user as { guest: boolean }).guest).toBe(false);
    // the same name again is refused
    expect(
      (await post(server.url, '/api/register', { username: name1.toUpperCase(), password: 'another one' })).status,
    ).toBe(409);
    // weak input is refused with a reason
    expect((await post(server.url, '/api/register', { username: 'x', password: 'short' })).status).toBe(400);
    const r2 = await post(server.url, '/api/register', { username: name2, password: 'battery staple' });
    expect(r2.status).toBe(200);
    expect((await post(server.url, '/api/login', { username: name1, password: 'wrong password' })).status).toBe(401);
    const login = await post(server.url, '/api/login', { username: name1, password: 'correct horse' });
    expect(login.status).toBe(200);
    const a = await Bot.connect(server.url, login.cookie);
    const b = await Bot.connect(server.url, r2.cookie);
    expect(a.user?.name).toBe(name1);
    // guests may not create rated games
    const g = await Bot.connect(server.url);
    expect(
      await g.request(seek('chinese-checkers', { players: 2 }, [{ kind: 'me' }, { kind: 'open' }], { rated: true })),
    ).toMatchObject({ code: 'not-allowed', refusal: 'register-to-play-rated' });
    const created = await a.request(
      seek('chinese-checkers', { players: 2 }, [{ kind: 'me' }, { kind: 'open' }], {
        rated: true,
        clock: { kind: 'fischer', initialMs: 300_000, incrementMs: 3000 },
      }),
    );
    if (created.type !== 'seek.created') throw new Error(JSON.stringify(created));
    const gameId = created.seek.id;
    await b.request({ type: 'seek.join', seekId: gameId });
    const room = server.hub.rooms.get(gameId)!;
    expect(await b.request({ type: 'game.resign', gameId, seq: room.seq })).toMatchObject({ type: 'ack' });
    const p1 = (await (await fetch(`${server.url}/api/users/${name1}`)).json()) as {
      ratings: { game: string; speed: string; rating: number; games: number }[];
      wins: number;
    };
    const p2 = (await (await fetch(`${server.url}/api/users/${name2}`)).json()) as typeof p1 & { losses: number };
    // 5+3 is blitz; the winner gains what the loser loses (both start at 1500)
    expect(p1.ratings).toHaveLength(1);
    expect(p1.ratings[0]).toMatchObject({ game: 'chinese-checkers', speed: 'blitz', games: 1 });
    expect(p1.ratings[0]!.rating).toBeGreaterThan(1600);
    expect(p2.ratings[0]!.rating).toBeLessThan(1400);
    expect(p1.wins).toBe(1);
    expect(p2.losses).toBe(1);
    const list = (await (await fetch(`${server.url}/api/users/${name1}/games`)).json()) as { games: { id: string }[] };
    expect(list.games.map((x) => x.id)).toContain(gameId);
    for (const x of [a, b, g]) x.close();
  });
});

describe.each(BACKENDS)('account rate limit on %s', (backend) => {
  it('answers 429 when the login route is hammered', async () => {
    const server = await startTestServer(backend, { authPerMinute: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await post(server.url, '/api/login', { username: 'nobody', password: 'whatever1' })).status);
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes[4]).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('keeps a guesser out for a whole minute after each refused try', async () => {
    const server = await startTestServer(backend, { authPerMinute: 1 });
    const reset = async () => {
      const res = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody', password: 'whatever1' }),
      });
      return [res.status, Number(res.headers.get('retry-after'))];
    };
    try {
      expect((await reset())[0]).toBe(401);
      expect(await reset()).toEqual([429, 60]);
      // time passes (the one wait this test needs): the next refusal starts the minute again instead of counting down
      await new Promise((r) => setTimeout(r, 2_100));
      expect(await reset()).toEqual([429, 60]);
    } finally {
      await server.close();
    }
  });
});
