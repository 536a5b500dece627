/**
 * How long one move may take, from the game's clock: a slice of what is left
 * plus most of the increment, kept under what is left so the bot never loses
 * on time by thinking and under `maxMs`; a game without a running clock gets
 * `fallbackMs`.
 */

/** The clock part of a stream: the game's time control, and the bot's time left when the clock runs. */
export interface ClockNow {
  readonly kind: string;
  readonly incrementMs?: number;
  readonly delayMs?: number;
  readonly moveMs?: number;
  /** The bot's remaining time now (ms), if the clock runs. */
  readonly remainingMs?: number;
}

/** A move's share of the time left: as if 30 more moves were to be played. */
const MOVES_AHEAD = 30;
/** Kept back for the network and the server's processing. */
const MARGIN_MS = 500;

export interface BudgetLimits {
  /** A move's time when the clock does not run (none, correspondence) or says nothing of the time left. */
  readonly fallbackMs: number;
  /** The most a move takes however long the clock. */
  readonly maxMs: number;
}

export const moveBudgetMs = (clock: ClockNow | undefined, { fallbackMs, maxMs }: BudgetLimits): number => {
  if (!clock) return fallbackMs;
  switch (clock.kind) {
    case 'move':
      return Math.max(100, Math.min(maxMs, (clock.moveMs ?? fallbackMs) - MARGIN_MS * 2));
    case 'fischer':
    case 'delay': {
      const left = clock.remainingMs;
      if (left === undefined) return fallbackMs;
      const extra = (clock.incrementMs ?? 0) + (clock.delayMs ?? 0);
      const want = left / MOVES_AHEAD + extra * 0.8;
      return Math.max(100, Math.min(want, left + extra - MARGIN_MS, maxMs));
    }
    default:
      return fallbackMs;
  }
};
