import type { Review, Score } from '@qiyuan/ai';

/** The numbers behind the review's graph (pages/review.tsx), apart from the page so they can be tested alone. */

/** A review as the server stores it: with the game's cap, the scale the graph is drawn to. */
export type StoredReview = Review & { readonly scale: number };

/** A score as a height on the graph, for the mover: a proven result at the edge, the rest clamped to the scale. */
const heightOf = (s: Score, scale: number): number =>
  'win' in s ? scale : 'loss' in s ? -scale : Math.max(-scale, Math.min(scale, s.cp));

/**
 * The graph's lines: for two seats one line, the first seat's advantage after each move (the mover's value, turned
 * for the second seat's moves); for more, one line per seat with its value after each of its own moves (null
 * between them, which the line spans).
 */
export const seriesOf = (review: StoredReview, seats: number): (number | null)[][] =>
  seats === 2
    ? [review.plies.map((p) => (p.seat === 0 ? 1 : -1) * heightOf(p.after, review.scale))]
    : Array.from({ length: seats }, (_, seat) =>
        review.plies.map((p) => (p.seat === seat ? heightOf(p.after, review.scale) : null)),
      );
