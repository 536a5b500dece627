import { writeFileSync } from 'node:fs';
import { unwrap } from '@qiyuan/core';
import { hive, type Position } from '@qiyuan/hive';
import { AlphaBeta } from '../src/alphabeta.js';
import { orderHint } from '../src/games/hive-evaluation.js';
import { FEATURES, RING_WEIGHTS, ringEvaluation, ringFeatures } from '../src/games/hive-ring.js';
import { seededRng } from '../src/levels.js';

/**
 * Texel-style tuning of the Hive queen-ring evaluation's weights.
 *
 * 1. Plays seeded self-play games (the ring evaluation on both sides, a node budget a move, a few random plies first
 *    so that no two games are alike) and keeps every position after the opening with the game's result for White.
 * 2. Finds the scale K that best turns the current weights' values into expected scores, sigmoid(K · value).
 * 3. Moves the weights to lower the mean squared error between sigmoid(K · w·f) and the results (Adam, full batch,
 *    a small pull back towards the starting weights so that rare terms do not run away), on four games in five;
 *    the fifth game of every five is held out and its error printed before and after, as the check on overfitting.
 *
 * Everything follows from the seed, so the same command prints the same weights:
 *
 *     nice -n 19 npx tsx packages/ai/bench/tune-hive.ts [--games 300] [--nodes 2000] [--openings 6] [--seed 1]
 *                                                       [--steps 3000] [--variant Base+MLP] [--out weights.json]
 *
 * The printed array goes into `hive-ring.ts` as a weight set, which then has to win in the arena: a lower error on
 * self-play positions is only a hint that the evaluation plays better.
 */

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const num = (name: string, fallback: number): number => {
  const v = Number(args.get(name) ?? fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a number ≥ 0`);
  return v;
};
const games = num('games', 300);
const nodes = num('nodes', 2000);
const openings = num('openings', 6);
const seed = num('seed', 1);
const steps = num('steps', 3000);
const variant = args.get('variant') ?? 'Base+MLP';
const MAX_PLIES = 200;

interface Sample {
  readonly features: Int32Array;
  /** 1 White won, 0.5 draw, 0 Black won. */
  readonly result: number;
  readonly heldOut: boolean;
}

const playGames = (): Sample[] => {
  const samples: Sample[] = [];
  const evaluate = ringEvaluation(RING_WEIGHTS);
  const tally = { white: 0, black: 0, draw: 0 };
  const start = unwrap(hive.create(unwrap(hive.parseOptions({ variant }))));
  for (let g = 0; g < games; g++) {
    const rng = seededRng(seed * 100_003 + g);
    const pos: Position = start.position.clone();
    // A fresh searcher per game: a game's moves depend on nothing but its seed.
    const searcher = new AlphaBeta({ evaluate, moveKey: (m) => m, orderHint }, 18);
    const seen: Int32Array[] = [];
    for (let ply = 0; ply < MAX_PLIES && !pos.outcome(); ply++) {
      const moves = [...pos.generateMoves()];
      if (ply < openings) {
        pos.makeMove(rng.pick(moves));
        continue;
      }
      const f = new Int32Array(FEATURES);
      ringFeatures(pos, 0, RING_WEIGHTS, f);
      seen.push(f);
      const r = searcher.search(pos, { nodes });
      pos.makeMove(r.move ?? moves[0]!);
    }
    const outcome = pos.outcome();
    const white = outcome?.results[0];
    const result = white === 'win' ? 1 : white === 'loss' ? 0 : 0.5;
    tally[result === 1 ? 'white' : result === 0 ? 'black' : 'draw']++;
    for (const features of seen) samples.push({ features, result, heldOut: g % 5 === 4 });
    if ((g + 1) % 25 === 0) process.stderr.write(`${g + 1} games, ${samples.length} positions\n`);
  }
  process.stderr.write(`White ${tally.white}, Black ${tally.black}, drawn ${tally.draw}\n`);
  return samples;
};

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const dot = (w: ArrayLike<number>, f: Int32Array): number => {
  let s = 0;
  for (let i = 0; i < FEATURES; i++) s += w[i]! * f[i]!;
  return s;
};
const meanError = (samples: readonly Sample[], w: ArrayLike<number>, k: number): number => {
  let e = 0;
  for (const s of samples) e += (s.result - sigmoid(k * dot(w, s.features))) ** 2;
  return e / Math.max(1, samples.length);
};

const samples = playGames();
const train = samples.filter((s) => !s.heldOut);
const test = samples.filter((s) => s.heldOut);

// The scale: a coarse then a fine scan of log K.
let k = 0.01;
for (const span of [1, 0.1, 0.01]) {
  let best = k;
  for (let i = -10; i <= 10; i++) {
    const c = k * 10 ** (span * i * 0.1);
    if (meanError(train, RING_WEIGHTS, c) < meanError(train, RING_WEIGHTS, best)) best = c;
  }
  k = best;
}

const w = Float64Array.from(RING_WEIGHTS);
const m = new Float64Array(FEATURES);
const v = new Float64Array(FEATURES);
const grad = new Float64Array(FEATURES);
const rate = 0.5;
const pull = 1e-6;
for (let t = 1; t <= steps; t++) {
  grad.fill(0);
  for (const s of train) {
    const p = sigmoid(k * dot(w, s.features));
    const g = (-2 * (s.result - p) * p * (1 - p) * k) / train.length;
    for (let i = 0; i < FEATURES; i++) if (s.features[i] !== 0) grad[i]! += g * s.features[i]!;
  }
  for (let i = 0; i < FEATURES; i++) {
    const g = grad[i]! + 2 * pull * (w[i]! - RING_WEIGHTS[i]!);
    m[i] = 0.9 * m[i]! + 0.1 * g;
    v[i] = 0.999 * v[i]! + 0.001 * g * g;
    const mh = m[i]! / (1 - 0.9 ** t);
    const vh = v[i]! / (1 - 0.999 ** t);
    w[i]! -= (rate * mh) / (Math.sqrt(vh) + 1e-12);
  }
  if (t % 500 === 0) process.stderr.write(`step ${t}: train ${meanError(train, w, k).toFixed(5)}\n`);
}
const tuned = Array.from(w, (x) => Math.round(x));

const report = {
  variant,
  games,
  nodes,
  openings,
  seed,
  steps,
  positions: { train: train.length, heldOut: test.length },
  k,
  error: {
    before: { train: meanError(train, RING_WEIGHTS, k), heldOut: meanError(test, RING_WEIGHTS, k) },
    after: { train: meanError(train, tuned, k), heldOut: meanError(test, tuned, k) },
  },
  weights: tuned,
};
const text = JSON.stringify(report);
if (args.get('out')) writeFileSync(args.get('out')!, `${text}\n`);
console.log(text);
