import { join } from 'node:path';
import type { Benchmark } from '@qiyuan/core';
import { build } from 'vite';
import { DIST, measure, openSite, WINDOW_MS } from './first-visit.js';
import { BENCH_PAGES } from './pages.js';

const root = join(DIST, '..');

/** One build per process (each benchmark runs in its own): the app as the sources are now. */
const built = (() => {
  let done: Promise<unknown> | undefined;
  return () =>
    (done ??= process.env.QIYUAN_WEB_DIST
      ? Promise.resolve()
      : build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'error' }));
})();

const KB = (n: number) => Math.round((n / 1024) * 10) / 10;

/**
 * A first visit of each page in Chromium with an empty cache, from `qiyuan serve` (first-visit.ts): the page's own
 * requests, its JavaScript at gzip -9, everything on the wire in the first seconds (the service worker's included),
 * and the time until it can be used on Fast 3G with a 4× slower CPU.
 */
export const benchmarks: Benchmark[] = BENCH_PAGES.map((p) => ({
  name: `first-load, ${p.name}`,
  command: 'npx qiyuan bench --filter first-load',
  run: async () => {
    await built();
    const site = await openSite();
    try {
      const v = await measure(site, p);
      return {
        metrics: [
          { name: 'own', value: KB(v.own.bytes), unit: 'KB own' },
          { name: 'js', value: KB(v.js.gzip), unit: 'KB JS gzip' },
          { name: 'wire', value: KB(v.wire.bytes), unit: `KB on the wire until ${WINDOW_MS / 1000} s after usable` },
          ...(v.tti === undefined ? [] : [{ name: 'tti', value: v.tti, unit: 'ms to interactive (Fast 3G, 4× CPU)' }]),
        ],
        notes: `${v.own.requests} requests of its own, ${v.js.files} JS files; the service worker ${KB(v.worker.bytes)} KB`,
      };
    } finally {
      await site.close();
    }
  },
}));
