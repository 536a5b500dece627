import type { Benchmark } from '@qiyuan/core';
import { Position } from '../src/index.js';

const perftBench = (variant: 'Base' | 'Base+MLP', depth: number, leaves: number): Benchmark => ({
  name: `perft ${variant} depth ${depth}`,
  command: `npx qiyuan perft hive --variant ${variant} --depth ${depth}`,
  run() {
    const mlp = variant === 'Base+MLP';
    const p = new Position({
      mosquito: mlp,
      ladybug: mlp,
      pillbug: mlp,
      tournamentOpening: true,
      pillbugDutchRule: false,
    });
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const n = p.perft(depth);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    if (n !== leaves) throw new Error(`perft gave ${n}, expected ${leaves}`);
    return {
      metrics: [
        { name: 'leaves', value: n, unit: 'leaves' },
        { name: 'speed', value: Math.round(n / seconds / 1e4) / 100, unit: 'M leaves/s' },
        {
          name: 'cpu',
          value: Math.round(n / ((cpu.user + cpu.system) / 1e6) / 1e4) / 100,
          unit: 'M leaves/s of CPU time',
        },
      ],
      notes: 'bulk counting at the last ply',
    };
  },
});

export const benchmarks: Benchmark[] = [perftBench('Base', 6, 12219480), perftBench('Base+MLP', 5, 5427108)];
