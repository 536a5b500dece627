// Quick speed probe: npx tsx packages/hive/bench/speed.ts [depth] [variant]
import { Position } from '../src/index.js';

const depth = Number(process.argv[2] ?? 5);
const v = process.argv[3] ?? 'Base+MLP';
const p = new Position({
  mosquito: v.includes('M'),
  ladybug: v.includes('L'),
  pillbug: v.includes('P'),
  tournamentOpening: true,
  pillbugDutchRule: false,
});
for (let i = 0; i < 2; i++) {
  const c0 = process.cpuUsage();
  const n = p.perft(depth);
  const cpu = process.cpuUsage(c0);
  const s = (cpu.user + cpu.system) / 1e6;
  console.log(`${v} depth ${depth}: ${n} leaves, ${s.toFixed(2)} s CPU, ${(n / s / 1e6).toFixed(2)} M leaves/s`);
}
