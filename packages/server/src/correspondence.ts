import type { Seat } from '@qiyuan/core';
import { type ClockSpec, type Refusal, refusal, VACATION_DAYS } from '@qiyuan/protocol';

/**
 * Correspondence clocks (issue #23): `daysPerMove` days for each move, and a vacation allowance per player and game
 * during which that player's clock does not run. The arithmetic of both lives here; clock.ts calls it for the
 * `correspondence` kind.
 */

/** A correspondence day: what every site plays. */
export const DAY_MS = 86_400_000;

/**
 * Why `ms` cannot be a server's day length, or undefined when it can. A day is a process setting given to the hub
 * (`HubOptions.dayMs`, from `QIYUAN_DAY_MS`): only tests shorten it, never a site (docs/DEPLOY.md). Each game's
 * clock keeps the day it was made with (`ClockState.dayMs`), and every function here takes it as an argument.
 */
export const dayLengthProblem = (ms: number): string | undefined =>
  Number.isInteger(ms) && ms >= 100 ? undefined : `a day must be a whole number of ms, at least 100, not ${ms}`;

/** The time given for one move of a correspondence clock whose day is `dayMs` long. */
export const moveAllowanceMs = (spec: Extract<ClockSpec, { kind: 'correspondence' }>, dayMs = DAY_MS): number =>
  spec.daysPerMove * dayMs;

/**
 * Each player's vacation in one game. `leftMs`: what remains of the allowance (time used in the current turn is
 * taken off when the turn ends or the vacation is switched off). `from`: since when the vacation is on (null: off).
 * `creditMs`: vacation already used in the current turn (given back to the seat's move time until the turn ends).
 */
export interface Vacation {
  readonly leftMs: readonly number[];
  readonly from: readonly (number | null)[];
  readonly creditMs: readonly number[];
}

export const initialVacation = (seats: number, dayMs = DAY_MS): Vacation => ({
  leftMs: new Array(seats).fill(VACATION_DAYS * dayMs),
  from: new Array(seats).fill(null),
  creditMs: new Array(seats).fill(0),
});

/**
 * Vacation time covering `seat`'s running turn from `since` to `at`, not yet counted in `creditMs`: the time since
 * the vacation (or the turn, if later) began, up to what is left of the allowance.
 */
export const liveCover = (v: Vacation | undefined, seat: Seat, since: number, at: number, runs: boolean): number => {
  const from = v?.from[seat];
  if (!v || !runs || from === null || from === undefined) return 0;
  return Math.max(0, Math.min(v.leftMs[seat] ?? 0, at - Math.max(from, since)));
};

/** Time given back to `seat`'s move: the vacation used in this turn, switched off or still on. */
export const cover = (v: Vacation | undefined, seat: Seat, since: number, at: number, runs: boolean): number =>
  runs && v ? (v.creditMs[seat] ?? 0) + liveCover(v, seat, since, at, runs) : 0;

/**
 * How much later `seat`'s deadline lies than its time left at the start of the turn (which already counts the
 * vacation used and switched off in this turn): while the vacation is on, what is left of the allowance.
 */
export const deadlineExtension = (v: Vacation | undefined, seat: Seat): number => {
  const on = v?.from[seat] !== null && v?.from[seat] !== undefined;
  return v && on ? (v.leftMs[seat] ?? 0) : 0;
};

const set = <T>(list: readonly T[], i: number, value: T): T[] => list.map((x, j) => (j === i ? value : x));

/**
 * A new turn starts at `now`: the vacation used by the seats that were running is taken off their allowance, and
 * a vacation still on counts again from `now` (only a seat's own turns use it up).
 */
export const settleTurn = (v: Vacation, running: readonly Seat[], since: number, now: number): Vacation => {
  let leftMs = [...v.leftMs];
  let from = [...v.from];
  for (const s of running) {
    const used = liveCover(v, s, since, now, true);
    leftMs = set(leftMs, s, Math.max(0, (leftMs[s] ?? 0) - used));
    if (from[s] !== null && from[s] !== undefined) from = set(from, s, now);
  }
  return { leftMs, from, creditMs: v.creditMs.map(() => 0) };
};

/** Why a vacation cannot be switched as asked (a refusal the player's page words), or undefined when it can. */
export const vacationProblem = (v: Vacation | undefined, seat: Seat, on: boolean): Refusal | undefined => {
  if (!v) return refusal('no-vacation', 'only correspondence games have vacations');
  const isOn = v.from[seat] !== null && v.from[seat] !== undefined;
  if (on && isOn) return refusal('vacation-on', 'your vacation is already on');
  if (!on && !isOn) return refusal('vacation-off', 'your vacation is not on');
  if (on && (v.leftMs[seat] ?? 0) <= 0) {
    return refusal('vacation-used-up', 'your vacation allowance for this game is used up');
  }
  return undefined;
};

/** Switches `seat`'s vacation on or off at `now`; `runs`: its move time is running since `since`. */
export const switchVacation = (
  v: Vacation,
  seat: Seat,
  on: boolean,
  since: number,
  now: number,
  runs: boolean,
): Vacation => {
  if (on) return { ...v, from: set(v.from, seat, now) };
  const used = liveCover(v, seat, since, now, runs);
  return {
    leftMs: set(v.leftMs, seat, Math.max(0, (v.leftMs[seat] ?? 0) - used)),
    from: set(v.from, seat, null),
    creditMs: set(v.creditMs, seat, (v.creditMs[seat] ?? 0) + used),
  };
};

/** A move ends its player's vacation (they are back); what it used is taken off when the turn is settled. */
export const endOnMove = (v: Vacation, seat: Seat, since: number, now: number, runs: boolean): Vacation =>
  v.from[seat] === null || v.from[seat] === undefined ? v : switchVacation(v, seat, false, since, now, runs);

/** What players see of the vacations at `now`: who is on vacation and what each has left. */
export const vacationInfo = (
  v: Vacation,
  running: readonly Seat[],
  since: number,
  now: number,
): { on: number[]; leftMs: number[] } => ({
  on: v.from.flatMap((f, s) => (f === null || f === undefined ? [] : [s])),
  leftMs: v.leftMs.map((l, s) => Math.max(0, l - liveCover(v, s, since, now, running.includes(s)))),
});

/**
 * When a correspondence player is reminded that their time runs out: when less than a day or a fifth of the time
 * the turn was given (from `since`, its start, to `deadline`) is left, whichever comes later (a one-day move: 4.8
 * hours before; seven days: a day before), with days `dayMs` long. Undefined for other clocks.
 */
export const reminderAt = (spec: ClockSpec, since: number, deadline: number, dayMs = DAY_MS): number | undefined => {
  if (spec.kind !== 'correspondence') return undefined;
  return deadline - Math.min(dayMs, Math.round(Math.max(0, deadline - since) / 5));
};
