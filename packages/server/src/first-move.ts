import { type ClockSpec, speedOf } from '@qiyuan/protocol';
import { moveAllowanceMs } from './correspondence.js';

/**
 * The first-move rule (issue #25), as lichess plays it: a seat's main clock does not
 * run until that seat has made its first move after any setup phase, and a seat that
 * does not make it within the allowance below ends the game without a result. This
 * module holds the rule's numbers and arithmetic only; the room applies them.
 */

/** The allowance for a first move in bullet, blitz and rapid games. */
export const FIRST_MOVE_MS = 30_000;
/** Slow games give more: a player who chose a long game may be slower to sit down to it. */
export const FIRST_MOVE_CLASSICAL_MS = 60_000;

/**
 * The first-move allowance of a clock, or undefined for an untimed game (nothing can lapse); `dayMs`: a
 * correspondence day's length (a real day unless a test server shortens it).
 */
export const firstMoveAllowance = (spec: ClockSpec, dayMs?: number): number | undefined => {
  if (spec.kind === 'none') return undefined;
  // a correspondence player has the whole move period for the first move too
  if (spec.kind === 'correspondence') return moveAllowanceMs(spec, dayMs);
  return speedOf(spec) === 'classical' ? FIRST_MOVE_CLASSICAL_MS : FIRST_MOVE_MS;
};
