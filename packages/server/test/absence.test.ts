import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABSENCE_MS, absenceAllowance } from '../src/absence.js';
import { type ServerHandle, startServer } from '../src/index.js';
import { ManualClock } from '../src/server-clock.js';
import { BACKENDS, Bot, createSeek, startTestServer, testOptions } from './helpers.js';
import { rowOf, sql } from './sql.js';

type Spectators = Extract<ServerMessage, { type: 'game.spectators' }>;
type Frame = Extract<ServerMessage, { type: 'game.update' }>;

/** One minute, no increment: a bullet game, which waits ABSENCE_MS.bullet for a gone player (the table below). */
const BULLET = { kind: 'fischer', initialMs: 60_000, incrementMs: 0 };
/**
 * The servers here wait this long instead (their absenceMs setting): shorter than the first-move allowance, so a game
 * whose first moves were not made is still waiting for them when a claim is tried. The servers run on a ManualClock
 * the tests move on, so no case sleeps.
 */
const WAIT = 6000;

/** A bullet Chinese Checkers game of `bots.length` seats, each bot in its seat, every bot watching it. */
const startGame = async (
  server: ServerHandle,
  bots: Bot[],
  game = 'chinese-checkers',
  options: Record<string, unknown> = { players: bots.length },
): Promise<string> => {
  const created = await createSeek(bots[0]!, {
    game,
    options,
    clock: BULLET,
    seats: bots.map((_, i) => ({ kind: i === 0 ? 'me' : 'open' })),
  });
  const gameId = created.seek.id;
  for (let s = 1; s < bots.length; s++) {
    expect(await bots[s]!.request({ type: 'seek.join', seekId: gameId, seat: s })).toMatchObject({ type: 'ack' });
  }
  for (const b of bots) b.send({ type: 'game.watch', gameId });
  await expect.poll(() => server.hub.rooms.get(gameId)?.status).toBe('playing');
  return gameId;
};

/** Every seat makes its first move in turn (the first-move rule is answered before anyone leaves). */
const firstMoves = async (server: ServerHandle, gameId: string, bots: Bot[]) => {
  const room = server.hub.rooms.get(gameId)!;
  for (let seat = 0; seat < bots.length; seat++) {
    const move = room.game.moveToString(room.game.legalMoves(seat)[0]);
    expect(await bots[seat]!.request({ type: 'game.move', gameId, seq: room.seq, move })).toMatchObject({
      type: 'ack',
    });
  }
};

/** The next spectators message of the game that says `seat` is gone; its time left, and when it was received. */
const goneFor = async (bot: Bot, clock: ManualClock, gameId: string, seat: number) => {
  const m = (await bot.next(
    (x) => x.type === 'game.spectators' && x.gameId === gameId && (x.gone ?? []).some((g) => g.seat === seat),
  )) as Spectators;
  return { ms: m.gone!.find((g) => g.seat === seat)!.claimInMs, at: clock.now() };
};

const claim = (bot: Bot, server: ServerHandle, gameId: string, result: 'win' | 'draw') =>
  bot.request({ type: 'game.claim', gameId, seq: server.hub.rooms.get(gameId)?.seq ?? 0, result });

describe('how long a gone player is waited for', () => {
  const fischer = (initialMs: number, incrementMs = 0) => ({ kind: 'fischer', initialMs, incrementMs }) as const;
  it.each([
    ['bullet (1+0)', 15_000, fischer(60_000)],
    ['blitz (3+2)', 30_000, fischer(180_000, 2000)],
    ['rapid (10+0)', 60_000, fischer(600_000)],
    ['classical (30+0)', 120_000, fischer(1_800_000)],
  ] as const)('%s: %i ms', (_, ms, spec) => {
    expect(absenceAllowance(spec)).toBe(ms);
    // a server's setting replaces the figure, for tests only
    expect(absenceAllowance(spec, 6000)).toBe(6000);
  });
  it('waits longest without a clock, and never by correspondence (its clock governs)', () => {
    expect(absenceAllowance({ kind: 'none' })).toBe(300_000);
    expect(ABSENCE_MS).toEqual({
      bullet: 15_000,
      blitz: 30_000,
      rapid: 60_000,
      classical: 120_000,
      unlimited: 300_000,
    });
    const daily = { kind: 'correspondence', daysPerMove: 3 } as const;
    expect(absenceAllowance(daily)).toBeUndefined();
    expect(absenceAllowance(daily, 6000)).toBeUndefined();
  });
});

describe.each(BACKENDS)('a gone player, on %s', (backend) => {
  let server: ServerHandle;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await startTestServer(backend, { absenceMs: WAIT, clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  // one after another: each moves the server's clock on
  it('cannot be claimed against early; after the allowance the one who stayed wins', async () => {
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const gameId = await startGame(server, [a, b]);
    await firstMoves(server, gameId, [a, b]);
    b.close();
    const gone = await goneFor(a, clock, gameId, 1);
    // no time passed on the server's clock since the player left: the whole allowance is left
    expect(gone.ms).toBe(WAIT);
    // a claim now is refused by the server, whatever a client shows
    const early = await claim(a, server, gameId, 'win');
    // its words say how long is left, in the player's language (refusals.ts)
    expect(early).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      refusal: 'opponent-may-return',
      values: { seconds: expect.any(Number) },
    });
    expect(server.hub.rooms.get(gameId)?.status).toBe('playing');
    // the one who left cannot claim either way: a spectator cannot claim at all
    const watcher = await Bot.guest(server.url);
    expect(await claim(watcher, server, gameId, 'win')).toMatchObject({ type: 'error', code: 'not-your-seat' });
    // a millisecond early is still early
    await clock.advance(gone.ms - 1);
    expect(await claim(a, server, gameId, 'win')).toMatchObject({
      refusal: 'opponent-may-return',
      values: { seconds: 1 },
    });
    await clock.advance(1);
    const from = a.frames.length;
    expect(await claim(a, server, gameId, 'win')).toMatchObject({ type: 'ack' });
    const end = (await a.next(
      (m) => m.type === 'game.update' && m.gameId === gameId && m.outcome !== undefined,
      10_000,
      from,
    )) as Frame;
    expect(end.outcome?.results).toEqual(['win', 'loss']);
    expect(end.event).toBe('resign');
    // the stored moment goes with the game once its players leave the page
    const stored = () => rowOf(server.hub.store, sql`SELECT value FROM settings WHERE key = ${`absent:${gameId}`}`);
    expect(await stored()).toBeDefined();
    for (const bot of [a, watcher]) bot.close();
    await expect.poll(stored, { timeout: 10_000 }).toBeUndefined();
  }, 60_000);

  it('is waited for again from the start after coming back, and a draw may be called', async () => {
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const gameId = await startGame(server, [a, b]);
    await firstMoves(server, gameId, [a, b]);
    b.close();
    const first = await goneFor(a, clock, gameId, 1);
    await clock.advance(3000);
    // back: nobody is gone, and nothing can be claimed
    const back = await Bot.connect(server.url, b.cookie);
    const from = a.frames.length;
    back.send({ type: 'game.watch', gameId });
    await a.next(
      (m) => m.type === 'game.spectators' && m.gameId === gameId && m.gone === undefined && m.present?.length === 2,
      10_000,
      from,
    );
    expect(await claim(a, server, gameId, 'draw')).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      refusal: 'opponent-here',
    });
    // gone again: the count starts afresh, not from the first departure
    const again = a.frames.length;
    back.close();
    const m = (await a.next(
      (x) => x.type === 'game.spectators' && x.gameId === gameId && (x.gone ?? []).some((g) => g.seat === 1),
      10_000,
      again,
    )) as Spectators;
    const second = { ms: m.gone![0]!.claimInMs, at: clock.now() };
    expect(second.at + second.ms).toBe(first.at + first.ms + 3000);
    await clock.advance(second.ms - 1);
    expect(await claim(a, server, gameId, 'draw')).toMatchObject({ refusal: 'opponent-may-return' });
    await clock.advance(1);
    const end = a.frames.length;
    expect(await claim(a, server, gameId, 'draw')).toMatchObject({ type: 'ack' });
    const over = (await a.next(
      (x) => x.type === 'game.update' && x.gameId === gameId && x.outcome !== undefined,
      10_000,
      end,
    )) as Frame;
    expect(over.outcome?.results).toEqual(['draw', 'draw']);
    a.close();
  }, 60_000);

  it('leaves a gone seat of a three-player game out after the allowance, and the other two play on', async () => {
    const bots = [await Bot.guest(server.url), await Bot.guest(server.url), await Bot.guest(server.url)];
    const gameId = await startGame(server, bots);
    await firstMoves(server, gameId, bots);
    const [red, , gone] = bots as [Bot, Bot, Bot];
    gone.close();
    const left = await goneFor(red, clock, gameId, 2);
    // no claim in a game of three: the server leaves the seat out by itself
    expect(await claim(red, server, gameId, 'win')).toMatchObject({ type: 'error', code: 'not-allowed' });
    const resigned = (m: ServerMessage) =>
      m.type === 'game.update' && m.gameId === gameId && m.event === 'resign' && m.turn.kind !== 'over';
    // not before the allowance ends
    await clock.advance(left.ms - 1);
    expect(red.frames.some(resigned)).toBe(false);
    await clock.advance(1000);
    const out = (await red.next(resigned, 10_000)) as Frame;
    expect(out.outcome).toBeUndefined();
    const room = server.hub.rooms.get(gameId)!;
    expect(room.status).toBe('playing');
    // Red (seat 0, to move) and Yellow play on
    const turn = room.game.turn();
    expect(turn).toEqual({ kind: 'seat', seat: 0 });
    const move = room.game.moveToString(room.game.legalMoves(0)[0]);
    expect(await red.request({ type: 'game.move', gameId, seq: room.seq, move })).toMatchObject({ type: 'ack' });
    expect(room.game.turn()).toEqual({ kind: 'seat', seat: 1 });
    for (const b of bots) b.close();
  }, 60_000);

  // lichess's rule too: a game whose first moves were never all made is aborted (first-move.ts), not claimed
  it('cannot be claimed against a player who left before making a first move', async () => {
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const gameId = await startGame(server, [a, b]);
    const room = server.hub.rooms.get(gameId)!;
    const move = room.game.moveToString(room.game.legalMoves(0)[0]);
    expect(await a.request({ type: 'game.move', gameId, seq: room.seq, move })).toMatchObject({ type: 'ack' });
    const from = a.frames.length;
    b.close();
    // shown not connected, but with no time to a claim
    const away = (await a.next(
      (m) => m.type === 'game.spectators' && m.gameId === gameId && m.present?.length === 1,
      10_000,
      from,
    )) as Spectators;
    expect(away.gone).toBeUndefined();
    await clock.advance(WAIT + 300);
    const refused = await claim(a, server, gameId, 'win');
    expect(refused).toMatchObject({ type: 'error', code: 'not-allowed', refusal: 'no-first-move-yet' });
    expect(refused.type === 'error' && refused.reason).toContain('first move');
    expect(room.status).toBe('playing');
    a.close();
  }, 60_000);

  // 2v2 Junqi: a gone partner's army is out as if it had resigned, and its partner plays on against the other pair
  it('leaves a gone army of 2v2 Junqi out after the allowance, and the game goes on', async () => {
    const bots = [];
    for (let i = 0; i < 4; i++) bots.push(await Bot.guest(server.url));
    const gameId = await startGame(server, bots, 'junqi', { players: 4, teams: 'pairs', mode: 'hidden' });
    const room = server.hub.rooms.get(gameId)!;
    // every army deploys (one setup each), then every seat makes its first move
    for (let seat = 0; seat < 4; seat++) {
      const setup = room.game.moveToString(room.game.legalMoves(seat)[0]);
      expect(await bots[seat]!.request({ type: 'game.move', gameId, seq: room.seq, move: setup })).toMatchObject({
        type: 'ack',
      });
    }
    expect(room.game.turn().kind).toBe('seat');
    for (let n = 0; n < 4; n++) {
      const turn = room.game.turn();
      const seat = turn.kind === 'seat' ? turn.seat : -1;
      const move = room.game.moveToString(room.game.legalMoves(seat)[0]);
      expect(await bots[seat]!.request({ type: 'game.move', gameId, seq: room.seq, move })).toMatchObject({
        type: 'ack',
      });
    }
    const [red, east] = bots as [Bot, Bot];
    east.close();
    const left = await goneFor(red, clock, gameId, 1);
    await clock.advance(left.ms + 5);
    const out = (await red.next(
      (m) => m.type === 'game.update' && m.gameId === gameId && m.event === 'resign',
      10_000,
    )) as Frame;
    expect(out.outcome).toBeUndefined();
    expect(room.status).toBe('playing');
    // the three others play on: seat 1 is never to move again
    for (let n = 0; n < 3; n++) {
      const turn = room.game.turn();
      expect(turn.kind === 'seat' && turn.seat).not.toBe(1);
      const seat = turn.kind === 'seat' ? turn.seat : -1;
      const move = room.game.moveToString(room.game.legalMoves(seat)[0]);
      expect(await bots[seat]!.request({ type: 'game.move', gameId, seq: room.seq, move })).toMatchObject({
        type: 'ack',
      });
      if (room.status !== 'playing') break;
    }
    for (const b of bots) b.close();
  }, 60_000);

  // the moment a player left is stored: a server restarted meanwhile keeps counting from it
  it('keeps the moment a player left across a restart', async () => {
    // one clock across the restart, as the real time would be
    const ownClock = new ManualClock();
    const options = testOptions(backend, { absenceMs: WAIT, clock: ownClock });
    let own = await startServer(options);
    try {
      const a = await Bot.guest(own.url);
      const b = await Bot.guest(own.url);
      const gameId = await startGame(own, [a, b]);
      await firstMoves(own, gameId, [a, b]);
      b.close();
      const gone = await goneFor(a, ownClock, gameId, 1);
      const deadline = gone.at + gone.ms;
      a.close();
      await own.close();
      // two seconds down
      await ownClock.advance(2000);
      own = await startServer({ ...options, port: 0 });
      const back = await Bot.connect(own.url, a.cookie);
      back.send({ type: 'game.watch', gameId });
      const after = await goneFor(back, ownClock, gameId, 1);
      // counted from the departure before the restart, not from the reload
      expect(after.at + after.ms).toBe(deadline);
      expect(after.ms).toBe(WAIT - 2000);
      await ownClock.advance(after.ms);
      const seq = own.hub.rooms.get(gameId)!.seq;
      expect(await back.request({ type: 'game.claim', gameId, seq, result: 'win' })).toMatchObject({ type: 'ack' });
      expect(own.hub.rooms.get(gameId)?.status ?? 'finished').toBe('finished');
      back.close();
    } finally {
      await own.close();
    }
  }, 90_000);
});
