import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { type Benchmark, unwrap } from '@qiyuan/core';
import { junqi } from '@qiyuan/junqi';
import { answer, requestFor } from '../src/index.js';

/** Node and iteration rates of the searches, measured through the same `answer` the workers run. */
export const benchmarks: Benchmark[] = [
  {
    name: 'chinese-checkers alpha-beta, 2 players, opening, 2 s',
    command: 'npx qiyuan bench --filter "chinese-checkers alpha-beta"',
    run() {
      const game = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({}))));
      const r = answer({ ...requestFor(game, 0, 'master', { seed: 1 }), timeMs: 2000 });
      if (!r.ok) throw new Error(r.error.reason);
      return {
        metrics: [
          { name: 'nodes/s', value: Math.round((r.info.nodes ?? 0) / (r.info.timeMs / 1000)), unit: 'nodes/s' },
          { name: 'depth', value: r.info.depth ?? 0, unit: 'plies' },
        ],
      };
    },
  },
  {
    name: 'junqi ISMCTS, 2 players 暗棋, classic setups after 20 plies, 2 s',
    command: 'npx qiyuan bench --filter "junqi ISMCTS"',
    run() {
      const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ setup: 'classic' }))));
      for (let i = 0; i < 20; i++) {
        const moves = game.legalMoves();
        unwrap(game.play(moves[(i * 7) % moves.length]!));
      }
      const seat = game.turn().kind === 'seat' ? (game.turn() as { seat: number }).seat : 0;
      const r = answer({ ...requestFor(game, seat, 'master', { seed: 1 }), timeMs: 2000 });
      if (!r.ok) throw new Error(r.error.reason);
      return {
        metrics: [
          {
            name: 'iterations/s',
            value: Math.round((r.info.iterations ?? 0) / (r.info.timeMs / 1000)),
            unit: 'iterations/s',
          },
        ],
        notes: 'each iteration samples or reuses a world, descends the tree and plays out 8 plies',
      };
    },
  },
];
