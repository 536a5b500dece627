import type { Outcome, SeatResult } from '@qiyuan/core';
import type { BoardState } from './board-state.js';

/** How a seat left the game early. */
export const DROP_REASONS = ['resign', 'timeout'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/**
 * The ranking at this moment: places already earned; seats still playing
 * (at a draw, a cap or repetition) share the next place. 食棋 ranks the
 * seats still in by captures, most first, ties sharing a place.
 */
export function ranking(st: BoardState): number[] {
  const n = st.seatCount;
  const rank = new Array<number>(n).fill(0);
  if (st.capture) {
    const inPlay = [...Array(n).keys()].filter((s) => st.dropped[s] === 0);
    for (const s of inPlay) rank[s] = 1 + inPlay.filter((t) => st.captures[t]! > st.captures[s]!).length;
    for (let s = 0; s < n; s++) if (st.dropped[s] !== 0) rank[s] = st.place[s]!;
    return rank;
  }
  for (let s = 0; s < n; s++) rank[s] = st.place[s] === 0 ? st.nextTop : st.place[s]!;
  return rank;
}

/** Results from a ranking: a lone first place wins, a shared first place draws, the rest lose. */
export const outcomeFrom = (reason: string, ranking: readonly number[]): Outcome => {
  const firsts = ranking.filter((r) => r === 1).length;
  const results: SeatResult[] = ranking.map((r) => (r === 1 ? (firsts === 1 ? 'win' : 'draw') : 'loss'));
  return { reason, results, ranking };
};
