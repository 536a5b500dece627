import type { Benchmark } from '@qiyuan/core';
import { runLoad } from './load.js';

/** A positive number from the environment (or 0 too, with `zero`), else the fallback. */
const env = (name: string, fallback: number, zero = false): number => {
  const text = process.env[name];
  const v = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(v) && (v > 0 || (zero && v === 0)) ? v : fallback;
};

const setup = (() => {
  const n = env('QIYUAN_BENCH_PROCESSES', 1);
  const pg = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
  const redis = pg && Boolean(process.env.REDIS_URL);
  const split = n > 1 && process.env.QIYUAN_BENCH_SPLIT === '1';
  const rate = env('QIYUAN_BENCH_RATE', 0);
  const label =
    (pg
      ? ` (PostgreSQL${redis ? ` + Redis, ${n} process${n > 1 ? 'es' : ''}${split ? ', players on different processes' : ''}` : ''})`
      : '') + (rate > 0 ? ` at ${rate} moves/s offered` : '');
  const prefix = pg ? `DATABASE_URL=postgres://… ${redis ? 'REDIS_URL=redis://… ' : ''}` : '';
  return {
    label,
    split,
    rate,
    command: `${prefix}${rate > 0 ? `QIYUAN_BENCH_RATE=${rate} ` : ''}npx qiyuan bench server${n > 1 ? ` --processes ${n}` : ''}${split ? ' --split' : ''}`,
  };
})();

/** `qiyuan bench server`: see bench/load.ts and the Notes in docs/BENCHMARKS.md. */
export const benchmarks: Benchmark[] = [
  {
    name: `server: moves over loopback${setup.label}`,
    command: setup.command,
    async run() {
      const connections = env('QIYUAN_BENCH_CONNECTIONS', 10_000);
      const games = env('QIYUAN_BENCH_GAMES', 16);
      const seconds = env('QIYUAN_BENCH_SECONDS', 15);
      const warmupSeconds = env('QIYUAN_BENCH_WARMUP', 10, true);
      const processes = env('QIYUAN_BENCH_PROCESSES', 1);
      const r = await runLoad({
        connections,
        games,
        seconds,
        warmupSeconds,
        processes,
        split: setup.split,
        ...(setup.rate > 0 ? { rate: setup.rate } : {}),
        ...(process.env.DATABASE_URL?.startsWith('postgres') ? { databaseUrl: process.env.DATABASE_URL } : {}),
        // one process with REDIS_URL runs in cluster mode too, so 1, 2 and 3 processes compare like with like
        ...(process.env.DATABASE_URL?.startsWith('postgres') && process.env.REDIS_URL
          ? { redisUrl: process.env.REDIS_URL }
          : {}),
      });
      // A run on shared PostgreSQL and Redis deletes what it created; one that could not is a failed run.
      if (r.leftBehind.redisKeys > 0 || r.leftBehind.schema)
        throw new Error(
          `the run left ${r.leftBehind.redisKeys} Redis keys under ${r.namespace}:*${r.leftBehind.schema ? ` and the schema ${r.namespace}` : ''} behind`,
        );
      return {
        metrics: [
          { name: 'moves/s', value: Math.round(r.movesPerSecond), unit: 'moves/s' },
          { name: 'p50', value: Number(r.p50.toFixed(2)), unit: 'ms p50' },
          { name: 'p99', value: Number(r.p99.toFixed(2)), unit: 'ms p99' },
          { name: 'connections', value: r.connections, unit: 'connections open' },
          { name: 'memory', value: Math.round(r.bytesPerConnection / 1024), unit: 'KiB/connection' },
          { name: 'server CPU', value: Number(r.serverCpuMsPerMove.toFixed(3)), unit: 'server CPU ms/move' },
        ],
        notes: `${games} games, ${seconds} s after ${warmupSeconds} s of warm-up, ${processes} process(es), ${process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}${process.env.DATABASE_URL?.startsWith('postgres') && process.env.REDIS_URL ? ' + Redis' : ''}, ${r.errors} errors; bots ${r.botCpuMsPerMove.toFixed(3)} CPU ms/move; cores ${Math.round(r.machineBusy * 100)}% busy; load average ${r.loadAverage.toFixed(2)}`,
      };
    },
  },
];
