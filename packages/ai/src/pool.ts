import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AiReply, AiRequest } from './protocol.js';

/**
 * A pool of `worker_threads` that answer AI requests, so a search never
 * blocks the server's event loop. Workers run the TypeScript sources through
 * tsx (registered in each worker by `node-worker-boot.mjs`). A request that runs
 * far past its time is answered with a failure and its worker replaced.
 */
export interface PoolOptions {
  /** Worker count (default: the cores less one, at least one). */
  readonly size?: number;
  /** Grace beyond a request's `timeMs` before its worker is killed (ms). */
  readonly graceMs?: number;
  /** Hard cap for requests without `timeMs` (ms). */
  readonly maxMs?: number;
}

interface Job {
  readonly request: AiRequest;
  readonly resolve: (reply: AiReply) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const WORKER_URL = new URL('./node-worker-boot.mjs', import.meta.url);

export class AiPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly graceMs: number;
  private readonly maxMs: number;
  private nextId = 1;
  private closed = false;

  constructor(options: PoolOptions = {}) {
    const size = Math.max(1, options.size ?? availableParallelism() - 1);
    this.graceMs = options.graceMs ?? 5000;
    this.maxMs = options.maxMs ?? 120_000;
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  get size(): number {
    return this.slots.length;
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, { execArgv: [] });
    const slot: Slot = { worker, job: undefined, timer: undefined };
    worker.on('message', (reply: AiReply) => this.finish(slot, reply));
    worker.on('error', (e) => this.replace(slot, 'ai-error', e.message));
    worker.unref();
    return slot;
  }

  /** Answers a request in a worker; never rejects (failures are replies with `ok: false`). */
  request(request: AiRequest): Promise<AiReply> {
    return new Promise((resolve) => {
      if (this.closed) {
        resolve({ ok: false, error: { code: 'pool-closed', reason: 'the AI pool is closed' } });
        return;
      }
      this.queue.push({ request, resolve });
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      const limit = job.request.timeMs !== undefined ? job.request.timeMs + this.graceMs : this.maxMs;
      slot.timer = setTimeout(() => this.replace(slot, 'ai-timeout', `no answer within ${limit} ms`), limit);
      slot.worker.ref();
      slot.worker.postMessage({ ...job.request, id: this.nextId++ });
    }
  }

  private finish(slot: Slot, reply: AiReply): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    slot.worker.unref();
    if (job) {
      const { id: _ignored, ...rest } = reply;
      job.resolve({ ...rest, ...(job.request.id !== undefined ? { id: job.request.id } : {}) } as AiReply);
    }
    this.pump();
  }

  /** Kills a stuck or crashed worker, answers its job with a failure, and starts a fresh one. */
  private replace(slot: Slot, code: string, reason: string): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = undefined;
    void slot.worker.terminate();
    if (!this.closed) {
      const fresh = this.spawn();
      slot.worker = fresh.worker;
      fresh.worker.removeAllListeners('message');
      fresh.worker.removeAllListeners('error');
      fresh.worker.on('message', (reply: AiReply) => this.finish(slot, reply));
      fresh.worker.on('error', (e) => this.replace(slot, 'ai-error', e.message));
    }
    job?.resolve({
      ...(job.request.id !== undefined ? { id: job.request.id } : {}),
      ok: false,
      error: { code, reason },
    });
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      job.resolve({ ok: false, error: { code: 'pool-closed', reason: 'the AI pool is closed' } });
    }
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
