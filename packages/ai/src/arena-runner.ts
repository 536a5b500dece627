import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ArenaGameResult, ArenaGameSpec } from './arena.js';

const BOOT = new URL('./node-worker-boot.mjs', import.meta.url);

export interface ArenaRun {
  readonly specs: readonly ArenaGameSpec[];
  /** Parallel games (worker threads); default the cores. */
  readonly workers?: number;
  readonly onResult?: (result: ArenaGameResult) => void;
}

/** Plays the games in `worker_threads`, each worker one game at a time; results come back in game order. */
export const runArena = async ({ specs, workers, onResult }: ArenaRun): Promise<ArenaGameResult[]> => {
  const size = Math.max(1, Math.min(specs.length, workers ?? availableParallelism()));
  const results: ArenaGameResult[] = new Array(specs.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    const worker = new Worker(BOOT, { execArgv: [], workerData: { entry: './arena-worker.ts' } });
    try {
      while (next < specs.length) {
        const i = next++;
        const spec = specs[i]!;
        const result = await new Promise<ArenaGameResult>((resolve) => {
          const onMessage = (r: ArenaGameResult) => {
            worker.off('error', onError);
            resolve(r);
          };
          const onError = (e: Error) => {
            worker.off('message', onMessage);
            resolve({
              index: spec.index,
              result: 'draw',
              seatsOfA: [],
              plies: 0,
              reason: 'worker-error',
              timeMs: { a: 0, b: 0 },
              moves: { a: 0, b: 0 },
              clockBound: { a: 0, b: 0 },
              error: e.message,
            });
          };
          worker.once('message', onMessage);
          worker.once('error', onError);
          worker.postMessage(spec);
        });
        results[i] = result;
        onResult?.(result);
        if (result.reason === 'worker-error') break;
      }
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: size }, lane));
  return results;
};
