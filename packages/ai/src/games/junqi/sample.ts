import type { JsonObject, Rng } from '@qiyuan/core';
import {
  determinize,
  FLAG,
  type Hidden,
  type Position,
  RANK_COUNT,
  rankFromLetter,
  sampleAssignment,
} from '@qiyuan/junqi';
import { type Beliefs, composition, popcount, type Token } from './beliefs.js';
import type { Prior } from './knowledge.js';

interface View {
  mode: string;
  dead?: { id: number; army: number; rank: string | null }[];
}

/**
 * Draws ranks for every unknown enemy piece (live and unseen dead) that fit
 * the beliefs and the army's composition: the flag first onto one of its
 * possible squares, then the most constrained pieces first, each rank drawn
 * in proportion to how many of it remain. Retries a few times, then relaxes
 * the counts rather than fail. A `prior` weights the flag's point and each
 * rank by habits on top of the hard beliefs.
 */
export const sampleRanks = (view: JsonObject, beliefs: Beliefs, rng: Rng, prior?: Prior): Map<number, Hidden> => {
  const out = new Map<number, Hidden>();
  const armies = new Set(beliefs.tokens.filter((t) => !t.known && t.army >= 0).map((t) => t.army));
  for (const army of armies) {
    const pool = composition(view, army);
    for (const t of beliefs.tokens) {
      if (t.army === army && t.known) {
        const r = Math.log2(t.mask);
        pool[r] = Math.max(0, pool[r]! - 1);
      }
    }
    for (const d of (view as unknown as View).dead ?? []) {
      if (d.army === army && d.rank !== null && !beliefs.tokens.some((t) => t.id === d.id && t.known)) {
        const r = rankFromLetter(d.rank)!;
        pool[r] = Math.max(0, pool[r]! - 1);
      }
    }
    const unknown = beliefs.tokens.filter((t) => t.army === army && !t.known && (t.alive || t.id < 0));
    const live = unknown.filter((t) => t.alive);
    for (let attempt = 0; attempt < 12; attempt++) {
      const strict = attempt < 10;
      const left = [...pool];
      const drawn = new Map<Token, number>();
      let ok = true;
      let flagPoint = -1;
      if (left[FLAG]! > 0) {
        const spots = live.filter((t) => (t.mask >> FLAG) & 1);
        if (spots.length > 0) {
          const spot = prior ? weightedPick(spots, (t) => prior.flagWeight(t), rng) : rng.pick(spots);
          drawn.set(spot, FLAG);
          flagPoint = spot.point;
          left[FLAG] = 0;
        }
      }
      left[FLAG] = 0;
      const order = rng
        .shuffle(unknown.filter((t) => !drawn.has(t)))
        .sort((a, b) => popcount(a.mask) - popcount(b.mask));
      for (const t of order) {
        let total = 0;
        for (let r = 0; r < RANK_COUNT; r++) if ((t.mask >> r) & 1) total += left[r]!;
        if (total === 0) {
          if (strict) {
            ok = false;
            break;
          }
          // Relaxed: any rank the token allows, whatever the counts say.
          const allowed = [...Array(RANK_COUNT).keys()].filter((r) => r !== FLAG && (t.mask >> r) & 1);
          drawn.set(t, allowed.length > 0 ? rng.pick(allowed) : 4);
          continue;
        }
        if (prior) {
          let weighted = 0;
          const w = new Array<number>(RANK_COUNT).fill(0);
          for (let r = 0; r < RANK_COUNT; r++) {
            if ((t.mask >> r) & 1 && left[r]! > 0) {
              w[r] = left[r]! * prior.weight(t, r, flagPoint);
              weighted += w[r]!;
            }
          }
          let x = rng.float() * weighted;
          let chosen = -1;
          for (let r = 0; r < RANK_COUNT; r++) {
            if (w[r]! <= 0) continue;
            chosen = r;
            x -= w[r]!;
            if (x < 0) break;
          }
          drawn.set(t, chosen);
          left[chosen]!--;
          continue;
        }
        let x = rng.int(0, total - 1);
        for (let r = 0; r < RANK_COUNT; r++) {
          if (!((t.mask >> r) & 1)) continue;
          x -= left[r]!;
          if (x < 0) {
            drawn.set(t, r);
            left[r]!--;
            break;
          }
        }
      }
      if (ok) {
        for (const [t, rank] of drawn) if (t.alive && t.id >= 0) out.set(t.id, { army, rank });
        break;
      }
    }
  }
  return out;
};

const weightedPick = <T>(items: readonly T[], weight: (item: T) => number, rng: Rng): T => {
  const w = items.map(weight);
  let x = rng.float() * w.reduce((a, b) => a + b, 0);
  for (let i = 0; i < items.length; i++) {
    x -= w[i]!;
    if (x < 0) return items[i]!;
  }
  return items[items.length - 1]!;
};

/** A full-information world consistent with the seat's beliefs, to search on. */
export const sampleWorld = (
  view: JsonObject,
  beliefs: Beliefs,
  rng: Rng,
  prior?: Prior,
  /** Ranks for pieces the view shows without one (our own, as an enemy sees them: `enemy-view.ts`). */
  extra?: ReadonlyMap<number, Hidden>,
): Position => {
  const v = view as unknown as View;
  // 翻棋: face-down pieces are a shuffled bag of what has not been turned up; the engine draws it.
  const assignment = v.mode === 'flip' ? sampleAssignment(view, rng) : sampleRanks(view, beliefs, rng, prior);
  if (extra) for (const [id, h] of extra) assignment.set(id, h);
  const world = determinize(view, assignment);
  if (world.ok) return world.value;
  // Should not happen: fall back to the engine's own draw.
  const fallback = determinize(view, sampleAssignment(view, rng));
  if (!fallback.ok) throw new Error(fallback.error.reason);
  return fallback.value;
};
