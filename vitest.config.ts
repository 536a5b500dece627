import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest runs cores − 1 files at once by default: one at a time on a two-core machine, while most of the suite's
    // time is spent waiting (on Chromium, on server processes, on PostgreSQL and Redis). One file per core keeps both
    // busy; the run's one Chromium is shared by all of them (global-setup.ts). One more than that (tried: cores + 1)
    // made tests time out on a machine loaded by other work, where each test's latency counts more than throughput.
    maxWorkers: availableParallelism(),
    // the web app is built once per run for the browser tests (apps/web/test/harness.ts)
    globalSetup: ['apps/web/test/global-setup.ts'],
  },
});
