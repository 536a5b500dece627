import type { JsonObject, Rng } from '@qiyuan/core';
import { FLAG as FLAG_RANK, type Hidden, type Position, RANK_COUNT, rankFromLetter } from '@qiyuan/junqi';
import { ALL_RANKS, type Beliefs, IMMOBILE_MASK, placementMask, popcount } from './beliefs.js';
import { sampleWorld } from './sample.js';

const FLAG = FLAG_RANK;

interface View {
  mode: string;
  armyOfSeat?: number[];
  flagsRevealed?: number[];
  pieces?: { id: number; point: number; army: number | null; rank: string | null; moved: boolean; origin: number }[];
}

/** One of our pieces whose rank the enemy has not learned: the ranks it may be for them, and what it is. */
interface Hideable {
  id: number;
  army: number;
  mask: number;
  rank: number;
}

/**
 * Worlds as the enemy sees them: the enemy's pieces drawn from our beliefs as usual, and ours shuffled among
 * themselves as far as what the enemy knows allows. An enemy knows of our pieces what the rules and the board tell
 * everyone: the flag stands in a headquarters, mines in the back two rows, no bomb in the front row, a piece that
 * moved is no flag or mine; and of a piece that fought, roughly what it is (it is left as it is). So our unfought
 * pieces trade ranks with each other, the army's composition kept. The search scores the enemy's moves in these
 * worlds, so in the tree it can no longer aim at our 司令 or walk around our bombs that it never saw.
 * Undefined when there is nothing to hide (翻棋's face-down pieces are hidden from everyone alike, and a seat with
 * fewer than two hideable pieces).
 */
export interface EnemyView {
  /** A world as the enemy sees it: its pieces from our beliefs, ours shuffled as its guess. */
  world(rng: Rng, prior?: Parameters<typeof sampleWorld>[3]): Position;
  /** A guess of the enemy's at our hideable pieces: rank by piece id. */
  guess(rng: Rng): Map<number, Hidden>;
}

export const enemyViewSampler = (view: JsonObject, beliefs: Beliefs): EnemyView | undefined => {
  const v = view as unknown as View;
  if (v.mode !== 'hidden' || !v.pieces || !v.armyOfSeat) return undefined;
  const ours = v.armyOfSeat[beliefs.seat];
  if (ours === undefined) return undefined;
  const fought = new Set(beliefs.tokens.filter((t) => t.fought && t.alive).map((t) => t.id));
  const flagShown = ((v.flagsRevealed ?? []) as number[]).includes(ours);
  const hideable: Hideable[] = [];
  for (const p of v.pieces) {
    if (p.army !== ours || p.rank === null || fought.has(p.id)) continue;
    const rank = rankFromLetter(p.rank);
    if (rank === undefined || (flagShown && rank === FLAG)) continue;
    let mask = placementMask(beliefs.board, p.origin) & (p.moved ? ~IMMOBILE_MASK : ALL_RANKS);
    if (flagShown) mask &= ~(1 << FLAG);
    hideable.push({ id: p.id, army: ours, mask, rank });
  }
  if (hideable.length < 2) return undefined;
  const hiddenIds = new Set(hideable.map((h) => h.id));
  // The view with our hideable pieces' ranks left out, for `determinize` to take them from the assignment.
  const masked = {
    ...view,
    pieces: v.pieces.map((p) => (hiddenIds.has(p.id) ? { ...p, rank: null } : p)),
  } as unknown as JsonObject;
  const counts = new Array<number>(RANK_COUNT).fill(0);
  for (const h of hideable) counts[h.rank]!++;
  // The most constrained first (the flag's two headquarters, then the mines' back rows), each rank in proportion.
  const order = [...hideable].sort((a, b) => popcount(a.mask) - popcount(b.mask));
  const shuffle = (rng: Rng): Map<number, Hidden> => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const left = [...counts];
      const out = new Map<number, Hidden>();
      let ok = true;
      const flagSpots = left[FLAG]! > 0 ? order.filter((h) => (h.mask >> FLAG) & 1) : [];
      if (flagSpots.length > 0) {
        out.set(rng.pick(flagSpots).id, { army: ours, rank: FLAG });
        left[FLAG] = 0;
      }
      for (const h of order) {
        if (out.has(h.id)) continue;
        let total = 0;
        for (let r = 0; r < RANK_COUNT; r++) if ((h.mask >> r) & 1) total += left[r]!;
        if (total === 0) {
          ok = false;
          break;
        }
        let x = rng.int(0, total - 1);
        for (let r = 0; r < RANK_COUNT; r++) {
          if (!((h.mask >> r) & 1)) continue;
          x -= left[r]!;
          if (x < 0) {
            out.set(h.id, { army: ours, rank: r });
            left[r]!--;
            break;
          }
        }
      }
      if (ok) return out;
    }
    // The constraints did not fit a quick draw: the truth (the enemy guessed right).
    return new Map(hideable.map((h) => [h.id, { army: ours, rank: h.rank }]));
  };
  return {
    world: (rng, prior) => sampleWorld(masked, beliefs, rng, prior, shuffle(rng)),
    guess: shuffle,
  };
};
