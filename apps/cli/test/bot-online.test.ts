import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_API_LIMITS, type ServerHandle, startServer } from '@qiyuan/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNdjson } from '../src/bot/ndjson.js';
import { runBotCommand } from '../src/commands/bot.js';

/**
 * `qiyuan bot --ai beginner` against a person who plays through the Board API, on a real server: the person
 * challenges the bot, the bot accepts, both play the game through their streams until it ends, and the bot's log
 * tells each step. The person is a small client of the board routes written here, choosing among the legal moves
 * its stream gives it.
 */

const nokamute =
  process.env.QIYUAN_NOKAMUTE ??
  resolve(fileURLToPath(new URL('../../../', import.meta.url)), '../shared/anchors/nokamute/nokamute');

let server: ServerHandle;
let dataDir: string;
const serve = (port: number) =>
  startServer({
    port,
    host: '127.0.0.1',
    logLevel: 'silent',
    webDir: '/nonexistent',
    dataDir,
    databaseUrl: '',
    // both sides here move at once, far faster than a person or a timed bot (bot-api.test covers the limits)
    apiLimits: { ...DEFAULT_API_LIMITS, play: { burst: 10_000, perMinute: 60_000 } },
  });
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qiyuan-bot-online-'));
  server = await serve(0);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const account = async (prefix: string, scopes: string[]) => {
  const name = `${prefix}${process.pid.toString(36)}${(counter++).toString(36)}`;
  const res = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: 'a long enough password' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const made = await fetch(`${server.url}/api/tokens`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ description: `${prefix} test`, scopes }),
  });
  expect(made.status, await made.clone().text()).toBe(200);
  const { token } = (await made.json()) as { token: string };
  return { name, token };
};

/**
 * A request, again while it fails to reach the server: after a restart, the kept-alive sockets to the old server are
 * each tried once and fail before a request is read, then a new socket reaches the new server.
 */
const afresh = async (request: () => Promise<Response>): Promise<Response> => {
  for (let i = 0; ; i++) {
    try {
      return await request();
    } catch (e) {
      if (i >= 20) throw e;
    }
  }
};

const post = async (token: string, path: string, body?: unknown) => {
  const send = () =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const res = await afresh(send);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** Reads a stream until `until` returns a value. */
const readUntil = async <T>(
  token: string,
  path: string,
  until: (o: Record<string, unknown>) => Promise<T | undefined>,
  opened?: () => Promise<void>,
) => {
  const stop = new AbortController();
  const open = () =>
    fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: stop.signal });
  const res = await afresh(open);
  expect(res.status).toBe(200);
  try {
    await opened?.();
    for await (const line of readNdjson(res.body!)) {
      if (line.kind !== 'object') continue;
      const done = await until(line.value);
      if (done !== undefined) return done;
    }
    throw new Error(`${path} ended before its answer`);
  } finally {
    stop.abort();
  }
};

/** A bot account running `qiyuan bot` (`--ai beginner` unless told) in process, and a person with a Board API token. */
const setUp = async (
  player: { ai: string } | { engine: string; depth: number } = { ai: 'beginner' },
  game: 'hive' | 'junqi' = 'hive',
) => {
  const bot = await account('bot', ['bot:play', 'challenge:write']);
  expect((await post(bot.token, '/api/bot/account/upgrade')).status).toBe(200);
  const person = await account('person', ['board:play', 'challenge:write']);
  const log: string[] = [];
  const stop = new AbortController();
  let ended: ((end: { status: string; moves: number }) => void) | undefined;
  const botEnd = new Promise<{ status: string; moves: number }>((r) => {
    ended = r;
  });
  const running = runBotCommand(
    { server: server.url, token: bot.token, ...player, games: game, json: true, moveTime: 300 },
    {
      signal: stop.signal,
      write: (line) => log.push(line),
      onGameEnd: (e) => ended?.(e),
      // reconnections come quickly here: the server is back as soon as the test has restarted it
      backoff: { initialMs: 50, maxMs: 400 },
    },
  );
  // the person's event stream: challenge the bot once the stream is open, and wait for the game to start
  const gameId = await readUntil(
    person.token,
    '/api/stream/event',
    async (o) => (o.type === 'gameStart' ? String((o.game as { id: string }).id) : undefined),
    async () => {
      const c = await post(person.token, `/api/challenge/${bot.name}`, {
        game,
        options: {},
        clock: { kind: 'fischer', initialMs: 600_000, incrementMs: 5000 },
        rated: false,
      });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
    },
  );
  expect(gameId).toBeTruthy();
  const events = () => log.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { person, gameId, botEnd, stop, running, events };
};

/**
 * The person's side: a move from a seeded shuffle of its legal moves each turn, until the game is over (its last
 * state) or, with `pauseAt`, until that many moves are on the board and it is the bot's turn to move (undefined).
 */
const playAsPerson = (token: string, gameId: string, seed: { n: number }, pauseAt = Number.POSITIVE_INFINITY) => {
  const pick = <T>(xs: readonly T[]): T => {
    seed.n = (Math.imul(seed.n, 1103515245) + 12345) >>> 0;
    return xs[seed.n % xs.length]!;
  };
  let sentAt = -1;
  return readUntil(token, `/api/board/game/stream/${gameId}`, async (o) => {
    if (o.type !== 'gameFull' && o.type !== 'gameState') return undefined;
    const state = (o.type === 'gameFull' ? o.state : o) as Record<string, unknown>;
    const moves = state.moves as string[];
    if (state.status !== 'started') return state;
    expect(moves.length).toBeLessThan(600);
    const you = (state.you as number[])[0]!;
    const legal = (state.legal as Record<string, string[]> | undefined)?.[String(you)];
    if (moves.length >= pauseAt && !legal?.length) return 'paused' as const;
    if (legal?.length && sentAt !== moves.length) {
      sentAt = moves.length;
      const r = await post(token, `/api/board/game/${gameId}/move/${encodeURIComponent(pick(legal))}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    return undefined;
  });
};

const expectWholeGame = async (
  last: Record<string, unknown> | 'paused',
  t: Awaited<ReturnType<typeof setUp>>,
): Promise<void> => {
  if (last === 'paused') throw new Error('the game was paused, not ended');
  expect(last.status).toBe('finished');
  // ended by the rules (a queen surrounded, a draw by repetition), not by a resignation or a timeout
  expect((last.result as { reason: string }).reason).not.toMatch(/resign|timeout|time/);
  const end = await t.botEnd;
  expect(end.status).toBe('finished');
  expect(end.moves).toBe((last.moves as string[]).length);
  t.stop.abort();
  expect(await t.running).toEqual({ ok: true, value: undefined });
  const events = t.events();
  const named = events.map((e) => e.event);
  expect(named).toContain('accept');
  expect(named).toContain('gameStart');
  expect(named).toContain('gameFinish');
  // the bot played about half the moves, each logged with its game and move
  const botMoves = events.filter((e) => e.event === 'move' && !e.failed);
  // (its last move may end the game before the log has it: the answer to the post comes after the stream's end)
  expect(botMoves.length).toBeGreaterThanOrEqual(Math.floor((end.moves - 1) / 2));
  expect(botMoves.every((e) => e.game === t.gameId && typeof e.move === 'string')).toBe(true);
};

describe('qiyuan bot --ai against a Board API client', () => {
  it('accepts a challenge and plays a whole game of Hive to its end', async () => {
    const t = await setUp();
    await expectWholeGame(await playAsPerson(t.person.token, t.gameId, { n: 12345 }), t);
  });

  // Junqi hides the enemy's ranks: the bot plays from what its own stream shows (its view, the combats as it saw
  // them, its legal moves), the deployment included, as the site's own AI seats do
  it("plays a whole game of Junqi from its seat's view, its deployment first", async () => {
    const t = await setUp({ ai: 'beginner' }, 'junqi');
    await expectWholeGame(await playAsPerson(t.person.token, t.gameId, { n: 99 }), t);
    const moves = t.events().filter((e) => e.event === 'move' && !e.failed);
    expect(String(moves[0]?.move)).toMatch(/^setup /);
  });

  // nokamute, the engine docs/BOTS.md puts online, when this machine has it (as the UHP conformance test finds it)
  it.skipIf(!existsSync(nokamute))(
    'brings nokamute online: a whole game through `--engine "nokamute uhp"`',
    async () => {
      const t = await setUp({ engine: `${nokamute} uhp`, depth: 1 });
      await expectWholeGame(await playAsPerson(t.person.token, t.gameId, { n: 4242 }), t);
      expect(t.events().find((e) => e.event === 'start')?.player).toMatch(/^nokamute/);
    },
  );

  it('reconnects after a server restart and finishes the game it was playing', async () => {
    const t = await setUp();
    const seed = { n: 777 };
    expect(await playAsPerson(t.person.token, t.gameId, seed, 6)).toBe('paused');
    // the deployment restarts the server on the same address and data, with the game in progress
    const port = server.port;
    await server.close();
    server = await serve(port);
    await expectWholeGame(await playAsPerson(t.person.token, t.gameId, seed), t);
    const named = t.events().map((e) => e.event);
    expect(named).toContain('reconnect');
    expect(named).toContain('resume');
  });
});
