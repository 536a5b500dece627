import { type Benchmark, Rng, unwrap } from '@qiyuan/core';
import { junqi, perftPosition } from '../src/definition.js';
import { JunqiGame } from '../src/game.js';
import { parseOptions } from '../src/options.js';

/** Best of `runs` timings of `f` (the machine is shared: the best run is the least disturbed). */
const best = (runs: number, f: () => number): { seconds: number; count: number } => {
  let seconds = Number.POSITIVE_INFINITY;
  let count = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    count = f();
    seconds = Math.min(seconds, (performance.now() - t) / 1000);
  }
  return { seconds, count };
};

const perftBench = (players: string, depth: number): Benchmark => ({
  name: `perft ${players}p classic depth ${depth}`,
  command: `npx qiyuan perft junqi --players ${players} --setup classic --mode open --depth ${depth}`,
  run: () => {
    const options = unwrap(parseOptions({ players, setup: 'classic', mode: 'open' }));
    const pos = unwrap(JunqiGame.create(options)).position!;
    const { seconds, count } = best(3, () => perftPosition(pos, depth));
    if (count !== unwrap(junqi.perft(options, depth))) throw new Error('perft mismatch');
    return {
      metrics: [
        { name: 'leaves', value: count, unit: 'leaves' },
        { name: 'speed', value: count / seconds / 1e6, unit: 'M leaves/s' },
      ],
      notes: 'best of 3',
    };
  },
});

const playouts = (options: Record<string, string>, label: string): Benchmark => ({
  name: `random playouts ${label}`,
  command: 'npx qiyuan bench --filter junqi',
  run: () => {
    const opts = unwrap(
      parseOptions({ ...options, setup: 'random', mode: 'open', noCaptureLimit: '0', moveLimit: '400' }),
    );
    const { seconds, count } = best(3, () => {
      let plies = 0;
      for (let g = 0; g < 50; g++) {
        const pos = unwrap(JunqiGame.create({ ...opts, seed: g })).position!;
        const rng = Rng.fromSeed(g);
        while (!pos.outcome()) {
          pos.makeMove(rng.pick(pos.generateMoves()));
          plies++;
        }
      }
      return plies;
    });
    return {
      metrics: [{ name: 'plies', value: count / seconds, unit: 'plies/s' }],
      notes: `50 seeded games to the end or 400 plies, Searchable fast path, best of 3`,
    };
  },
});

export const benchmarks: Benchmark[] = [
  perftBench('2', 4),
  perftBench('4', 3),
  playouts({ players: '2' }, '2 players'),
  playouts({ players: '4' }, '4 players 2v2'),
];
