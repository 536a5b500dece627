import { randomBytes } from 'node:crypto';
import type { JsonValue } from '@qiyuan/core';
import type { Logger } from 'pino';
import type { DeadlineRecord, DeadlinesRepo } from './repos/deadlines.js';
import { type ClockTimer, type ServerClock, systemClock } from './server-clock.js';
import type { Tx } from './store.js';

/**
 * Deadlines shared by every server process through the database (the `deadlines` table), for what must happen at a
 * time whether or not any process holds the thing in memory: a correspondence game's flag, a reminder, a
 * tournament's next round. See "Deadlines" in the package README.
 *
 * A deadline is a row: a unique `key`, a `kind` naming its handler, when it is due, and a small JSON value. Every
 * process polls for due rows and claims them with one atomic UPDATE (on PostgreSQL under `FOR UPDATE SKIP LOCKED`),
 * so each version of a deadline is handed to one process only. The handler runs; when it is done the row is deleted
 * (only if nobody set it again meanwhile). A handler that fails, or a claim left by a process that died while
 * handling it (older than `claimTimeoutMs`), is handed out again: handlers make their effect conditional on the
 * state they were set for (a game's sequence number, a tournament's round), so a repeated run changes nothing.
 */

/** A deadline as its handler receives it. */
export interface Deadline {
  readonly key: string;
  readonly kind: string;
  readonly dueAt: number;
  readonly data: JsonValue;
}

/** `done`: the row is deleted. `retry`: handed out again after `retryMs` (also what a thrown error does). */
export type DeadlineHandler = (deadline: Deadline) => Promise<'done' | 'retry'>;

export interface SchedulerOptions {
  /** How often due deadlines are looked for (default 1,000 ms). */
  readonly pollMs?: number;
  /** A claim older than this is taken as abandoned (its process died) and handed out again (default 60,000 ms). */
  readonly claimTimeoutMs?: number;
  /** How long after a failed run a deadline is tried again (default 2,000 ms). */
  readonly retryMs?: number;
  /** Deadlines claimed per look (default 32). */
  readonly batch?: number;
  /** The server's clock: what is due, and when to look (default the system's). */
  readonly clock?: ServerClock;
}

export class Scheduler {
  /** Who claims: this process (its cluster id when it has one). */
  readonly owner: string;
  private readonly handlers = new Map<string, DeadlineHandler>();
  private timer: ClockTimer | undefined;
  private running = false;
  /** A look was asked for while one was going on: one more follows it, so a deadline that fell due meanwhile is seen. */
  private again = false;
  private stopped = true;
  private readonly pollMs: number;
  private readonly claimTimeoutMs: number;
  private readonly retryMs: number;
  private readonly batch: number;
  private readonly clock: ServerClock;

  constructor(
    private readonly repo: DeadlinesRepo,
    private readonly log: Logger,
    owner?: string,
    options: SchedulerOptions = {},
  ) {
    this.owner = owner ?? randomBytes(6).toString('base64url');
    this.pollMs = options.pollMs ?? 1000;
    this.claimTimeoutMs = options.claimTimeoutMs ?? 60_000;
    this.retryMs = options.retryMs ?? 2000;
    this.batch = options.batch ?? 32;
    this.clock = options.clock ?? systemClock;
  }

  /** The handler of one kind of deadline (one per kind, on every process that may claim it). */
  on(kind: string, handler: DeadlineHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * Sets (or moves) the deadline `key`: due at `dueAt`, unclaimed, with a new version, so a run of its earlier
   * version that is still going will not delete it. Pass `tx` to set it in the same transaction as the change that
   * decided it.
   */
  async set(key: string, kind: string, dueAt: number, data: JsonValue = null, tx?: Tx): Promise<void> {
    await this.repo.set(key, kind, Math.round(dueAt), JSON.stringify(data), tx);
  }

  /** Removes the deadline `key`, claimed or not (a run going on finishes, and its result changes nothing). */
  async cancel(key: string, tx?: Tx): Promise<void> {
    await this.repo.cancel(key, tx);
  }

  /** The deadline `key` as stored, if any (for tests and tools). */
  async get(key: string): Promise<(Deadline & { claimedBy: string | null }) | undefined> {
    const r = await this.repo.get(key);
    return r ? { ...toDeadline(r), claimedBy: r.claimedBy } : undefined;
  }

  /** Looks for due deadlines every `pollMs`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    // a look still going when the next is due is not doubled: runDue looks once at a time
    this.timer = this.clock.every(this.pollMs, () => {
      if (this.stopped) return;
      this.runDue().catch((e: unknown) => this.log.warn({ err: e }, 'deadlines not looked at'));
    });
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = undefined;
  }

  /**
   * Claims the deadlines due at `now` that nobody holds (or whose claim was abandoned) and runs their handlers;
   * resolves with the number run. One look at a time per process.
   */
  async runDue(now = this.clock.now()): Promise<number> {
    if (this.running) {
      this.again = true;
      return 0;
    }
    this.running = true;
    try {
      const claimed = await this.claim(now);
      await Promise.all(claimed.map((row) => this.runOne(row)));
      return claimed.length;
    } finally {
      this.running = false;
      if (this.again && !this.stopped) {
        this.again = false;
        this.runDue().catch((e: unknown) => this.log.warn({ err: e }, 'deadlines not looked at'));
      }
    }
  }

  private claim(now: number): Promise<DeadlineRecord[]> {
    return this.repo.claimDue(this.owner, now, now - this.claimTimeoutMs, this.batch);
  }

  private async runOne(row: DeadlineRecord): Promise<void> {
    const handler = this.handlers.get(row.kind);
    const version = row.version;
    let result: 'done' | 'retry' = 'retry';
    if (!handler) {
      this.log.warn({ key: row.key, kind: row.kind }, 'no handler for a deadline: handed back');
    } else {
      try {
        result = await handler(toDeadline(row));
      } catch (e) {
        this.log.warn({ err: e, key: row.key }, 'deadline failed: tried again later');
      }
    }
    try {
      if (result === 'done') {
        await this.repo.finish(row.key, version, this.owner);
      } else {
        await this.repo.handBack(row.key, version, this.owner, this.clock.now() + this.retryMs);
      }
    } catch (e) {
      // the claim stays until it is taken as abandoned, and the deadline is handed out again then
      this.log.warn({ err: e, key: row.key }, 'deadline not settled');
    }
  }
}

const toDeadline = (r: DeadlineRecord): Deadline => {
  let data: JsonValue = null;
  try {
    data = JSON.parse(r.data) as JsonValue;
  } catch {
    // a damaged value reaches the handler as null
  }
  return { key: r.key, kind: r.kind, dueAt: r.dueAt, data };
};
