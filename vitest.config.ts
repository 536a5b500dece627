import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the web app is built once per run for the browser tests (apps/web/test/harness.ts)
    globalSetup: ['apps/web/test/global-setup.ts'],
  },
});
