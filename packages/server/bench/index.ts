import type { Benchmark } from '@qiyuan/core';
import { runLoad } from './load.js';

const env = (name: string, fallback: number): number => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

/** `qiyuan bench server`: see bench/load.ts and the Notes in docs/BENCHMARKS.md. */
export const benchmarks: Benchmark[] = [
  {
    name: `server: moves over loopback${env('QIYUAN_BENCH_PROCESSES', 1) > 1 ? ` (${env('QIYUAN_BENCH_PROCESSES', 1)} processes)` : process.env.DATABASE_URL?.startsWith('postgres') ? ' (PostgreSQL)' : ''}`,
    command: `${env('QIYUAN_BENCH_PROCESSES', 1) > 1 ? 'DATABASE_URL=postgres://… REDIS_URL=redis://… ' : process.env.DATABASE_URL?.startsWith('postgres') ? 'DATABASE_URL=postgres://… ' : ''}npx qiyuan bench server${env('QIYUAN_BENCH_PROCESSES', 1) > 1 ? ` --processes ${env('QIYUAN_BENCH_PROCESSES', 1)}` : ''}`,
    async run() {
      const connections = env('QIYUAN_BENCH_CONNECTIONS', 10_000);
      const games = env('QIYUAN_BENCH_GAMES', 16);
      const seconds = env('QIYUAN_BENCH_SECONDS', 15);
      const processes = env('QIYUAN_BENCH_PROCESSES', 1);
      const r = await runLoad({
        connections,
        games,
        seconds,
        processes,
        ...(process.env.DATABASE_URL?.startsWith('postgres') ? { databaseUrl: process.env.DATABASE_URL } : {}),
        ...(processes > 1 && process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
      });
      return {
        metrics: [
          { name: 'moves/s', value: Math.round(r.movesPerSecond), unit: 'moves/s' },
          { name: 'p50', value: Number(r.p50.toFixed(2)), unit: 'ms p50' },
          { name: 'p99', value: Number(r.p99.toFixed(2)), unit: 'ms p99' },
          { name: 'connections', value: r.connections, unit: 'connections open' },
          { name: 'memory', value: Math.round(r.bytesPerConnection / 1024), unit: 'KiB/connection' },
          { name: 'server CPU', value: Number(r.serverCpuMsPerMove.toFixed(3)), unit: 'server CPU ms/move' },
        ],
        notes: `${games} games, ${seconds} s, ${processes} process(es), ${process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}${processes > 1 ? ' + Redis' : ''}, ${r.errors} errors; bots ${r.botCpuMsPerMove.toFixed(3)} CPU ms/move; load average ${r.loadAverage.toFixed(2)}`,
      };
    },
  },
];
