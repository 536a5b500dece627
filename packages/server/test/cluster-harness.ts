import type { ChildProcess } from 'node:child_process';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import { Redis } from 'ioredis';
import pg from 'pg';
import { expect } from 'vitest';
import { Bot, type ChildServer, freshSchema, Match, spawnServer, startPairGame, stopServer } from './helpers.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './services.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Several server processes (child processes, so a test can SIGKILL or SIGSTOP
 * them) on one PostgreSQL schema and one Redis prefix of their own, with the
 * test's own connections to both for looking at leases and stored games.
 */
export class ClusterHarness {
  readonly schema = freshSchema();
  readonly procs: ChildServer[] = [];
  private readonly redis = new Redis(TEST_REDIS_URL!);
  private readonly db = new pg.Client({
    connectionString: TEST_DATABASE_URL!,
    options: `-c search_path=${this.schema}`,
  });

  constructor(readonly leaseMs: number) {}

  private connected = false;
  /** Every process started, listening or not yet: `close` kills them all, even after a `start` that failed. */
  private readonly children = new Set<ChildProcess>();

  /**
   * Starts `n` processes and returns every process started so far: a test may start one more of its own later (to
   * kill it) beside the ones its file shares. The first process of the cluster runs the migrations alone; the others
   * then start side by side (each takes seconds to load under tsx).
   */
  async start(n: number): Promise<ChildServer[]> {
    const env = {
      DATABASE_URL: TEST_DATABASE_URL!,
      REDIS_URL: TEST_REDIS_URL!,
      QIYUAN_PG_SCHEMA: this.schema,
      QIYUAN_REDIS_PREFIX: this.schema,
      QIYUAN_LEASE_MS: String(this.leaseMs),
    };
    const spawnOne = () => spawnServer(env, (child) => this.children.add(child));
    let left = n;
    if (this.procs.length === 0 && left > 0) {
      this.procs.push(await spawnOne());
      left--;
    }
    // in the order asked for, whichever listens first
    this.procs.push(...(await Promise.all(Array.from({ length: left }, spawnOne))));
    if (!this.connected) await this.db.connect();
    this.connected = true;
    return this.procs;
  }

  async close(): Promise<void> {
    const all = [...this.children].map((child) => ({ child, url: '' }));
    for (const p of all) p.child.kill('SIGCONT');
    await Promise.all(all.map((p) => stopServer(p, 'SIGKILL')));
    this.redis.disconnect();
    await this.db.end().catch(() => {});
  }

  /** The game's lease as stored in Redis: `<process>:<fencing token>`. */
  async lease(gameId: string): Promise<{ holder: string; fence: number } | undefined> {
    const v = await this.redis.get(`${this.schema}:lease:${gameId}`);
    if (!v) return undefined;
    const [holder, fence] = v.split(':');
    return { holder: holder!, fence: Number(fence) };
  }

  /** Waits until a process other than `gone` holds the game's lease; its id. */
  async takenFrom(gameId: string, gone: string, timeoutMs = 30_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const l = await this.lease(gameId);
      if (l && l.holder !== gone) return l.holder;
      if (Date.now() > until) throw new Error(`nobody took game ${gameId} over from ${gone}`);
      await sleep(50);
    }
  }

  /** The game's row as stored. */
  async row(gameId: string): Promise<{ status: string; seq: number; seats: unknown[]; fence: number }> {
    const r = await this.db.query('SELECT status, seq, seats, fence FROM games WHERE id = $1', [gameId]);
    const row = r.rows[0] as { status: string; seq: number; seats: string; fence: string };
    return { status: row.status, seq: Number(row.seq), seats: JSON.parse(row.seats), fence: Number(row.fence) };
  }

  /** The game's options as stored, with the seed the server drew for it (which no client is told while it is played). */
  async options(gameId: string): Promise<Record<string, string | number | boolean>> {
    const r = await this.db.query('SELECT options FROM games WHERE id = $1', [gameId]);
    // the commitment's salt is stored beside the options; the engine's options never hold it
    const { salt: _, ...options } = JSON.parse((r.rows[0] as { options: string }).options);
    return options;
  }

  /** The sequence numbers of the game's stored events, in order (a change written twice would show twice). */
  async eventSeqs(gameId: string): Promise<number[]> {
    const r = await this.db.query('SELECT seq FROM game_events WHERE game_id = $1 ORDER BY seq', [gameId]);
    return r.rows.map((x: { seq: number }) => Number(x.seq));
  }

  /**
   * Checks what a game stored against what its players were told: one event
   * per sequence number from the start to the last acknowledged one, and the
   * record (seen by a fresh watcher on `proc`) exactly the acknowledged moves.
   */
  async expectStoredOnce(
    match: { readonly gameId: string; readonly seq: number; readonly notations: readonly string[] },
    proc: ChildServer,
  ): Promise<void> {
    expect(await this.eventSeqs(match.gameId)).toEqual(Array.from({ length: match.seq }, (_, i) => i + 1));
    const watcher = await Bot.connect(proc.url);
    try {
      watcher.send({ type: 'game.watch', gameId: match.gameId });
      const sync = await watcher.next((m) => m.type === 'game.sync');
      expect(sync.type === 'game.sync' && sync.seq).toBe(match.seq);
      expect(sync.type === 'game.sync' && sync.records.map((r) => r.notation)).toEqual(match.notations);
    } finally {
      watcher.close();
    }
  }
}

/** A new two-player Chinese Checkers game: the creator on `creator`'s process (its owner), the joiner on `joiner`'s. */
export const pairOn = async (creator: ChildServer, joiner: ChildServer): Promise<Match> => {
  const a = await Bot.guest(creator.url);
  const b = await Bot.guest(joiner.url);
  const gameId = await startPairGame(a, b);
  return new Match(gameId, unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 })))), [
    a,
    b,
  ]);
};

/** The seat to move in a match's mirror, and the move `Match.play` would send for it. */
export const nextMove = (m: Match): { seat: number; move: string } => {
  const turn = m.mirror.turn();
  const seat = turn.kind === 'seat' ? turn.seat : 0;
  return { seat, move: m.mirror.moveToString(m.mirror.legalMoves(seat)[0]) };
};

/** A request with a chosen id: its first answer (ack or error), while later answers with that id stay in `bot.frames`. */
export const ask = (bot: Bot, id: string, msg: Record<string, unknown>, timeoutMs = 60_000) => {
  const from = bot.frames.length;
  bot.send({ ...msg, id });
  return bot.next((m) => (m.type === 'ack' || m.type === 'error') && 'id' in m && m.id === id, timeoutMs, from);
};
