import type { Rng, Seat } from '@qiyuan/core';
import { sampleAssignment } from './determinize.js';
import type { JunqiGame } from './game.js';
import { backRowsOnly, FLAG, RANK_COUNT, type Rank, STANDARD_ARMY } from './piece.js';
import { randomSetup } from './setup.js';

/**
 * Other worlds a seat cannot tell from the real one: the same game, with
 * everything the seat may not know drawn again. A game is fair to a seat only
 * if every answer it gets (a refusal's code and reason, or acceptance) is the
 * same in all of them; the non-interference tests compare the answers.
 *
 * The worlds drawn are a superset of the consistent ones: hidden ranks are
 * drawn from what is left of each army (as the AI's samples are), without
 * ruling out ranks that earlier combats make impossible. Answers that may not
 * depend on hidden ranks at all must agree across this larger set too, so the
 * test is only stricter for it.
 */
export const otherWorld = (game: JunqiGame, seat: Seat, rng: Rng): JunqiGame => {
  const world = game.clone();
  const { state } = world.internals;
  const landlordVariant = game.options.variant === 'landlord';
  if (state.phase === 'bidding' && landlordVariant) redeal(state, seat, rng);
  if (state.phase === 'setup') {
    // Whether a seat has deployed is public; how is its own secret.
    state.setups = state.setups.map((setup, s) => {
      if (setup === undefined || s === seat) return setup;
      const drawn = randomSetup(rng, state.holdings[s]!, state.landlord === s);
      return drawn.ok ? drawn.value : setup;
    });
  }
  if (state.phase === 'play' && state.pos) {
    const drawn = sampleAssignment(game.viewFor(seat), rng);
    for (const [id, hidden] of drawn) state.pos.redraw(id, hidden.army, hidden.rank);
  }
  return world;
};

interface Hands {
  hands: number[][];
  kitty: Rank[];
}

/**
 * 三打一 while bidding: the other seats' hands and the kitty dealt again from
 * what they hold between them (the seat's own hand stays; every hand keeps its
 * flag and size; the specials stay in the kitty; no hand gets more mines than
 * the back rows hold, as in the deal).
 */
const redeal = (state: Hands, seat: Seat, rng: Rng): void => {
  const others = state.hands.map((_, s) => s).filter((s) => s !== seat);
  const pool: Rank[] = [];
  for (const s of others) {
    state.hands[s]!.forEach((n, rank) => {
      if (rank !== FLAG) for (let i = 0; i < n; i++) pool.push(rank as Rank);
    });
  }
  const specials = state.kitty.filter((r) => STANDARD_ARMY[r] === 0);
  pool.push(...state.kitty.filter((r) => STANDARD_ARMY[r]! > 0));
  const sizes = others.map((s) => state.hands[s]!.reduce((a, n) => a + n, 0) - 1);
  for (let attempt = 0; attempt < 100; attempt++) {
    rng.shuffle(pool);
    let at = 0;
    const hands = sizes.map((size) => {
      const c = new Array<number>(RANK_COUNT).fill(0);
      for (const r of pool.slice(at, at + size)) c[r]!++;
      at += size;
      c[FLAG] = 1;
      return c;
    });
    if (hands.some((h) => h.reduce((a, n, r) => a + (backRowsOnly(r as Rank) ? n : 0), 0) > 9)) continue;
    others.forEach((s, i) => {
      state.hands[s] = hands[i]!;
    });
    state.kitty = rng.shuffle([...pool.slice(at), ...specials]);
    return;
  }
};
