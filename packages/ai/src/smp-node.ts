import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { HelperFactory, HelperInit, HelperThreads } from './smp.js';

/**
 * Lazy SMP helpers as `worker_threads` (Node only). Each runs `smp-helper.ts` through tsx (`node-worker-boot.mjs`),
 * holds the shared table and waits for jobs; the threads do not keep the process alive.
 */
const BOOT = new URL('./node-worker-boot.mjs', import.meta.url);

/** The most threads a search may use: 64, whatever the cores (a UHP tool may ask for more threads than cores). */
export const MAX_SEARCH_THREADS = 64;

export const nodeHelperThreads: HelperFactory = {
  maxThreads: MAX_SEARCH_THREADS,
  start(count: number, init: HelperInit): HelperThreads {
    const workers = Array.from({ length: count }, (_, i) => {
      const w = new Worker(BOOT, { workerData: { entry: './smp-helper.ts', init, index: i + 1 }, execArgv: [] });
      w.unref();
      // A helper that fails only stops helping: the main thread's search does not depend on it.
      w.on('error', () => {});
      return w;
    });
    const ready = Promise.all(workers.map((w) => new Promise<void>((done) => w.once('message', () => done())))).then(
      () => undefined,
    );
    return {
      count,
      ready,
      start: (job) => {
        for (const w of workers) w.postMessage(job);
      },
      close: async () => {
        await Promise.all(workers.map((w) => w.terminate()));
      },
    };
  },
};

/** The threads a machine's search may use by default: its cores, at most `cap`. */
export const coresFor = (cap: number): number => Math.max(1, Math.min(cap, availableParallelism()));
