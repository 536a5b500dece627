import { ARMY_POINTS, COLS, RANK_COUNT } from '@qiyuan/junqi';
import type { Beliefs, Token } from './beliefs.js';
import type { Prior } from './knowledge.js';
import { MOVEMENT_COUNTS } from './movement-counts.js';

/**
 * How an enemy piece has moved, read as evidence of its rank: a piece that keeps coming and has crossed into our half
 * is seldom a 排长, one that has stood still all game is more often a bomb than a 军长. The likelihood of what a piece
 * did given its rank is counted from the search's own games (`movement-counts.ts`), per starting row and stage of the
 * game, so it is what a player of this strength does, not a guess; the deployment prior supplies P(rank | where it
 * started) and the two multiply (the movement is taken as independent of the exact slot once the row is known).
 */

const RANKS = RANK_COUNT;
/** Starting rows of an army (1 back … 6 front), stages of the game, and what a piece did (moves × where it is). */
export const MOVEMENT_ROWS = 6;
export const MOVEMENT_STAGES = 3;
export const MOVEMENT_STATES = 10;
/** Cells of the counts: row × stage × state × rank. */
export const MOVEMENT_CELLS = MOVEMENT_ROWS * MOVEMENT_STAGES * MOVEMENT_STATES * RANKS;

/** The starting row of a piece (0 back … 5 front) from its origin: ids are `army × 30 + (row − 1) × 5 + column`. */
export const rowOf = (origin: number): number => Math.floor((origin % ARMY_POINTS) / COLS);

/** The stage of the game after `plies` records. */
export const stageOf = (plies: number): number => (plies < 60 ? 0 : plies < 150 ? 1 : 2);
const movesBucket = (m: number): number => (m === 0 ? 0 : m === 1 ? 1 : m <= 3 ? 2 : m <= 7 ? 3 : 4);
/** What a piece did: how often it moved (0, 1, 2–3, 4–7, 8+) and whether it stands outside its own half. */
export const stateOf = (t: Token, beliefs: Beliefs): number =>
  movesBucket(t.moves) * 2 + (beliefs.board.points[t.point]?.army !== t.army ? 1 : 0);
/** The index of a count: starting row (0 back), stage, state, rank. */
export const movementIndex = (row: number, stage: number, state: number, rank: number): number =>
  ((row * MOVEMENT_STAGES + stage) * MOVEMENT_STATES + state) * RANKS + rank;

/** Pseudo-counts that pull a thin cell towards the same rank's figure over all rows, and that towards the state's. */
const ROW_PULL = 30;
const RANK_PULL = 30;

let likelihood: Float64Array | undefined;

/** P(state | rank, row, stage) / P(state | stage), smoothed; indexed like the counts. */
const likelihoodOf = (): Float64Array => {
  if (likelihood) return likelihood;
  const n = MOVEMENT_COUNTS.counts;
  const out = new Float64Array(MOVEMENT_CELLS);
  for (let stage = 0; stage < MOVEMENT_STAGES; stage++) {
    // P(state | stage) and P(state | rank, stage), over all rows.
    const byState = new Float64Array(MOVEMENT_STATES);
    const byRankState = new Float64Array(RANKS * MOVEMENT_STATES);
    for (let row = 0; row < MOVEMENT_ROWS; row++)
      for (let s = 0; s < MOVEMENT_STATES; s++)
        for (let r = 0; r < RANKS; r++) {
          const c = n[movementIndex(row, stage, s, r)] ?? 0;
          byState[s]! += c;
          byRankState[r * MOVEMENT_STATES + s]! += c;
        }
    const all = byState.reduce((a, b) => a + b, 0);
    const pState = Float64Array.from(byState, (c) => Math.max(c, 1) / Math.max(1, all));
    for (let r = 0; r < RANKS; r++) {
      let rankAll = 0;
      for (let s = 0; s < MOVEMENT_STATES; s++) rankAll += byRankState[r * MOVEMENT_STATES + s]!;
      const pooled = (s: number) =>
        (byRankState[r * MOVEMENT_STATES + s]! + (RANK_PULL * byState[s]!) / Math.max(1, all)) / (rankAll + RANK_PULL);
      for (let row = 0; row < MOVEMENT_ROWS; row++) {
        let rowAll = 0;
        for (let s = 0; s < MOVEMENT_STATES; s++) rowAll += n[movementIndex(row, stage, s, r)] ?? 0;
        for (let s = 0; s < MOVEMENT_STATES; s++) {
          const i = movementIndex(row, stage, s, r);
          out[i] = ((n[i] ?? 0) + ROW_PULL * pooled(s)) / (rowAll + ROW_PULL) / pState[s]!;
        }
      }
    }
  }
  likelihood = out;
  return out;
};

/**
 * `base` (the deployment prior) times how much likelier each rank makes what the piece did than pieces at large do,
 * `mix` of it left flat so that an enemy who moves otherwise is still read by its combats.
 */
export const movementPrior = (beliefs: Beliefs, plies: number, base: Prior, mix = 0.2): Prior => {
  const p = likelihoodOf();
  const stage = stageOf(plies);
  // Where each token's ranks start in the table: its row, the stage and its state do not change while worlds are drawn.
  const cells = new Map<Token, number>();
  return {
    weight(t: Token, rank: number, flagPoint: number) {
      const w = base.weight(t, rank, flagPoint);
      if (t.origin < 0 || !t.alive) return w;
      let cell = cells.get(t);
      if (cell === undefined) {
        cell = movementIndex(rowOf(t.origin), stage, stateOf(t, beliefs), 0);
        cells.set(t, cell);
      }
      return w * ((1 - mix) * p[cell + rank]! + mix);
    },
    flagWeight: (t) => base.flagWeight(t),
  };
};
