import type { Benchmark } from '@qiyuan/core';
import { Position, parseGameType } from '../src/index.js';
import { againstNokamute } from './nokamute.js';

/**
 * Perft from the start on one core, bulk counting at the last ply. The count
 * is checked against the published table; the speed is the best of `runs`
 * runs (the machine is shared), in leaves per second of wall time and of
 * this process's CPU time.
 */
const perftBench = (variant: string, depth: number, leaves: number, runs = 3): Benchmark => ({
  name: `perft ${variant} depth ${depth}`,
  command: `npx qiyuan perft hive --variant ${variant} --depth ${depth}`,
  run() {
    const type = parseGameType(variant);
    if (!type.ok) throw new Error(type.error.reason);
    const p = new Position({ ...type.value, tournamentOpening: true, pillbugDutchRule: false });
    let bestWall = Number.POSITIVE_INFINITY;
    let bestCpu = Number.POSITIVE_INFINITY;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const n = p.perft(depth);
      const wall = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(c0);
      if (n !== leaves) throw new Error(`perft gave ${n}, expected ${leaves}`);
      bestWall = Math.min(bestWall, wall);
      bestCpu = Math.min(bestCpu, (cpu.user + cpu.system) / 1e6);
    }
    const rate = (s: number) => Math.round(leaves / s / 1e4) / 100;
    return {
      metrics: [
        { name: 'leaves', value: leaves, unit: 'leaves' },
        { name: 'time', value: Math.round(bestWall * 100) / 100, unit: 's' },
        { name: 'speed', value: rate(bestWall), unit: 'M leaves/s' },
        { name: 'cpu', value: rate(bestCpu), unit: 'M leaves/s of CPU time' },
      ],
      notes: `${runs > 1 ? `best of ${runs} runs` : 'one run'}, bulk counting at the last ply`,
    };
  },
});

export const benchmarks: Benchmark[] = [
  perftBench('Base', 6, 12219480),
  perftBench('Base+MLP', 5, 5427108),
  perftBench('Base+MLP', 6, 192353904),
  // Every tile on its reverse side (issue 5): the count is our own fixture, checked by the reference to depth 5.
  perftBench('Base+MLP:R2T2F3W3DKC', 6, 192458520),
  // The two mixed rosters at depth 6 (8–10 s each on a quiet core, too long for the unit tests): one run each.
  perftBench('Base+MLP:TF2W/R2DC', 6, 502996194, 1),
  perftBench('Base+MLP:RFK/TWDC', 6, 714959928, 1),
  // Side by side with nokamute (issues 20 and 44): the goal is at most its time, with the generator the search uses.
  againstNokamute('Base+MLP', 6, 192353904, 3),
  againstNokamute('Base+MLP', 7, 3151035948, 1),
];
