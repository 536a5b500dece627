import type { HelperFactory, HelperInit, HelperThreads } from '@qiyuan/ai';

/**
 * How many threads the analysis board's engine searches with (Lazy SMP, docs/AI.md "Parallel search"), and the Web
 * Workers that are its helper threads. Threads share the search's table through a SharedArrayBuffer, which a page
 * has only when it is cross-origin isolated (the server sends COOP and COEP); elsewhere the engine searches alone.
 */

/** The most threads the player may choose (helpers each load the engine: memory, and little gain past this). */
export const MAX_ENGINE_THREADS = 16;
/** The most the engine takes by default, whatever the cores. */
const DEFAULT_CAP = 8;

/** The choices the player has: 1 to the device's cores (at most 16), or only 1 where threads cannot share memory. */
export const engineThreadChoices = (cores: number | undefined, isolated: boolean): number[] => {
  const most = isolated ? Math.max(1, Math.min(MAX_ENGINE_THREADS, Math.floor(cores ?? 1))) : 1;
  return Array.from({ length: most }, (_, i) => i + 1);
};

/**
 * The threads by default: every core but one, which stays with the page and the rest of the device (at most 8);
 * one on a one- or two-core device, or where threads cannot share memory.
 */
export const defaultEngineThreads = (cores: number | undefined, isolated: boolean): number =>
  isolated ? Math.max(1, Math.min(DEFAULT_CAP, Math.floor(cores ?? 1) - 1)) : 1;

/** A saved choice, if it is still one of `choices` (the device or its isolation may have changed since). */
export const chosenThreads = (saved: string | null, choices: readonly number[], fallback: number): number => {
  const n = Number(saved);
  return saved !== null && choices.includes(n) ? n : fallback;
};

/**
 * Helper threads as Web Workers started by the analysis worker: each loads the engines, takes the shared table, and
 * searches every job it is sent until the epoch word changes. None where this context cannot share memory with a
 * worker (not cross-origin isolated) or start one. A helper that fails to load settles `ready` too: it only does not
 * help.
 */
export const webHelperThreads = (maxThreads: number = MAX_ENGINE_THREADS): HelperFactory | undefined => {
  const scope = globalThis as { crossOriginIsolated?: boolean };
  if (scope.crossOriginIsolated !== true || typeof Worker !== 'function' || typeof SharedArrayBuffer !== 'function')
    return undefined;
  return {
    maxThreads,
    start(count: number, init: HelperInit): HelperThreads | undefined {
      const workers: Worker[] = [];
      try {
        for (let i = 1; i <= count; i++) {
          workers.push(
            new Worker(new URL('./engine-helper.worker.ts', import.meta.url), { type: 'module', name: `helper ${i}` }),
          );
        }
      } catch {
        // no nested workers here: the search runs alone
        for (const w of workers) w.terminate();
        return undefined;
      }
      const ready = Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((done) => {
              w.addEventListener('message', () => done(), { once: true });
              w.addEventListener('error', () => done(), { once: true });
            }),
        ),
      ).then(() => undefined);
      workers.forEach((w, i) => {
        w.postMessage({ init, index: i + 1 });
      });
      return {
        count,
        ready,
        start: (job) => {
          for (const w of workers) w.postMessage(job);
        },
        close: async () => {
          for (const w of workers) w.terminate();
        },
      };
    },
  };
};
