import type { Benchmark, BenchmarkResult } from '@qiyuan/core';
import { Rng } from '@qiyuan/core';
import {
  type ChineseCheckersOptions,
  DEFAULT_OPTIONS,
  distanceToCornerTip,
  oppositeCorner,
  Position,
  perftPosition,
  seatCorners,
} from '../src/index.js';

const opts = (o: Partial<ChineseCheckersOptions>): ChineseCheckersOptions => ({ ...DEFAULT_OPTIONS, ...o });

/** Best of `runs` timings of a perft: the machine is shared, the fastest run is the least disturbed. */
const timedPerft = (o: ChineseCheckersOptions, depth: number, runs: number, expected?: number): BenchmarkResult => {
  let best = Number.POSITIVE_INFINITY;
  let bestCpu = Number.POSITIVE_INFINITY;
  let leaves = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    leaves = perftPosition(new Position(o), depth);
    const cpu = process.cpuUsage(c);
    best = Math.min(best, (performance.now() - t) / 1000);
    bestCpu = Math.min(bestCpu, (cpu.user + cpu.system) / 1e6);
  }
  if (expected !== undefined && leaves !== expected) throw new Error(`perft ${depth} gave ${leaves}, not ${expected}`);
  return {
    metrics: [
      { name: 'leaves', value: leaves, unit: 'leaves' },
      { name: 'speed', value: Math.round(leaves / best / 1e4) / 100, unit: 'M leaves/s' },
      { name: 'time', value: Math.round(best * 100) / 100, unit: 's' },
      { name: 'cpu speed', value: Math.round(leaves / bestCpu / 1e4) / 100, unit: 'M leaves/s of CPU time' },
    ],
    notes: `best of ${runs}`,
  };
};

/** Positions from seeded mostly-greedy games: openings, middle games and endings alike. */
const samplePositions = (o: ChineseCheckersOptions, games: number): Position[] => {
  const out: Position[] = [];
  const corners = seatCorners(o.players);
  for (let seed = 1; seed <= games; seed++) {
    const rng = Rng.fromSeed(seed);
    const p = new Position(o);
    for (let ply = 0; ply < 400 && !p.isOver; ply++) {
      if (ply % 10 === 0) out.push(new Position(o, p.layout()));
      const moves = [...p.generateMoves()];
      const goal = oppositeCorner(corners[p.sideToMove()]!);
      const gain = (m: number) => distanceToCornerTip(m & 0xff, goal) - distanceToCornerTip(m >>> 8, goal);
      const best = Math.max(...moves.map(gain));
      p.makeMove(rng.float() < 0.8 ? rng.pick(moves.filter((m) => gain(m) === best)) : rng.pick(moves));
    }
  }
  return out;
};

const moveGeneration = (o: ChineseCheckersOptions): BenchmarkResult => {
  const positions = samplePositions(o, 20);
  const buffer = new Int32Array(1024);
  let best = Number.POSITIVE_INFINITY;
  let moves = 0;
  const rounds = 400;
  for (let run = 0; run < 3; run++) {
    moves = 0;
    const t = performance.now();
    for (let r = 0; r < rounds; r++) for (const p of positions) moves += p.generateInto(buffer);
    best = Math.min(best, (performance.now() - t) / 1000);
  }
  const calls = rounds * positions.length;
  return {
    metrics: [
      { name: 'generations', value: Math.round(calls / best / 1e4) / 100, unit: 'M generations/s' },
      { name: 'moves', value: Math.round(moves / best / 1e4) / 100, unit: 'M moves/s' },
      { name: 'average', value: Math.round((moves / calls) * 10) / 10, unit: 'moves per position' },
    ],
    notes: `${positions.length} positions from 20 seeded games, best of 3`,
  };
};

const cli = (flags: string, depth: number): string => `npx qiyuan perft chinese-checkers ${flags} --depth ${depth}`;

export const benchmarks: Benchmark[] = [
  {
    name: 'perft 2p 10 adjacent depth 6',
    command: cli('--players 2 --pieces 10 --jump adjacent', 6),
    run: () => timedPerft(opts({}), 6, 3, 87_946_884),
  },
  {
    name: 'perft 2p 10 adjacent depth 7',
    command: cli('--players 2 --pieces 10 --jump adjacent', 7),
    run: () => timedPerft(opts({}), 7, 1, 2_774_031_156),
  },
  {
    name: 'perft 2p 10 long depth 6',
    command: cli('--players 2 --pieces 10 --jump long', 6),
    run: () => timedPerft(opts({ jump: 'long' }), 6, 1),
  },
  {
    name: 'perft 3p 10 adjacent depth 6',
    command: cli('--players 3 --pieces 10 --jump adjacent', 6),
    run: () => timedPerft(opts({ players: 3 }), 6, 1),
  },
  {
    name: 'perft 6p 10 adjacent depth 6',
    command: cli('--players 6 --pieces 10 --jump adjacent', 6),
    run: () => timedPerft(opts({ players: 6 }), 6, 1),
  },
  {
    name: 'perft 2p 15 adjacent depth 5',
    command: cli('--players 2 --pieces 15 --jump adjacent', 5),
    run: () => timedPerft(opts({ pieces: 15 }), 5, 1),
  },
  {
    name: 'perft 3p 15 long depth 5',
    command: cli('--players 3 --pieces 15 --jump long', 5),
    run: () => timedPerft(opts({ players: 3, pieces: 15, jump: 'long' }), 5, 1),
  },
  {
    name: 'move generation 2p adjacent',
    command: 'npx qiyuan bench --filter "move generation 2p adjacent"',
    run: () => moveGeneration(opts({})),
  },
  {
    name: 'move generation 2p long',
    command: 'npx qiyuan bench --filter "move generation 2p long"',
    run: () => moveGeneration(opts({ jump: 'long' })),
  },
];
