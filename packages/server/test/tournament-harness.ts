import type { PairingInfo, ServerMessage, TournamentView } from '@qiyuan/protocol';
import { afterEach, expect } from 'vitest';
import { type ServerHandle, type ServerOptions, startServer } from '../src/index.js';
import { type Backend, Bot, testOptions } from './helpers.js';

/**
 * What the tournament tests do through the server's own API: register players, create and join tournaments over
 * the WebSocket, read a tournament's view over HTTP, and end its games as players do (a resignation, a draw offered
 * and accepted), so every result takes the path of a real ending.
 */

/** A server a test started, with the players' sockets to close with it. */
export interface Served {
  server: ServerHandle;
  readonly options: ServerOptions;
  readonly bots: Bot[];
}

/**
 * The servers of a test file, each on a fresh store of its backend and closed with its players' sockets after each
 * test: `serve` starts one (`extra`: further server options), `restart` stops one and starts it again on the same
 * store (its players reconnect and are pushed again).
 */
export const tournamentServers = () => {
  const open: Served[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      for (const b of o.bots) b.close();
      await o.server.close();
    }
  });
  const serve = async (
    backend: Backend,
    extra: ServerOptions = {},
  ): Promise<{ server: ServerHandle; entry: Served }> => {
    const options = testOptions(backend, { authPerMinute: 10_000, ...extra });
    const entry: Served = { server: await startServer(options), options, bots: [] };
    open.push(entry);
    return { server: entry.server, entry };
  };
  const restart = async (entry: Served): Promise<ServerHandle> => {
    for (const b of entry.bots.splice(0)) b.close();
    await entry.server.close();
    entry.server = await startServer(entry.options);
    return entry.server;
  };
  return { serve, restart };
};

let counter = 0;

/** A registered player (an account made over HTTP) with a WebSocket of its own. */
export const registered = async (url: string, prefix = 'p'): Promise<Bot> => {
  const name = `${prefix}${process.pid.toString(36)}${(counter++).toString(36)}`.slice(0, 20);
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: 'correct horse battery staple 1' }),
  });
  if (res.status !== 200) throw new Error(`register ${name}: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return Bot.connect(url, cookie);
};

export const registeredMany = async (url: string, n: number): Promise<Bot[]> => {
  const out: Bot[] = [];
  for (let i = 0; i < n; i++) out.push(await registered(url));
  return out;
};

/** The same players on a new server (a restart): new sockets with the same cookies. */
export const reconnect = (url: string, bots: readonly Bot[]): Promise<Bot[]> =>
  Promise.all(bots.map((b) => Bot.connect(url, b.cookie)));

export const idOf = (b: Bot): string => b.user!.id;

let asked = 0;
/** Sends a `tournament.create` and waits for its answer: `tournament.created`, or an error with the reason. */
export const askCreate = (bot: Bot, msg: Record<string, unknown>): Promise<ServerMessage> => {
  const id = `t${++asked}`;
  const from = bot.frames.length;
  bot.send({ ...msg, id });
  return bot.next(
    (m) => (m.type === 'tournament.created' || m.type === 'error') && 'id' in m && m.id === id,
    10_000,
    from,
  );
};

/** Creates a tournament; resolves to its id. */
export const createTournament = async (bot: Bot, fields: Record<string, unknown>): Promise<string> => {
  const answer = await askCreate(bot, {
    type: 'tournament.create',
    name: 'Test cup',
    clock: { kind: 'none' },
    rated: true,
    private: false,
    options: {},
    ...fields,
  });
  if (answer.type !== 'tournament.created') throw new Error(`not created: ${JSON.stringify(answer)}`);
  return answer.tournament.id;
};

export const expectAck = async (bot: Bot, msg: Record<string, unknown>): Promise<void> => {
  const answer = await bot.request(msg);
  expect(answer, JSON.stringify(answer)).toMatchObject({ type: 'ack' });
};

export const view = async (url: string, tid: string): Promise<TournamentView> => {
  const res = await fetch(`${url}/api/tournaments/${tid}`);
  if (res.status !== 200) throw new Error(`tournament ${tid}: ${res.status}`);
  return (await res.json()) as TournamentView;
};

/** Polls the tournament's view until `pred` holds. */
export const until = async (
  url: string,
  tid: string,
  pred: (v: TournamentView) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<TournamentView> => {
  const end = Date.now() + timeoutMs;
  let last: TournamentView | undefined;
  while (Date.now() < end) {
    last = await view(url, tid);
    if (pred(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  const shown = last && { status: last.status, round: last.round, pairings: last.pairings, standings: last.standings };
  throw new Error(`timed out waiting for ${what}; last view: ${JSON.stringify(shown).slice(0, 3000)}`);
};

/** Whether every game paired so far has started (none is still being set up) and one is being played. */
export const settled = (v: TournamentView): boolean =>
  v.pairings.every((p) => p.bye || p.state !== undefined) && playing(v).length > 0;

/** The games of the view that are being played now. */
export const playing = (v: TournamentView): PairingInfo[] => v.pairings.filter((p) => p.state === 'playing');

/** The game's sequence number, as a player following it sees it. */
const seqOf = async (bot: Bot, gameId: string): Promise<number> => {
  const from = bot.frames.length;
  bot.send({ type: 'game.watch', gameId });
  const sync = (await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId, 20_000, from)) as Extract<
    ServerMessage,
    { type: 'game.sync' }
  >;
  bot.send({ type: 'game.unwatch', gameId });
  return sync.seq;
};

/** How a two-seat game ends: the first seat (white) wins, the second wins, or a draw agreed. */
export type Decision = 'white' | 'black' | 'draw';

/** Ends a two-seat game as players do: the loser resigns, or white offers a draw and black accepts. */
export const endGame = async (bots: ReadonlyMap<string, Bot>, p: PairingInfo, how: Decision): Promise<void> => {
  const [w, b] = p.players.map((id) => bots.get(id)!);
  const gameId = p.gameId!;
  if (how === 'draw') {
    const seq = await seqOf(w!, gameId);
    const offered = await w!.request({ type: 'game.offer', gameId, seq, offer: 'draw' });
    expect(offered, JSON.stringify(offered)).toMatchObject({ type: 'ack' });
    const accepted = await b!.request({
      type: 'game.answer',
      gameId,
      seq: (offered as { seq: number }).seq,
      offer: 'draw',
      accept: true,
    });
    expect(accepted, JSON.stringify(accepted)).toMatchObject({ type: 'ack' });
    return;
  }
  const loser = how === 'white' ? b! : w!;
  await resign(loser, gameId);
};

/**
 * Resigns a game, trying again as a client does while the game has no owner for a moment (`unavailable`: its
 * process died and another one is taking it over).
 */
const resign = async (bot: Bot, gameId: string): Promise<void> => {
  const end = Date.now() + 60_000;
  for (;;) {
    const seq = await seqOf(bot, gameId);
    const r = await bot.request({ type: 'game.resign', gameId, seq });
    if (r.type === 'error' && r.code === 'unavailable' && Date.now() < end) {
      await new Promise((ok) => setTimeout(ok, 200));
      continue;
    }
    expect(r, JSON.stringify(r)).toMatchObject({ type: 'ack' });
    return;
  }
};

/** Ends a table game: the seats resign in `order` (the first to resign takes the last place); the last one wins. */
export const endTable = async (bots: ReadonlyMap<string, Bot>, p: PairingInfo, order: readonly number[]) => {
  const gameId = p.gameId!;
  for (const seat of order.slice(0, -1)) {
    await resign(bots.get(p.players[seat]!)!, gameId);
  }
};

/** A small seeded generator (mulberry32), so a failing run can be repeated. */
export const seeded = (seed: number) => {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
