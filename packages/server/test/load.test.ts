import { Redis } from 'ioredis';
import pg from 'pg';
import { expect, it } from 'vitest';
import { runLoad } from '../bench/load.js';
import { describeWith, needs, TEST_DATABASE_URL, TEST_REDIS_URL } from './services.js';

/**
 * A short run of the load benchmark, so it cannot rot outside `npm test`:
 * the programmatic equivalent of `qiyuan bench server --processes 3 --split`
 * on PostgreSQL and Redis, shortened to a few seconds and a few hundred
 * connections. The players of each game sit on different processes, so every
 * second move is forwarded to the game's owner and every join crosses
 * processes.
 */
describeWith([needs.postgres, needs.redis], 'load across three processes (smoke)', () => {
  it('plays games from a few hundred connections with no error', async () => {
    const r = await runLoad({
      connections: 300,
      games: 6,
      seconds: 3,
      // the counters are read after a warm-up, as `qiyuan bench server` does by default
      warmupSeconds: 1,
      processes: 3,
      split: true,
      databaseUrl: TEST_DATABASE_URL!,
      redisUrl: TEST_REDIS_URL!,
    });
    expect(r.connections).toBe(300);
    expect(r.errors).toBe(0);
    expect(r.moves).toBeGreaterThan(0);
    // The target is p99 < 100 ms, which `qiyuan bench server` measures on a quiet machine (docs/BENCHMARKS.md).
    // Here the two shared cores also run the rest of the suite and other people's jobs: at a load average of 13
    // this run measured p99 61 ms, and 108 ms with both players of a game on one process. So the bound only
    // catches what no load explains — a forwarded move waiting out the 5 s forwarding timeout, a lock held across
    // requests — and the 100 ms target stays the benchmark's.
    expect(r.p99).toBeLessThan(1000);
    // The run cleans up after itself: neither its Redis keys (game fences and leases among them) nor its schema
    // are left on the shared services, as the run reports and as looking for them confirms.
    expect(r.namespace).toMatch(/^bench_/);
    expect(r.removedRedisKeys).toBeGreaterThan(0);
    expect(r.leftBehind).toEqual({ redisKeys: 0, schema: false });
    const redis = new Redis(TEST_REDIS_URL!);
    try {
      const [, keys] = await redis.scan('0', 'MATCH', `${r.namespace}:*`, 'COUNT', 100_000);
      expect(keys).toEqual([]);
    } finally {
      redis.disconnect();
    }
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
    await client.connect();
    try {
      const schemas = await client.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [
        r.namespace,
      ]);
      expect(schemas.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);
});
