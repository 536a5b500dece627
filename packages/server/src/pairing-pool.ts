import { Worker } from 'node:worker_threads';
import { computePairing, type PairingAnswer, type PairingJob } from './pairing-job.js';

/**
 * Tournament pairing off the event loop. Pairing a Swiss round of a thousand players takes about a second or more
 * (a maximum-weight matching over the whole field), and on the event loop every game this process serves would wait
 * for it; so a large field is paired in a `worker_threads` worker and the loop goes on serving moves meanwhile. A
 * small field is paired at once where it is asked (it takes well under a millisecond, less than a message to a
 * worker). The worker starts with the first large job and is replaced if it fails; jobs are answered in order.
 */

/** Entrants from which a pairing goes to the worker. */
export const WORKER_FROM_ENTRANTS = 64;

const BOOT = new URL('./pairing-boot.mjs', import.meta.url);

interface Pending {
  readonly resolve: (a: PairingAnswer) => void;
}

export class PairingPool {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private counter = 0;
  private readonly started = new Set<() => void>();
  private closed = false;

  constructor(private readonly workerFrom = WORKER_FROM_ENTRANTS) {}

  /** Jobs handed to the worker and not answered yet. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Calls `f` each time a job is handed to the worker (tests wait for it rather than for a time). */
  onWorkerJob(f: () => void): () => void {
    this.started.add(f);
    return () => this.started.delete(f);
  }

  /** Pairs a job: in the worker for a large field, here for a small one. Never rejects. */
  pair(job: PairingJob): Promise<PairingAnswer> {
    if (this.closed || job.entrants.length < this.workerFrom) return Promise.resolve(computePairing(job));
    return new Promise((resolve) => {
      const id = ++this.counter;
      this.pending.set(id, { resolve });
      this.spawn().postMessage({ id, job });
      for (const f of this.started) f();
    });
  }

  private spawn(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(BOOT, { execArgv: [] });
    worker.on('message', (m: { id: number; answer: PairingAnswer }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      p?.resolve(m.answer);
    });
    const fail = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const p of this.pending.values()) p.resolve({ ok: false, code: 'pairing-worker', reason });
      this.pending.clear();
    };
    worker.on('error', (e) => fail(e.message));
    worker.on('exit', (code) => fail(`the pairing worker stopped (${code})`));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Stops the worker; jobs still waiting are answered with a failure, later ones are paired in place. */
  async close(): Promise<void> {
    this.closed = true;
    const w = this.worker;
    this.worker = undefined;
    for (const p of this.pending.values()) p.resolve({ ok: false, code: 'pairing-worker', reason: 'closing' });
    this.pending.clear();
    if (w) await w.terminate();
  }
}
