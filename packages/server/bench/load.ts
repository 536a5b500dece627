import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { type Game, Rng, unwrap } from '@qiyuan/core';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';

/**
 * The load generator of `qiyuan bench server`: it starts server processes,
 * opens `connections` WebSockets (most of them idle, as lobby browsers and
 * spectators are), and lets `games` of them play hotseat Chinese Checkers as
 * fast as the server acknowledges, for `seconds`. Every move is a full server
 * move: parsed, checked and played by the engine, committed to the database,
 * acknowledged, and a frame built and sent to the watcher.
 */
export interface LoadOptions {
  readonly connections: number;
  readonly games: number;
  readonly seconds: number;
  /**
   * Seconds of the same play before the measured `seconds` (default 0): what a server does once — compiling its
   * code paths to optimized machine code, growing its heap — is then not counted as the cost of a move. Each of
   * several processes warms up on its share of the moves, so a short run without it overstates them most.
   */
  readonly warmupSeconds?: number;
  readonly processes: number;
  /** postgres://… (needed for several processes); SQLite otherwise. */
  readonly databaseUrl?: string;
  /** redis://… (needed for several processes). */
  readonly redisUrl?: string;
  /**
   * Each game between two players on different processes (connections are
   * spread round-robin), so every move of the second seat is forwarded to the
   * game's owner; otherwise one hotseat player per game.
   */
  readonly split?: boolean;
  /**
   * Moves per second offered in all (spread evenly over the games): each game sends its next move at its own pace,
   * or at once when the previous answer came late. Without it every game moves as fast as the server answers.
   */
  readonly rate?: number;
  /**
   * The server process to start (default `server-process.ts`): `socket-floor-server.ts` answers the same messages
   * with fixed texts, to measure what the sockets alone cost (socket-floor.ts).
   */
  readonly serverScript?: string;
}

export interface LoadResult {
  readonly moves: number;
  readonly movesPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly connections: number;
  readonly bytesPerConnection: number;
  readonly errors: number;
  /** CPU time (user + system) of the server processes per acknowledged move, and of the bots. */
  readonly serverCpuMsPerMove: number;
  readonly botCpuMsPerMove: number;
  /** The 1-minute load average when the play phase ended. */
  readonly loadAverage: number;
  /** How busy the machine's cores were during the play phase (0–1: servers, bots, databases and anything else). */
  readonly machineBusy: number;
  /**
   * The PostgreSQL schema and Redis key prefix this run used (`bench_<pid>_<time>`), and what of it was still
   * there after the run cleaned up: 0 and false when it left nothing behind.
   */
  readonly namespace: string;
  readonly leftBehind: { readonly redisKeys: number; readonly schema: boolean };
  /** How many Redis keys the clean-up deleted (game fences at least: a run that plays creates some). */
  readonly removedRedisKeys: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');

const spawnServer = (
  env: Record<string, string>,
  script = 'server-process.ts',
): Promise<{ child: ChildProcess; port: number }> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(process.env.QIYUAN_BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
        '--import',
        'tsx',
        path.join(here, script),
      ],
      {
        cwd: repo,
        env: { ...process.env, PORT: '0', ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });

/** User + system CPU time of a process in ms (the clock ticks of /proc/<pid>/stat, 100 per second on Linux). */
const cpuMsOf = (pid: number): number => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Busy and total jiffies of all cores (/proc/stat). */
const machineTicks = (): { busy: number; total: number } => {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const t = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = t.reduce((a, b) => a + b, 0);
  return { busy: total - t[3]! - t[4]!, total };
};

const rssOf = (pid: number): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

interface Conn {
  ws: WebSocket;
  onMessage?: (msg: { type: string; id?: string; seq?: number; seek?: { id: string }; code?: string }) => void;
}

const open = (port: number): Promise<Conn> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { perMessageDeflate: false });
    const conn: Conn = { ws };
    ws.on('message', (data) => conn.onMessage?.(JSON.parse(data.toString())));
    ws.once('open', () => {
      ws.send('{"type":"hello","v":1}');
      resolve(conn);
    });
    ws.once('error', reject);
  });

const request = (
  conn: Conn,
  msg: Record<string, unknown>,
  id: string,
): Promise<{ type: string; seq?: number; seek?: { id: string }; code?: string }> =>
  new Promise((resolve) => {
    conn.onMessage = (m) => {
      if (m.id === id) resolve(m);
    };
    conn.ws.send(JSON.stringify({ ...msg, id }));
  });

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const runLoad = async (o: LoadOptions): Promise<LoadResult> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiyuan-bench-'));
  const servers: { child: ChildProcess; port: number }[] = [];
  const conns: Conn[] = [];
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  if (o.processes > 1 && (!o.databaseUrl || !o.redisUrl)) {
    throw new Error('several processes need DATABASE_URL (PostgreSQL) and REDIS_URL');
  }
  let measured: Omit<LoadResult, 'namespace' | 'leftBehind' | 'removedRedisKeys'>;
  // the warm-up's end, cleared with the run: a run that fails early must not read a stopped server's counters later
  let warmedUp: ReturnType<typeof setTimeout> | undefined;
  let removedRedisKeys = 0;
  try {
    const env: Record<string, string> = o.databaseUrl
      ? {
          DATABASE_URL: o.databaseUrl,
          QIYUAN_PG_SCHEMA: schema,
          ...(o.redisUrl ? { REDIS_URL: o.redisUrl, QIYUAN_REDIS_PREFIX: schema } : {}),
        }
      : { QIYUAN_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    // The first process creates the schema alone; the others then start side by side (each takes seconds to load).
    // Every one that started is in `servers` before a failure is thrown, so the clean-up below stops it.
    if (o.processes > 0) servers.push(await spawnServer(env, o.serverScript));
    const rest = await Promise.allSettled(
      Array.from({ length: o.processes - 1 }, () => spawnServer(env, o.serverScript)),
    );
    for (const r of rest) if (r.status === 'fulfilled') servers.push(r.value);
    const failed = rest.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    await new Promise((r) => setTimeout(r, 300));
    const rssBefore = servers.reduce((s, x) => s + rssOf(x.child.pid!), 0);
    // open the connections in batches
    for (let i = 0; i < o.connections; i += 200) {
      const batch = Math.min(200, o.connections - i);
      conns.push(
        ...(await Promise.all(Array.from({ length: batch }, (_, k) => open(servers[(i + k) % servers.length]!.port)))),
      );
    }
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfter = servers.reduce((s, x) => s + rssOf(x.child.pid!), 0);

    const latencies: number[] = [];
    let errors = 0;
    // the measured window opens after the warm-up: the CPU counters are read then, and only moves sent after count
    const warmupMs = (o.warmupSeconds ?? 0) * 1000;
    let measureFrom = Number.POSITIVE_INFINITY;
    let cpuBefore = 0;
    let botCpuBefore = process.cpuUsage();
    let ticksBefore = machineTicks();
    const openWindow = () => {
      measureFrom = performance.now();
      cpuBefore = servers.reduce((sum, x) => sum + cpuMsOf(x.child.pid!), 0);
      botCpuBefore = process.cpuUsage();
      ticksBefore = machineTicks();
    };
    if (warmupMs > 0) warmedUp = setTimeout(openWindow, warmupMs);
    else openWindow();
    const deadline = Date.now() + warmupMs + o.seconds * 1000;
    const split = o.split === true;
    const players = conns.slice(0, split ? 2 * o.games : o.games);
    await Promise.all(
      Array.from({ length: o.games }, async (_, p) => {
        // split: seat 0 on players[2p], seat 1 on players[2p + 1] (the next process)
        const conn = split ? players[2 * p]! : players[p]!;
        const seatConn = (seat: number): Conn => (split ? players[2 * p + seat]! : conn);
        const rng = Rng.fromSeed(p + 1);
        let n = 0;
        // offered load: this game's k-th move is due at start + k·interval (staggered across the games)
        const interval = o.rate ? (1000 * o.games) / o.rate : 0;
        let due = performance.now() + (interval * p) / o.games;
        while (Date.now() < deadline) {
          const created = await request(
            conn,
            {
              type: 'seek.create',
              game: 'chinese-checkers',
              options: { players: 2 },
              clock: { kind: 'fischer', initialMs: 600_000, incrementMs: 0 },
              rated: false,
              seats: split ? [{ kind: 'me' }, { kind: 'open' }] : [{ kind: 'me' }, { kind: 'me' }],
              private: true,
            },
            `c${n++}`,
          );
          if (created.type !== 'seek.created' || !created.seek) {
            errors++;
            continue;
          }
          const gameId = created.seek.id;
          if (split) {
            const joined = await request(players[2 * p + 1]!, { type: 'seek.join', seekId: gameId }, `j${n++}`);
            if (joined.type !== 'ack') {
              errors++;
              continue;
            }
          }
          conn.ws.send(JSON.stringify({ type: 'game.watch', gameId }));
          const mirror: Game = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 }))));
          let seq = 1;
          while (Date.now() < deadline && !mirror.outcome() && mirror.ply < 200) {
            const turn = mirror.turn();
            const seat = turn.kind === 'seat' ? turn.seat : 0;
            const legal = mirror.legalMoves(seat);
            const move = legal[rng.int(0, legal.length - 1)];
            if (interval > 0) {
              const wait = due - performance.now();
              if (wait > 1) await new Promise((r) => setTimeout(r, wait));
              due += interval;
            }
            const t0 = performance.now();
            const ack = await request(
              seatConn(seat),
              { type: 'game.move', gameId, seq, seat, move: mirror.moveToString(move) },
              `m${n++}`,
            );
            if (ack.type !== 'ack') {
              errors++;
              break;
            }
            if (t0 >= measureFrom) latencies.push(performance.now() - t0);
            mirror.play(move, seat);
            seq = ack.seq!;
          }
        }
      }),
    );
    const serverCpuMs = servers.reduce((sum, x) => sum + cpuMsOf(x.child.pid!), 0) - cpuBefore;
    const botCpu = process.cpuUsage(botCpuBefore);
    const loadAverage = os.loadavg()[0]!;
    const ticksAfter = machineTicks();
    latencies.sort((a, b) => a - b);
    measured = {
      moves: latencies.length,
      movesPerSecond: latencies.length / o.seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      connections: conns.length,
      bytesPerConnection: (rssAfter - rssBefore) / Math.max(1, conns.length),
      errors,
      serverCpuMsPerMove: serverCpuMs / Math.max(1, latencies.length),
      botCpuMsPerMove: (botCpu.user + botCpu.system) / 1000 / Math.max(1, latencies.length),
      loadAverage,
      machineBusy: (ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.total - ticksBefore.total),
    };
  } finally {
    clearTimeout(warmedUp);
    for (const c of conns) c.ws.terminate();
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.child.removeAllListeners('exit');
            s.child.once('exit', () => resolve());
            s.child.kill('SIGTERM');
            setTimeout(() => s.child.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
    removedRedisKeys = await cleanUp(o, schema);
  }
  return { ...measured, namespace: schema, leftBehind: await leftBehind(o, schema), removedRedisKeys };
};

/** The Redis keys under the run's prefix, scanned (never KEYS, which blocks a shared server). */
const keysUnder = async (redis: Redis, prefix: string): Promise<string[]> => {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    found.push(...keys);
  } while (cursor !== '0');
  return found;
};

/**
 * Deletes what the run created on shared services once its servers have stopped: the PostgreSQL schema and
 * every Redis key under the run's prefix (leases expire by themselves, but game fences and the rest do not).
 */
const cleanUp = async (o: LoadOptions, namespace: string): Promise<number> => {
  let removed = 0;
  if (o.databaseUrl) {
    const client = new pg.Client({ connectionString: o.databaseUrl });
    await client.connect().catch(() => {});
    await client.query(`DROP SCHEMA IF EXISTS "${namespace}" CASCADE`).catch(() => {});
    await client.end().catch(() => {});
  }
  if (o.redisUrl) {
    const redis = new Redis(o.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    try {
      await redis.connect();
      const keys = await keysUnder(redis, namespace);
      for (let i = 0; i < keys.length; i += 500) removed += await redis.unlink(...keys.slice(i, i + 500));
    } catch {
      // Unreachable Redis: `leftBehind` says what is left.
    } finally {
      redis.disconnect();
    }
  }
  return removed;
};

/** What of the run is still on the shared services: how many of its Redis keys, and whether its schema exists. */
const leftBehind = async (o: LoadOptions, namespace: string): Promise<LoadResult['leftBehind']> => {
  let schema = false;
  let redisKeys = 0;
  if (o.databaseUrl) {
    const client = new pg.Client({ connectionString: o.databaseUrl });
    try {
      await client.connect();
      const r = await client.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [namespace]);
      schema = (r.rowCount ?? 0) > 0;
    } finally {
      await client.end().catch(() => {});
    }
  }
  if (o.redisUrl) {
    const redis = new Redis(o.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    try {
      await redis.connect();
      redisKeys = (await keysUnder(redis, namespace)).length;
    } finally {
      redis.disconnect();
    }
  }
  return { redisKeys, schema };
};
