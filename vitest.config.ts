import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './vitest.sequencer.js';

/** The test files that drive the built web app in Chromium (apps/web/test/harness.ts). */
const BROWSER = ['apps/web/test/e2e.test.ts', 'apps/web/test/**/*.e2e.test.ts'];
/** The web app's unit tests: they switch the app's one i18n instance between languages, so each has a process of its own. */
const WEB_UNIT = ['apps/web/test/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest runs cores − 1 files at once by default: one at a time on a two-core machine, while most of the suite's
    // time is spent waiting (on Chromium, on server processes, on PostgreSQL and Redis). One file per core keeps both
    // busy. One more than that (tried: cores + 1) made tests time out on a machine loaded by other work, where each
    // test's latency counts more than throughput.
    maxWorkers: availableParallelism(),
    // each project's longest files are handed out first, so that no worker is left alone with one at the end
    // (vitest.sequencer.ts)
    sequence: { sequencer: LongestFirst },
    // Two projects, run one after the other (vitest runs projects of different `sequence.groupOrder` in turn, never
    // side by side): the browser files first, then the rest. A browser file keeps a Chromium renderer, a game server
    // and its worker busy, and its waits are timed; it no longer shares two cores with the AI's searches and the
    // cluster tests (figures in docs/BENCHMARKS.md, "Test suite").
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER,
          sequence: { groupOrder: 0 },
          // A worker runs one browser file after another instead of a fresh process each: the harness, Vite, the
          // server and Playwright are loaded once per worker, not once per file. Each file still opens its own site
          // (server or static files) and its own browser contexts, and closes them, so files stay independent.
          isolate: false,
          // the web app is built once per run, and one Chromium is shared by the run (apps/web/test/global-setup.ts)
          globalSetup: ['apps/web/test/global-setup.ts'],
          // In CI a browser test that fails is run once more before it counts as failed. Its waits are timed, and on a
          // loaded two-core machine one wait in a few thousand overran (a page still redrawing after a server restart,
          // say) while the same test passed on its next run; a test that is really broken fails both times.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...BROWSER, ...WEB_UNIT],
          sequence: { groupOrder: 1 },
          // A worker process runs one file after another: the engines, the server, fastify, pg and the AI are loaded
          // once per worker instead of once per file (about 0.8 s a file). The files were checked for what they
          // leave behind: none mocks a module or fakes timers; those that set an environment variable for their child
          // processes give it back; servers, pools and connections are closed by each file; the AIs' searchers are
          // made fresh before each file (vitest.node-setup.ts).
          isolate: false,
          setupFiles: ['vitest.node-setup.ts'],
          // As for the browser files: in CI a failed test runs once more before it counts. A few node tests wait on
          // threads and child processes (the analysis helpers, the cluster's servers) and once in a few runs lost a
          // race on a loaded machine; a test that is really broken fails both times.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        extends: true,
        test: {
          // one queue with `node` (same group order); its files run after node's (vitest.sequencer.ts)
          name: 'web-unit',
          include: WEB_UNIT,
          exclude: [...configDefaults.exclude, ...BROWSER],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
