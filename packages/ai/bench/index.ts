import { readFileSync } from 'node:fs';
import { abalone } from '@qiyuan/abalone';
import { chineseCheckers, createGame, homePoints, parseOptions } from '@qiyuan/chinese-checkers';
import { type Benchmark, unwrap } from '@qiyuan/core';
import { parseGameString } from '@qiyuan/hive';
import { junqi } from '@qiyuan/junqi';
import { answer, requestFor } from '../src/index.js';

/**
 * Node and iteration rates of the searches, measured through the same `answer` the workers run: per second of wall
 * time and per second of this process's CPU time (the machine is shared, so the CPU rate is the steadier figure).
 */
const timed = <T>(f: () => T): { value: T; cpuS: number } => {
  const before = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(before);
  return { value, cpuS: (used.user + used.system) / 1e6 };
};

export const benchmarks: Benchmark[] = [
  {
    name: 'abalone alpha-beta, standard start, 2 s',
    command: 'npx qiyuan bench --filter "abalone alpha-beta"',
    run() {
      const game = unwrap(abalone.create(unwrap(abalone.parseOptions({}))));
      // 2 s of wall time, whatever the level's node budget.
      const { value: r, cpuS } = timed(() =>
        answer({ ...requestFor(game, 0, 'master', { seed: 1 }), timeMs: 2000, nodes: Number.MAX_SAFE_INTEGER }),
      );
      if (!r.ok) throw new Error(r.error.reason);
      return {
        metrics: [
          { name: 'depth', value: r.info.depth ?? 0, unit: 'plies' },
          { name: 'nodes/s', value: Math.round((r.info.nodes ?? 0) / (r.info.timeMs / 1000)), unit: 'nodes/s' },
          { name: 'nodes per CPU s', value: Math.round((r.info.nodes ?? 0) / cpuS), unit: 'nodes/CPU s' },
        ],
      };
    },
  },
  {
    name: 'chinese-checkers alpha-beta, 2 players, opening, 2 s',
    command: 'npx qiyuan bench --filter "chinese-checkers alpha-beta"',
    run() {
      const game = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({}))));
      const { value: r, cpuS } = timed(() =>
        answer({ ...requestFor(game, 0, 'master', { seed: 1 }), timeMs: 2000, nodes: Number.MAX_SAFE_INTEGER }),
      );
      if (!r.ok) throw new Error(r.error.reason);
      return {
        metrics: [
          { name: 'nodes/s', value: Math.round((r.info.nodes ?? 0) / (r.info.timeMs / 1000)), unit: 'nodes/s' },
          { name: 'nodes per CPU s', value: Math.round((r.info.nodes ?? 0) / cpuS), unit: 'nodes/CPU s' },
          { name: 'depth', value: r.info.depth ?? 0, unit: 'plies' },
        ],
      };
    },
  },
  {
    name: 'chinese-checkers solo race, 10 pieces, depth 5',
    command: 'npx qiyuan bench --filter "solo race"',
    run() {
      // One army alone on the star (the other seat passes): how many moves to fill the goal.
      const cells = new Map<number, number>(homePoints(0, 10).map((p) => [p, 0]));
      const game = unwrap(createGame(unwrap(parseOptions({})), { cells, side: 0 }));
      let own = 0;
      while (!game.outcome() && game.ply < 400) {
        const seat = (game.turn() as { seat: number }).seat;
        const r = answer({ ...requestFor(game, seat, 'master', { seed: 1 }), depth: seat === 0 ? 5 : 1 });
        if (!r.ok) throw new Error(r.error.reason);
        if (seat === 0) own++;
        unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
      }
      if (game.outcome()?.results[0] !== 'win') throw new Error('the race did not finish');
      return { metrics: [{ name: 'moves', value: own, unit: 'moves' }], notes: 'best known about 30' };
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
      const { value: r, cpuS } = timed(() =>
        answer({ ...requestFor(game, seat, 'master', { seed: 1 }), timeMs: 2000 }),
      );
      if (!r.ok) throw new Error(r.error.reason);
      return {
        metrics: [
          {
            name: 'iterations/s',
            value: Math.round((r.info.iterations ?? 0) / (r.info.timeMs / 1000)),
            unit: 'iterations/s',
          },
          {
            name: 'iterations per CPU s',
            value: Math.round((r.info.iterations ?? 0) / cpuS),
            unit: 'iterations/CPU s',
          },
        ],
        notes: 'each iteration samples or reuses a world, descends the tree and plays out 8 plies',
      };
    },
  },
  {
    name: 'hive alpha-beta, 12 midgame positions, depth 5, queen-ring, classic and basic evaluations',
    command: 'npx qiyuan bench --filter "hive alpha-beta"',
    run() {
      // The puzzle games' first 20 plies: varied Base and Base+MLP middlegames.
      const rows = readFileSync(new URL('../test/hive-puzzles.tsv', import.meta.url), 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => l.split('\t')[3]!.split(';'));
      const metrics = ['master', 'master@classic', 'master@basic'].flatMap((player) => {
        let nodes = 0;
        let ms = 0;
        let cpu = 0;
        for (const parts of rows) {
          const game = unwrap(parseGameString(parts[0]!));
          for (const m of parts.slice(3, 23)) unwrap(game.play(unwrap(game.parseMove(m))));
          const { value: r, cpuS } = timed(() =>
            answer({ ...requestFor(game, game.position.side, player, { seed: 1 }), depth: 5 }),
          );
          if (!r.ok) throw new Error(r.error.reason);
          nodes += r.info.nodes ?? 0;
          ms += r.info.timeMs;
          cpu += cpuS;
        }
        return [
          { name: `${player} nodes/s`, value: Math.round(nodes / (ms / 1000)), unit: `nodes/s (${player})` },
          { name: `${player} nodes per CPU s`, value: Math.round(nodes / cpu), unit: `nodes/CPU s (${player})` },
        ];
      });
      return {
        metrics,
        notes:
          'master: the queen-ring evaluation; classic: queens, pinned and mobile pieces; basic: queens, beetle on a queen, development',
      };
    },
  },
];
