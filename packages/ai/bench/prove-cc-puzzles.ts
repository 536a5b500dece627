import { readFileSync } from 'node:fs';
import { unwrap } from '@qiyuan/core';
import {
  type ChineseCheckersPuzzleSet,
  chineseCheckersPuzzleFile,
  openArrival,
} from '../src/chinese-checkers-puzzles.js';

/**
 * Proves the whole committed Chinese Checkers set again (the unit test proves every tenth puzzle): for each puzzle,
 * no arrival in fewer moves and the recorded count of good first moves; prints the time and positions searched per
 * length, and every puzzle whose claims do not hold.
 *
 *     npx tsx packages/ai/bench/prove-cc-puzzles.ts
 */
const set = JSON.parse(readFileSync(chineseCheckersPuzzleFile, 'utf8')) as ChineseCheckersPuzzleSet;
const byLength = new Map<number, { count: number; ms: number; nodes: number; worst: number }>();
let wrong = 0;
for (const p of set.puzzles) {
  const t0 = performance.now();
  const { search } = unwrap(openArrival(p.position));
  const shorter = search.arrivesWithin(p.moves - 1);
  const firsts = search.firstMoves(p.moves).length;
  const ms = performance.now() - t0;
  if (shorter || firsts !== p.firstMoves) {
    wrong++;
    console.log(`${p.id}: ${shorter ? 'shorter arrival' : `${firsts} good first moves, not ${p.firstMoves}`}`);
  }
  const row = byLength.get(p.moves) ?? { count: 0, ms: 0, nodes: 0, worst: 0 };
  byLength.set(p.moves, {
    count: row.count + 1,
    ms: row.ms + ms,
    nodes: row.nodes + search.nodes,
    worst: Math.max(row.worst, ms),
  });
}
console.log('moves | puzzles | mean ms | worst ms | mean positions');
for (const [n, r] of [...byLength].sort((a, b) => a[0] - b[0])) {
  console.log(
    `${n} | ${r.count} | ${(r.ms / r.count).toFixed(0)} | ${r.worst.toFixed(0)} | ${(r.nodes / r.count).toFixed(0)}`,
  );
}
console.log(`${set.puzzles.length} puzzles, ${wrong} wrong`);
