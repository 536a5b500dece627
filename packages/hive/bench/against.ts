// Side by side with nokamute outside the bench runner: npx tsx packages/hive/bench/against.ts [depth] [runs] [variant]
import { againstNokamute } from './nokamute.js';

const depth = Number(process.argv[2] ?? 6);
const runs = Number(process.argv[3] ?? 3);
const variant = process.argv[4] ?? 'Base+MLP';
const leaves: Record<string, number[]> = { 'Base+MLP': [1, 7, 294, 6678, 151686, 5427108, 192353904, 3151035948] };
const expected = leaves[variant]?.[depth];
if (expected === undefined) throw new Error(`no known count for ${variant} at depth ${depth}`);
const result = await againstNokamute(variant, depth, expected, runs).run();
for (const m of result.metrics) console.log(`${m.name}: ${m.value} ${m.unit}`);
console.log(result.notes);
