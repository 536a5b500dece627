import { Worker } from 'node:worker_threads';
import type { ReviewJob, ReviewReply } from './analysis/review-job.js';

export type { ReviewJob, ReviewReply, StoredReview } from './analysis/review-job.js';

/**
 * Reviews of finished games in `worker_threads` of their own, apart from the pool that plays the AI seats: a review
 * searches every ply of a game and takes seconds, and a player waiting for an AI's move must not wait behind it.
 * `size` workers run at once (the concurrency bound), the rest queue; a review that runs past `maxMs` is answered
 * with a failure and its worker replaced.
 */
export interface ReviewPoolOptions {
  /** Reviews computed at once (default 1: the machine's other cores play games). */
  readonly size?: number;
  /** The longest a review may take (default 5 minutes). */
  readonly maxMs?: number;
}

interface Job {
  readonly job: ReviewJob;
  readonly resolve: (reply: ReviewReply) => void;
}

interface Slot {
  worker: Worker | undefined;
  current: Job | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const BOOT = new URL('./node-worker-boot.mjs', import.meta.url);

export class ReviewPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private readonly maxMs: number;
  private closed = false;

  constructor(options: ReviewPoolOptions = {}) {
    this.maxMs = options.maxMs ?? 300_000;
    // workers start with their first review: a server that is never asked for one never loads the engines twice
    this.slots = Array.from({ length: Math.max(1, options.size ?? 1) }, () => ({
      worker: undefined,
      current: undefined,
      timer: undefined,
    }));
  }

  /** Reviews waiting for a worker, and being made. */
  get load(): number {
    return this.queue.length + this.slots.filter((s) => s.current).length;
  }

  /** Makes a review in a worker; never rejects (failures are replies with `ok: false`). */
  review(job: ReviewJob): Promise<ReviewReply> {
    return new Promise((resolve) => {
      if (this.closed)
        return resolve({ ok: false, error: { code: 'pool-closed', reason: 'the review pool is closed' } });
      this.queue.push({ job, resolve });
      this.pump();
    });
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(BOOT, { execArgv: [], workerData: { entry: './review-worker.ts' } });
    worker.on('message', (reply: ReviewReply) => {
      if (slot.worker === worker) this.finish(slot, reply);
    });
    worker.on('error', (e) => {
      if (slot.worker === worker) this.fail(slot, 'review-error', e.message);
    });
    worker.unref();
    return worker;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.current || this.queue.length === 0) continue;
      const next = this.queue.shift()!;
      slot.current = next;
      slot.worker ??= this.spawn(slot);
      slot.timer = setTimeout(() => this.fail(slot, 'review-timeout', `no review within ${this.maxMs} ms`), this.maxMs);
      slot.worker.ref();
      slot.worker.postMessage(next.job);
    }
  }

  private finish(slot: Slot, reply: ReviewReply): void {
    const job = slot.current;
    if (slot.timer) clearTimeout(slot.timer);
    slot.current = undefined;
    slot.timer = undefined;
    slot.worker?.unref();
    job?.resolve(reply);
    this.pump();
  }

  /** A stuck or crashed worker is ended and its review answered with a failure; the next review starts a fresh one. */
  private fail(slot: Slot, code: string, reason: string): void {
    const job = slot.current;
    if (slot.timer) clearTimeout(slot.timer);
    slot.current = undefined;
    slot.timer = undefined;
    void slot.worker?.terminate();
    slot.worker = undefined;
    job?.resolve({ ok: false, error: { code, reason } });
    if (!this.closed) this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      job.resolve({ ok: false, error: { code: 'pool-closed', reason: 'the review pool is closed' } });
    await Promise.all(
      this.slots.map((s) => {
        const worker = s.worker;
        this.fail(s, 'pool-closed', 'the review pool is closed');
        return worker?.terminate();
      }),
    );
  }
}
