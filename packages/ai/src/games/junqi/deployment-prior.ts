import { ARMY_POINTS, COLS, FLAG, kindAt, RANK_COUNT, STANDARD_ARMY } from '@qiyuan/junqi';
import { seededRng } from '../../levels.js';
import type { Beliefs, Token } from './beliefs.js';
import { DEPLOYMENT_COUNTS } from './deployment-counts.js';
import type { Prior } from './knowledge.js';
import { soundSetup } from './setup.js';

/**
 * Where pieces stand at the start, as experienced players deploy (`setup.ts` writes their habits down: mines round
 * the flag, the strongest pieces on railway stations, small officers screening the front row), turned round: given
 * the point an enemy piece started on, how likely each rank is. A player reads an enemy's deployment this way — the
 * piece on the front row is probably small, the one beside a headquarters probably a mine — and the plain search
 * drew every unknown piece as if it could stand anywhere its rank is allowed.
 *
 * The table is counted from setups of the generator, separately for each headquarters the flag is in, so a world's
 * other ranks follow the flag it drew (a flag on the left puts mines on the left). The flag's headquarters itself is
 * weighed by how well every piece's possible ranks fit a deployment round it (a piece beside a headquarters that has
 * moved is no mine, which speaks for the other one).
 */

/** The shipped table's setups and seed (`deployment-counts.ts`). */
export const DEPLOYMENT_SETUPS = 6000;
export const DEPLOYMENT_SEED = 20261126;
/** An army's headquarters slots (the flag's two places), as the board defines them. */
const HQ_SLOTS = Array.from({ length: ARMY_POINTS }, (_, slot) => slot).filter(
  (slot) => kindAt(Math.floor(slot / COLS) + 1, slot % COLS) === 'hq',
);
const RANKS = RANK_COUNT;

/**
 * Counts of each rank on each army slot (slot-major, `slot × RANK_COUNT + rank`) over `setups` setups of the
 * generator from a fixed seed, split by the headquarters the flag went to (`HQ_SLOTS` order: column 1, then column 3).
 * `deployment-counts.ts` holds the result for the shipped seed, so no device spends its first move counting;
 * a test recounts it.
 */
export const countDeployments = (setups: number, seed: number): number[][] => {
  const rng = seededRng(seed);
  const counts = [0, 1].map(() => new Array<number>(ARMY_POINTS * RANKS).fill(0));
  for (let i = 0; i < setups; i++) {
    const setup = soundSetup(rng, STANDARD_ARMY);
    const h = HQ_SLOTS.indexOf(setup.indexOf(FLAG));
    setup.forEach((rank, slot) => {
      if (rank >= 0) counts[h]![slot * RANKS + rank]! += 1;
    });
  }
  return counts;
};

interface Table {
  /** P(rank | slot), per flag headquarters (`HQ_SLOTS` order) and overall (index 2), slot-major. */
  readonly p: readonly Float64Array[];
  /** P(rank) in the army. */
  readonly base: Float64Array;
}

let table: Table | undefined;

const tableOf = (): Table => {
  if (table) return table;
  const byFlag = DEPLOYMENT_COUNTS.byFlag;
  // every setup has exactly one flag, on its headquarters' slot
  const seen = HQ_SLOTS.map((slot, h) => byFlag[h]![slot * RANKS + FLAG]!);
  const total = seen[0]! + seen[1]!;
  const p = [
    Float64Array.from(byFlag[0]!, (n) => n / Math.max(1, seen[0]!)),
    Float64Array.from(byFlag[1]!, (n) => n / Math.max(1, seen[1]!)),
    Float64Array.from(byFlag[0]!, (n, i) => (n + byFlag[1]![i]!) / total),
  ];
  const size = STANDARD_ARMY.reduce((a, b) => a + b, 0);
  const base = Float64Array.from({ length: RANKS }, (_, r) => (STANDARD_ARMY[r] ?? 0) / size);
  table = { p, base };
  return table;
};

/** The army slot (row, column) of a point of any board: ids are `army × 30 + slot`. */
const slotOf = (point: number): number => point % ARMY_POINTS;

/**
 * The deployment prior for a seat's beliefs: weights on top of the hard beliefs and the counts, `mix` of each
 * weight left flat so that an enemy who deploys otherwise is still found out by what its pieces do.
 */
export const deploymentPrior = (beliefs: Beliefs, mix = 0.2): Prior => {
  const { p, base } = tableOf();
  const ratio = (h: number, slot: number, rank: number): number => {
    const b = base[rank]!;
    if (b <= 0) return mix;
    return (1 - mix) * (p[h]![slot * RANKS + rank]! / b) + mix;
  };
  // The flag's headquarters: how well each army's unknown pieces fit a deployment with the flag there.
  const flagOdds = new Map<number, number[]>();
  const oddsOf = (army: number): number[] => {
    let odds = flagOdds.get(army);
    if (odds) return odds;
    odds = HQ_SLOTS.map((_, h) => {
      let logLikelihood = 0;
      for (const t of beliefs.tokens) {
        // Dead pieces whose rank came out say most: a mine that died beside one headquarters.
        if (t.army !== army || t.origin < 0) continue;
        const slot = slotOf(t.origin);
        let fit = 0;
        for (let r = 0; r < RANKS; r++)
          if ((t.mask >> r) & 1) fit += (1 - mix) * p[h]![slot * RANKS + r]! + mix * base[r]!;
        logLikelihood += Math.log(Math.max(fit, 1e-9));
      }
      return logLikelihood;
    });
    const top = Math.max(...odds);
    odds = odds.map((l) => Math.exp(l - top));
    flagOdds.set(army, odds);
    return odds;
  };
  return {
    weight(t: Token, rank: number, flagPoint: number) {
      if (t.origin < 0) return 1;
      const h = flagPoint >= 0 ? HQ_SLOTS.indexOf(slotOf(flagPoint)) : -1;
      return ratio(h < 0 ? 2 : h, slotOf(t.origin), rank);
    },
    flagWeight(t: Token) {
      const h = t.origin >= 0 ? HQ_SLOTS.indexOf(slotOf(t.origin)) : -1;
      return h < 0 ? mix : oddsOf(t.army)[h]!;
    },
  };
};
