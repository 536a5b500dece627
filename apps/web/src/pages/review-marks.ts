/** A move's class as the review writes it: in the move list (review.tsx) and in the summary (review-result.tsx). */
import type { MoveClass } from '@qiyuan/ai';

/** The marks lichess made familiar: none for a good move. */
export const SYMBOL: Record<MoveClass, string> = { best: '✓', good: '', inaccuracy: '?!', mistake: '?', blunder: '??' };
/** The classes a summary counts. */
export const JUDGED = ['inaccuracy', 'mistake', 'blunder'] as const;
