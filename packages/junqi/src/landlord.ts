import { Rng } from '@qiyuan/core';
import { backRowsOnly, FLAG, PLATOON, RANK_COUNT, type Rank, SPECIALS_POOL, STANDARD_ARMY } from './piece.js';

/**
 * 三打一 (one against three): the deal, the bidding and the armies. The
 * rulings L1–L10 are in docs/rules/junqi.md; the numbers in comments refer
 * to them.
 */

/** L1: the pool is four standard armies without their flags (4 × 24), plus one 元帅, 堡垒 and 导弹. */
export const SPECIALS: readonly Rank[] = SPECIALS_POOL;
export const DEALT = 19;
export const FARMER_PLATOONS = 5;
export const LANDLORD_DRAW = 19;

export const CALLS = ['pass', '1', '2', '3', 'landlord'] as const;
export type Call = (typeof CALLS)[number];

export interface Deal {
  /** Per seat: counts per rank of its flag and 19 dealt pieces. */
  readonly hands: readonly (readonly number[])[];
  /** The 23 pieces left over (20 standard and the three specials), in shuffled order. */
  readonly kitty: readonly Rank[];
}

const counts = (ranks: readonly Rank[]): number[] => {
  const c = new Array<number>(RANK_COUNT).fill(0);
  for (const r of ranks) c[r]!++;
  return c;
};

/**
 * L2: each seat gets its flag and 19 pieces drawn from the 96 standard ones;
 * a deal that gives a seat more than 9 mines (they would not fit the back two
 * rows) is dealt again from the same generator.
 */
export const deal = (seed: number | string, dealNo: number): Deal => {
  const rng = Rng.fromSeed(`${seed}:deal:${dealNo}`);
  for (;;) {
    const pool: Rank[] = [];
    for (let army = 0; army < 4; army++) {
      STANDARD_ARMY.forEach((n, rank) => {
        if (rank !== FLAG) for (let i = 0; i < n; i++) pool.push(rank);
      });
    }
    rng.shuffle(pool);
    const hands = [0, 1, 2, 3].map((s) => {
      const c = counts(pool.slice(s * DEALT, (s + 1) * DEALT));
      c[FLAG] = 1;
      return c;
    });
    if (hands.some((h) => h.reduce((a, n, r) => a + (backRowsOnly(r) ? n : 0), 0) > 9)) continue;
    const kitty = rng.shuffle([...pool.slice(4 * DEALT), ...SPECIALS]);
    return { hands, kitty };
  }
};

/** L4: a farmer's army is its hand plus five 排长 — 25 pieces. */
export const farmerArmy = (hand: readonly number[]): number[] => {
  const c = [...hand];
  c[PLATOON]! += FARMER_PLATOONS;
  return c;
};

/** L5: the landlord draws 19 of the 23 left at random; it then deploys 25 of everything it holds. */
export const landlordHolding = (hand: readonly number[], kitty: readonly Rank[]): number[] => {
  const c = [...hand];
  for (const r of kitty.slice(0, LANDLORD_DRAW)) c[r]!++;
  return c;
};
