import { existsSync } from 'node:fs';
import { describe, it } from 'vitest';

/**
 * The outside services some server tests need: PostgreSQL and Redis (through
 * the URLs below) and a redis-server binary for a Redis of a test's own.
 * Outside CI a test without them is skipped, so a laptop without PostgreSQL
 * can still run the suite; in CI (`CI` set, as `.ci/run` does) a missing one
 * fails the run instead, so a misconfigured machine cannot pass by skipping
 * the cluster and outage tests.
 */
export const TEST_DATABASE_URL = process.env.QIYUAN_TEST_DATABASE_URL;
export const TEST_REDIS_URL = process.env.QIYUAN_TEST_REDIS_URL;
export const REDIS_SERVER = '/usr/bin/redis-server';

export const needs = {
  postgres: { ok: Boolean(TEST_DATABASE_URL), what: 'QIYUAN_TEST_DATABASE_URL (a PostgreSQL database)' },
  redis: { ok: Boolean(TEST_REDIS_URL), what: 'QIYUAN_TEST_REDIS_URL (a Redis server)' },
  redisServer: { ok: existsSync(REDIS_SERVER), what: `${REDIS_SERVER} (apt-get install redis-server)` },
} as const;

type Need = (typeof needs)[keyof typeof needs];

/** The names of what is missing, for a message. */
export const missing = (wanted: readonly Need[]): string[] => wanted.filter((n) => !n.ok).map((n) => n.what);

/**
 * `describe` for tests that need outside services: run when they are all
 * there; otherwise skipped outside CI, and in CI one failing test that names
 * what is missing.
 */
export const describeWith = (wanted: readonly Need[], name: string, body: () => void): void => {
  const absent = missing(wanted);
  if (absent.length === 0) {
    describe(name, body);
  } else if (!process.env.CI) {
    describe.skip(name, body);
  } else {
    describe(name, () => {
      it('has the services it needs', () => {
        throw new Error(`CI must provide ${absent.join(' and ')}; these tests cannot run without it`);
      });
    });
  }
};
