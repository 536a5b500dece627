// Lazy SMP figures for Hive (docs/AI.md): npx tsx packages/ai/bench/smp.ts [--depth N] [--threads 1,2] [--before DIR]
// For each thread count, the 12 middlegame positions of the node-rate bench searched to a depth (late moves reduced,
// as in play) with a fresh table each: the main thread's time to the depth, the nodes of all threads per second of
// wall time, and per CPU second of this process. With `--before DIR` (a folder holding another commit's alphabeta.ts
// and tt.ts), that search runs first on one thread, position by position alternating with today's, to compare the
// single-thread rate on one machine load.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Searchable, unwrap } from '@qiyuan/core';
import { type HiveGame, type Move, parseGameString } from '@qiyuan/hive';
import { AlphaBeta, type SearchSpec } from '../src/alphabeta.js';
import { ringReducedSpec } from '../src/games/hive-ring.js';
import { LazySmp } from '../src/smp.js';
import { nodeHelperThreads } from '../src/smp-node.js';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const depth = Number(arg('depth') ?? 5);
const threadCounts = (arg('threads') ?? '1,2').split(',').map(Number);
const before = arg('before');
const BITS = 20;

const games: HiveGame[] = readFileSync(new URL('../test/hive-puzzles.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const parts = l.split('\t')[3]!.split(';');
    const game = unwrap(parseGameString(parts[0]!));
    for (const m of parts.slice(3, 23)) unwrap(game.play(unwrap(game.parseMove(m))));
    return game;
  });

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (before) {
  type Old = new (spec: SearchSpec<Move>, bits: number) => { search: AlphaBeta<Move>['search'] };
  const old = (await import(pathToFileURL(resolve(before, 'alphabeta.ts')).href)) as { AlphaBeta: Old };
  const rows = { before: { nodes: 0, ms: 0, cpu: 0 }, after: { nodes: 0, ms: 0, cpu: 0 } };
  let same = true;
  for (const game of games) {
    const runs: [keyof typeof rows, { search: AlphaBeta<Move>['search'] }][] = [
      ['before', new old.AlphaBeta(ringReducedSpec, BITS)],
      ['after', new AlphaBeta(ringReducedSpec, BITS)],
    ];
    const answers: string[] = [];
    for (const [name, searcher] of runs) {
      const c0 = cpu();
      const r = searcher.search(game.position.clone() as Searchable<Move>, { depth, reduce: true });
      rows[name].cpu += cpu() - c0;
      rows[name].nodes += r.nodes;
      rows[name].ms += r.timeMs;
      answers.push(`${game.moveToString(r.move!)} ${r.score} ${r.nodes}`);
    }
    if (answers[0] !== answers[1]) same = false;
  }
  for (const [name, r] of Object.entries(rows))
    console.log(
      `one thread, ${name}: ${r.nodes} nodes, ${(r.ms / 1000).toFixed(2)} s, ${Math.round(r.nodes / (r.ms / 1000))} nodes/s, ${Math.round(r.nodes / r.cpu)} nodes/CPU s`,
    );
  console.log(same ? 'same moves, scores and node counts' : 'the searches differ');
}

for (const threads of threadCounts) {
  const smp = new LazySmp<Move>(ringReducedSpec, 'hive', BITS, threads, undefined, nodeHelperThreads);
  // Let the helpers start (tsx compiles their sources) before the clock runs.
  await smp.ready();
  let ms = 0;
  let mainNodes = 0;
  let helperNodes = 0;
  let cpuS = 0;
  for (const game of games) {
    smp.main.tt.clear();
    const c0 = cpu();
    const r = smp.search(game.position.clone() as Searchable<Move>, () => game.snapshot(), { depth, reduce: true });
    // The helpers write their counts as they stop.
    await pause(threads > 1 ? 30 : 0);
    cpuS += cpu() - c0;
    ms += r.timeMs;
    mainNodes += r.nodes;
    helperNodes += smp.helperNodes();
  }
  const all = mainNodes + helperNodes;
  console.log(
    `${threads} thread(s), depth ${depth}: ${(ms / 1000).toFixed(2)} s to depth over ${games.length} positions, ` +
      `main ${mainNodes} nodes, helpers ${helperNodes}, ${Math.round(all / (ms / 1000))} nodes/s (all threads), ${Math.round(all / cpuS)} nodes/CPU s`,
  );
  await smp.close();
}
