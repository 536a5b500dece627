// The hive alpha-beta benchmark's search (12 midgame positions, depth 5) in one process, several rounds, to compare
// two builds of the Hive move generator side by side (docs/BENCHMARKS.md, issue 44):
//   npx esbuild packages/ai/bench/hive-search-speed.ts --bundle --platform=node --format=esm --outfile=/tmp/new.mjs
//   npx esbuild … --alias:@qiyuan/hive=<old packages/hive/src>/index.ts --outfile=/tmp/old.mjs
//   node /tmp/old.mjs 3; node /tmp/new.mjs 3   (alternate; [rounds] [player])
import { readFileSync } from 'node:fs';
import { unwrap } from '@qiyuan/core';
import { parseGameString } from '@qiyuan/hive';
import { answer, requestFor } from '../src/index.js';

const rounds = Number(process.argv[2] ?? 3);
const player = process.argv[3] ?? 'master';
const rows = readFileSync(process.env.HIVE_PUZZLES ?? new URL('../test/hive-puzzles.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t')[3]!.split(';'));
for (let round = 0; round < rounds; round++) {
  let nodes = 0;
  let cpu = 0;
  for (const parts of rows) {
    const game = unwrap(parseGameString(parts[0]!));
    for (const m of parts.slice(3, 23)) unwrap(game.play(unwrap(game.parseMove(m))));
    const before = process.cpuUsage();
    const r = answer({ ...requestFor(game, game.position.side, player, { seed: 1 }), depth: 5 });
    const used = process.cpuUsage(before);
    if (!r.ok) throw new Error(r.error.reason);
    nodes += r.info.nodes ?? 0;
    cpu += (used.user + used.system) / 1e6;
  }
  console.log(`${player} depth 5: ${nodes} nodes, ${cpu.toFixed(2)} s CPU, ${Math.round(nodes / cpu)} nodes/CPU s`);
}
