import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Game } from '@qiyuan/core';
import type { ClientMessage, ServerMessage } from '@qiyuan/protocol';
import WebSocket from 'ws';
import { type ServerHandle, type ServerOptions, startServer } from '../src/index.js';
import { childServerBundle } from './child-bundle.js';

export type Backend = 'sqlite' | 'postgres';

/** The engines this run can reach: SQLite always, PostgreSQL when the CI variable is set. */
export const ENGINES: Backend[] = process.env.QIYUAN_TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The engines a behaviour test runs on: SQLite alone. What the store promises is proven on both engines by the
 * store-contract suite (store-contract/), through the repositories every query goes through; the multi-process
 * tests run on PostgreSQL and Redis. Tests of what the engine itself decides (durability after SIGKILL, racing
 * transactions, a failing database) use `ENGINES`. `QIYUAN_TEST_ALL_ENGINES=1` runs every behaviour test on both.
 */
export const BACKENDS: Backend[] = process.env.QIYUAN_TEST_ALL_ENGINES === '1' ? ENGINES : ['sqlite'];

let schemaCounter = 0;
/** A fresh PostgreSQL schema name, unique to this process and run. */
export const freshSchema = (): string =>
  `t_${process.pid}_${Date.now().toString(36)}_${(schemaCounter++).toString(36)}`;

export const tempDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'qiyuan-test-'));

/** Options for a test server on a free port with a fresh database of `backend`. */
export const testOptions = (backend: Backend, extra: ServerOptions = {}): ServerOptions => ({
  port: 0,
  host: '127.0.0.1',
  logLevel: 'silent',
  webDir: '/nonexistent',
  // every test connection comes from this machine; the cap has its own test (edge.test.ts)
  socketsPerAddress: 1e6,
  // test accounts are new: organising a public tournament needs no standing here (it has its own test)
  organiserStanding: { minAgeMs: 0, minRatedGames: 0 },
  ...(backend === 'postgres'
    ? { databaseUrl: process.env.QIYUAN_TEST_DATABASE_URL!, pgSchema: freshSchema() }
    : { dataDir: tempDir(), databaseUrl: '' }),
  ...extra,
});

/**
 * Options for processes of one cluster on the test PostgreSQL: a fresh schema, which also prefixes the Redis keys, so
 * clusters of different tests never meet.
 */
export const clusterOptions = (redisUrl: string, leaseMs: number, extra: ServerOptions = {}): ServerOptions => {
  const schema = freshSchema();
  return testOptions('postgres', { pgSchema: schema, redisUrl, redisPrefix: schema, leaseMs, ...extra });
};

export const startTestServer = (backend: Backend, extra: ServerOptions = {}): Promise<ServerHandle> =>
  startServer(testOptions(backend, extra));

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');

/** A server in its own process (`child-server.ts`), for tests that kill it. */
export interface ChildServer {
  readonly child: ChildProcess;
  readonly url: string;
}

/**
 * Starts `child-server.ts` with `env` added (PORT, QIYUAN_DATA_DIR, DATABASE_URL, …) and waits until it listens.
 * `onSpawn` is told of the process as soon as it exists, so a caller whose wait is cut short (a hook's time limit) can
 * still kill it.
 */
export const spawnServer = (
  env: Record<string, string>,
  onSpawn?: (child: ChildProcess) => void,
): Promise<ChildServer> =>
  childServerBundle().then(
    (bundle) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [bundle], {
          cwd: repo,
          env: { ...process.env, PORT: '0', ...env },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        onSpawn?.(child);
        let out = '';
        child.stdout!.on('data', (d) => {
          out += d.toString();
          const m = /listening (\d+)/.exec(out);
          if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}` });
        });
        child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
      }),
  );

/** Sends `signal` to a child server and waits until it has exited (at once if it already has). */
export const stopServer = (p: ChildServer, signal: NodeJS.Signals): Promise<void> =>
  new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
    p.child.removeAllListeners('exit');
    p.child.on('exit', () => resolve());
    p.child.kill(signal);
  });

/** A new guest session: its cookie header. */
export const guestCookie = async (url: string): Promise<string> => {
  const res = await fetch(`${url}/api/session`);
  const set = res.headers.get('set-cookie') ?? '';
  return set.split(';')[0]!;
};

/** A WebSocket client that records every frame it receives and can wait for one. */
export class Bot {
  readonly frames: ServerMessage[] = [];
  readonly raw: string[] = [];
  private waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  private counter = 0;
  closed: { code: number; reason: string } | undefined;

  private constructor(
    readonly ws: WebSocket,
    readonly cookie?: string,
  ) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const msg = JSON.parse(text) as ServerMessage;
      this.frames.push(msg);
      this.waiters = this.waiters.filter((w) => {
        if (w.pred(msg)) {
          w.resolve(msg);
          return false;
        }
        return true;
      });
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  static async connect(url: string, cookie?: string): Promise<Bot> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, cookie ? { headers: { cookie } } : {});
    const bot = new Bot(ws, cookie);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    bot.send({ type: 'hello', v: 1 });
    await bot.next((m) => m.type === 'welcome');
    return bot;
  }

  /** A bot with a fresh guest session of its own (its cookie kept for reconnecting). */
  static async guest(url: string): Promise<Bot> {
    return Bot.connect(url, await guestCookie(url));
  }

  get user() {
    const w = this.frames.find((m) => m.type === 'welcome');
    return w?.type === 'welcome' ? w.user : undefined;
  }

  send(msg: ClientMessage | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(msg));
  }

  sendRaw(text: string | Buffer): void {
    this.ws.send(text);
  }

  /** The first frame (already received after `from`, or to come) matching `pred`. */
  next(pred: (m: ServerMessage) => boolean, timeoutMs = 10_000, from = 0): Promise<ServerMessage> {
    const seen = this.frames.slice(from).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`timed out waiting; last frames: ${this.raw.slice(-3).join(' | ')}`)),
        timeoutMs,
      );
      this.waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(t);
          resolve(m);
        },
      });
    });
  }

  /** Sends a request with a fresh id and waits for its `ack` or `error`. */
  async request(msg: Record<string, unknown>, timeoutMs = 10_000): Promise<ServerMessage> {
    const id = `r${++this.counter}`;
    const from = this.frames.length;
    this.send({ ...msg, id });
    return this.next(
      (m) =>
        (m.type === 'ack' || m.type === 'error' || m.type === 'seek.created' || m.type === 'pong') &&
        'id' in m &&
        m.id === id,
      timeoutMs,
      from,
    );
  }

  close(): void {
    this.ws.close();
  }
}

/**
 * A TCP proxy in front of a database or Redis, which a test can take down
 * (every connection cut, new ones refused) and bring back on the same port.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    // A port below the ephemeral range: a client retrying a closed ephemeral port can
    // connect to itself (TCP simultaneous open) and take the port.
    for (let attempt = 0; ; attempt++) {
      const port = this.port || 20_000 + Math.floor(Math.random() * 12_000);
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, '127.0.0.1', () => resolve());
        });
        this.port = port;
        break;
      } catch (e) {
        if (this.port || attempt > 20) throw e;
      }
    }
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    // stop accepting first, then cut what is open
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

export type SeekCreated = Extract<ServerMessage, { type: 'seek.created' }>;

/** Creates a seek (casual, public, no clock unless `spec` says otherwise); throws with the answer when refused. */
export const createSeek = async (bot: Bot, spec: Record<string, unknown>): Promise<SeekCreated> => {
  const answer = await bot.request({
    type: 'seek.create',
    clock: { kind: 'none' },
    rated: false,
    private: false,
    ...spec,
  });
  if (answer.type !== 'seek.created') throw new Error(`no seek: ${JSON.stringify(answer)}`);
  return answer;
};

/**
 * A casual two-seat game with no clock between two bots: `a` seeks it with the first seat, `b` joins the second.
 * Returns the game's id once the join is acknowledged.
 */
export const startPairGame = async (
  a: Bot,
  b: Bot,
  game = 'chinese-checkers',
  options: Record<string, unknown> = { players: 2 },
): Promise<string> => {
  const created = await createSeek(a, { game, options, seats: [{ kind: 'me' }, { kind: 'open' }] });
  const joined = await b.request({ type: 'seek.join', seekId: created.seek.id });
  if (joined.type !== 'ack') throw new Error(`join refused: ${JSON.stringify(joined)}`);
  return created.seek.id;
};

/**
 * A two-seat game played through the server by `bots` (seat i's player is `bots[i]`), mirrored in a local copy of the
 * game that picks each move: `play` retries a refused move until it is acknowledged (an outage, a takeover), each
 * refusal a clear error, never a half-applied move.
 */
export class Match {
  seq = 1;
  readonly notations: string[] = [];

  constructor(
    readonly gameId: string,
    readonly mirror: Game,
    readonly bots: Bot[],
  ) {}

  /**
   * Plays the mirror's first legal move, or the one `pick` chooses; `refusal` is the error code expected while the game
   * is unavailable.
   */
  async play(deadlineMs: number, refusal?: string, pick?: (moves: readonly unknown[]) => unknown): Promise<void> {
    const turn = this.mirror.turn();
    const seat = turn.kind === 'seat' ? turn.seat : 0;
    const legal = this.mirror.legalMoves(seat);
    const m = pick ? pick(legal) : legal[0];
    const move = this.mirror.moveToString(m);
    const until = Date.now() + deadlineMs;
    for (;;) {
      const ack = await this.bots[seat]!.request(
        { type: 'game.move', gameId: this.gameId, seq: this.seq, move },
        20_000,
      );
      if (ack.type === 'ack') {
        this.mirror.play(m, seat);
        this.notations.push(move);
        this.seq = ack.seq!;
        return;
      }
      if (ack.type !== 'error' || (refusal !== undefined && ack.code !== refusal))
        throw new Error(`unexpected answer: ${JSON.stringify(ack)}`);
      if (Date.now() > until) throw new Error(`the game did not come back: ${JSON.stringify(ack)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
