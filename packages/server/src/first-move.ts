import type { Seat } from '@qiyuan/core';
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

/** The first-move allowance of a clock, or undefined for an untimed game (nothing can lapse). */
export const firstMoveAllowance = (spec: ClockSpec): number | undefined => {
  if (spec.kind === 'none') return undefined;
  // a correspondence player has the whole move period for the first move too
  if (spec.kind === 'correspondence') return moveAllowanceMs(spec);
  return speedOf(spec) === 'classical' ? FIRST_MOVE_CLASSICAL_MS : FIRST_MOVE_MS;
};

/**
 * When the first move of `seat` is overdue: its turn began at `since` and it has not yet
 * moved. Undefined when the seat has moved (its main clock governs) or the game is untimed.
 */
export const firstMoveDeadline = (
  spec: ClockSpec,
  moved: readonly Seat[],
  seat: Seat,
  since: number,
): number | undefined => {
  const allowance = firstMoveAllowance(spec);
  return allowance === undefined || moved.includes(seat) ? undefined : since + allowance;
};

/** Milliseconds left for the first move at `now` (never below 0), for the countdown players see. */
export const firstMoveLeft = (
  spec: ClockSpec,
  moved: readonly Seat[],
  seat: Seat,
  since: number,
  now: number,
): number | undefined => {
  const deadline = firstMoveDeadline(spec, moved, seat, since);
  return deadline === undefined ? undefined : Math.max(0, deadline - now);
};
