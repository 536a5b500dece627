import type { Benchmark } from '@qiyuan/core';
import { Position } from '../src/index.js';

const perftBench = (depth: number, leaves: number): Benchmark => ({
  name: `perft standard depth ${depth}`,
  command: `npx qiyuan perft abalone --start standard --depth ${depth}`,
  run() {
    const p = Position.start('standard');
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const n = p.perft(depth);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    if (n !== leaves) throw new Error(`perft ${depth} gave ${n}, expected ${leaves}`);
    return {
      metrics: [
        { name: 'leaves', value: n, unit: 'leaves' },
        { name: 'speed', value: Math.round((n / seconds / 1e6) * 100) / 100, unit: 'M leaves/s' },
        { name: 'time', value: Math.round(seconds * 100) / 100, unit: 's' },
        { name: 'cpu speed', value: Math.round((n / cpuSeconds / 1e6) * 100) / 100, unit: 'M leaves/s of CPU time' },
      ],
      notes: 'bulk counting at the last ply',
    };
  },
});

export const benchmarks: Benchmark[] = [perftBench(5, 283320928)];
