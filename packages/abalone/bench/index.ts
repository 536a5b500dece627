import type { Benchmark } from '@qiyuan/core';
import { Position } from '../src/index.js';

const perftBench = (depth: number, leaves: number): Benchmark => ({
  name: `perft standard depth ${depth}`,
  command: `npx qiyuan perft abalone --start standard --depth ${depth}`,
  run() {
    // The machine is shared: run three times and keep the fastest (by wall clock).
    let best = { seconds: Number.POSITIVE_INFINITY, cpuSeconds: 0 };
    for (let i = 0; i < 3; i++) {
      const p = Position.start('standard');
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const n = p.perft(depth);
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(c0);
      if (n !== leaves) throw new Error(`perft ${depth} gave ${n}, expected ${leaves}`);
      if (seconds < best.seconds) best = { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
    }
    const { seconds, cpuSeconds } = best;
    return {
      metrics: [
        { name: 'leaves', value: leaves, unit: 'leaves' },
        { name: 'speed', value: Math.round((leaves / seconds / 1e6) * 100) / 100, unit: 'M leaves/s' },
        { name: 'time', value: Math.round(seconds * 100) / 100, unit: 's' },
        {
          name: 'cpu speed',
          value: Math.round((leaves / cpuSeconds / 1e6) * 100) / 100,
          unit: 'M leaves/s of CPU time',
        },
      ],
      notes: 'bulk counting at the last ply, best of 3',
    };
  },
});

export const benchmarks: Benchmark[] = [perftBench(5, 283320928)];
