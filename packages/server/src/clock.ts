import type { Seat, Turn } from '@qiyuan/core';
import type { ClockInfo, ClockSpec } from '@qiyuan/protocol';
import {
  cover,
  DAY_MS,
  deadlineExtension,
  endOnMove,
  initialVacation,
  moveAllowanceMs,
  settleTurn,
  type Vacation,
  vacationInfo,
} from './correspondence.js';
import { firstMoveAllowance } from './first-move.js';

/**
 * The clocks of one game, on the server's clock (ms since the epoch). A plain
 * value, stored with every committed change, so a restarted server (or another
 * process taking a game over) continues exactly: time that passed while no
 * process owned the game is charged to the seat that was to move, as on a
 * chess clock nobody stopped.
 */
export interface ClockState {
  /** Bank per seat (for `move` clocks: unused, the limit is per move). */
  readonly remainingMs: readonly number[];
  /** Seats whose time runs since `since`. */
  readonly running: readonly Seat[];
  /** When the current turn (or the setup phase) began. */
  readonly since: number;
  /** Paused by agreement: nothing runs. */
  readonly paused: boolean;
  /**
   * When the pause began: the turn's time stops there, and on resuming `since` moves on by the
   * pause's length, so a per-move limit, a delay or a setup limit keeps what was left of it.
   * (Absent in clocks stored before it existed: those were settled at the pause, so it is `since`.)
   */
  readonly pausedAt?: number;
  /** The clock has started (the first move after any setup phase). */
  readonly started: boolean;
  /**
   * The first-move rule (issue #25, as lichess): the seats that have made their first move after any setup phase.
   * A seat's main clock does not run before it; its first move has `firstMoveMs` instead, and when that lapses the
   * game is aborted. Absent in clocks stored before the rule: every seat counts as having moved.
   */
  readonly moved?: readonly Seat[];
  /** The allowance for each seat's first move, fixed when the game started (absent: no first-move rule). */
  readonly firstMoveMs?: number;
  /** The seats whose first move lapsed: the game was aborted without a result. */
  readonly lapsed?: readonly Seat[];
  /**
   * Correspondence clocks: the length of a day in this game, fixed when its clock was made from the server's setting
   * (absent: a real day; only a test server shortens it, see correspondence.ts).
   */
  readonly dayMs?: number;
  /** Correspondence clocks: each player's vacation in this game (see correspondence.ts). */
  readonly vacation?: Vacation;
  /** Arena tournament games: the seats that berserked (their bank was halved and they earn no increment). */
  readonly berserk?: readonly Seat[];
  /**
   * Tournament games: the moves on the board each seat had made when the game ended, as the game counts them (a Junqi
   * deployment or a Hive roster choice is a ply but no move); an arena scores a berserk and a too-short draw by them.
   */
  readonly moves?: readonly number[];
}

/** Whether `seat`'s main clock runs when it is to move: it has made its first move (or the clock predates the rule). */
export const hasMoved = (c: ClockState, seat: Seat): boolean =>
  c.firstMoveMs === undefined || c.moved === undefined || c.moved.includes(seat);

/**
 * A clock for a new game. `firstMoveMs` overrides the allowance `firstMoveAllowance` gives the spec (a server
 * setting, for tests); an untimed game has no first-move rule whatever it says. `dayMs`: the server's day length
 * (a test setting; a real day unless given), kept in a correspondence clock for the rest of its game.
 */
export const initialClock = (
  spec: ClockSpec,
  seats: number,
  now: number,
  firstMoveMs?: number,
  dayMs?: number,
): ClockState => {
  const day = spec.kind === 'correspondence' && dayMs !== undefined && dayMs !== DAY_MS ? dayMs : undefined;
  const allowance = spec.kind === 'none' ? undefined : (firstMoveMs ?? firstMoveAllowance(spec, day));
  return {
    remainingMs: new Array(seats).fill(spec.kind === 'fischer' || spec.kind === 'delay' ? spec.initialMs : 0),
    running: [],
    since: now,
    paused: false,
    started: false,
    ...(allowance === undefined ? {} : { moved: [], firstMoveMs: allowance }),
    ...(day === undefined ? {} : { dayMs: day }),
    ...(spec.kind === 'correspondence' ? { vacation: initialVacation(seats, day) } : {}),
  };
};

/** The instant the running time stopped at: `now`, or the start of a pause. */
const stoppedAt = (c: ClockState, now: number): number => (c.paused ? (c.pausedAt ?? c.since) : now);

/** Milliseconds `seat` has left at `now` (Infinity when its time does not run out); a pause stops the count. */
export const timeLeft = (spec: ClockSpec, c: ClockState, seat: Seat, now: number): number => {
  const elapsed = Math.max(0, stoppedAt(c, now) - c.since);
  // a seat that has not made its first move is on its first-move allowance, not on its main clock
  const runs = c.running.includes(seat) && hasMoved(c, seat);
  switch (spec.kind) {
    case 'none':
      return Number.POSITIVE_INFINITY;
    case 'fischer':
      return (c.remainingMs[seat] ?? 0) - (runs ? elapsed : 0);
    case 'delay':
      return (c.remainingMs[seat] ?? 0) - (runs ? Math.max(0, elapsed - spec.delayMs) : 0);
    case 'move':
      return runs ? spec.moveMs - elapsed : spec.moveMs;
    case 'correspondence': {
      // the time a vacation covered in this turn is given back
      const given = cover(c.vacation, seat, c.since, stoppedAt(c, now), runs);
      const allowance = moveAllowanceMs(spec, c.dayMs);
      return runs ? allowance - elapsed + given : allowance;
    }
    default:
      return Number.POSITIVE_INFINITY;
  }
};

/** Deadline of the setup phase, if the turn is simultaneous and it is bounded. */
const setupDeadline = (spec: ClockSpec, c: ClockState): number | undefined =>
  !c.started && !c.paused && spec.setupMs ? c.since + spec.setupMs : undefined;

/**
 * The earliest moment something must happen without a player: a seat's time
 * running out, or the end of the setup phase. Undefined when nothing runs.
 */
export const nextDeadline = (spec: ClockSpec, c: ClockState, turn: Turn): number | undefined => {
  if (c.paused || turn.kind === 'over') return undefined;
  if (turn.kind === 'simultaneous') return setupDeadline(spec, c);
  if (spec.kind === 'none') return undefined;
  let best: number | undefined;
  for (const s of c.running) {
    const t = hasMoved(c, s)
      ? c.since +
        Math.max(0, timeLeft(spec, c, s, c.since)) +
        (spec.kind === 'delay' ? spec.delayMs : 0) +
        (spec.kind === 'correspondence' ? deadlineExtension(c.vacation, s) : 0)
      : firstMoveDeadline(c, s);
    if (best === undefined || t < best) best = t;
  }
  return best;
};

/**
 * When `seat`'s first move lapses: its allowance from the turn's start, later by the vacation it took in this turn (a
 * correspondence player who goes on vacation before the first move stops that deadline as a vacation stops the move
 * time: the vacation used and switched off is given back, and while it is on the deadline lies later by what is left
 * of the allowance).
 */
const firstMoveDeadline = (c: ClockState, seat: Seat): number =>
  c.since +
  (c.firstMoveMs ?? 0) +
  (c.vacation ? (c.vacation.creditMs[seat] ?? 0) + deadlineExtension(c.vacation, seat) : 0);

/** The running seats whose first move is overdue at `now` (empty when paused or in a setup phase). */
export const firstMoveLapsed = (c: ClockState, turn: Turn, now: number): Seat[] => {
  if (c.paused || c.firstMoveMs === undefined || turn.kind === 'over' || turn.kind === 'simultaneous') return [];
  return c.running.filter((s) => !hasMoved(c, s) && firstMoveDeadline(c, s) <= now);
};

/** The clock of a game aborted at `now` because the first move of `seats` lapsed: nothing runs any more. */
export const abortClock = (c: ClockState, seats: readonly Seat[], now: number): ClockState => ({
  ...c,
  running: [],
  since: now,
  lapsed: [...seats],
});

/** The first-move deadlines of the running seats that have not moved yet, for the players' countdown. */
export const firstMoveDeadlines = (c: ClockState, turn: Turn): { seat: Seat; deadline: number }[] => {
  if (c.firstMoveMs === undefined || turn.kind === 'over' || turn.kind === 'simultaneous') return [];
  return c.running.filter((s) => !hasMoved(c, s)).map((seat) => ({ seat, deadline: firstMoveDeadline(c, seat) }));
};

/**
 * The clock after `seat` acted at `now` and the game reached `turn`. A seat
 * that acted in a setup phase is not charged; the clock starts with the first
 * turn that is not simultaneous. A seat with no time left gets no increment:
 * its flag has fallen (the room reports the timeout before any action, so
 * this only keeps a late action from ever buying time).
 */
export const afterAction = (
  spec: ClockSpec,
  c: ClockState,
  seat: Seat | undefined,
  turn: Turn,
  now: number,
): ClockState => {
  const remaining = [...c.remainingMs];
  const first = seat !== undefined && !hasMoved(c, seat) && turnOf(c, seat);
  if (seat !== undefined && c.running.includes(seat) && !c.paused && !first) {
    const left = timeLeft(spec, c, seat, now);
    // a berserker gave up the increment
    const increment = c.berserk?.includes(seat) ? 0 : spec.kind === 'fischer' ? spec.incrementMs : 0;
    if (spec.kind === 'fischer') remaining[seat] = left > 0 ? left + increment : 0;
    else if (spec.kind === 'delay') remaining[seat] = Math.max(0, left);
  }
  // the first move itself costs nothing and earns no increment: the main clock starts after it, with full time
  const moved = first && c.moved ? { moved: [...c.moved, seat] } : {};
  // a correspondence player who moves is back from vacation
  const vacation =
    c.vacation && seat !== undefined
      ? { vacation: endOnMove(c.vacation, seat, c.since, stoppedAt(c, now), c.running.includes(seat)) }
      : {};
  return restart(spec, { ...c, remainingMs: remaining, ...moved, ...vacation }, turn, now);
};

/** Whether `seat` acted on its own turn (not in a setup phase, where every seat acts and no clock runs). */
const turnOf = (c: ClockState, seat: Seat): boolean => c.started && c.running.includes(seat);

/** Charges the running seats up to `now` and starts the turn `turn` at `now`. */
export const restart = (_spec: ClockSpec, c: ClockState, turn: Turn, now: number): ClockState => {
  const simultaneous = turn.kind === 'simultaneous';
  const running = turn.kind === 'over' ? [] : simultaneous ? [] : turn.kind === 'seat' ? [turn.seat] : turn.seats;
  // While the setup phase lasts, `since` keeps its start so its limit is not reset by each seat's action.
  const since = simultaneous && !c.started ? c.since : now;
  // the first moves that count come after the last setup phase: an action before it (三打一's bids) was not one
  const moved = simultaneous && c.moved && c.moved.length > 0 ? { moved: [] } : {};
  // the vacation the ending turn used is taken off its player's allowance
  const vacation = c.vacation ? { vacation: settleTurn(c.vacation, c.running, c.since, stoppedAt(c, now)) } : {};
  return { ...c, ...vacation, ...moved, running, since, started: c.started || (!simultaneous && turn.kind !== 'over') };
};

/**
 * Paused by agreement: the running turn stops at `now`. Nothing is settled, so
 * the turn keeps what it had used of its delay, per-move limit or setup limit.
 */
export const pause = (c: ClockState, now: number): ClockState => (c.paused ? c : { ...c, paused: true, pausedAt: now });

/** Resumed: the turn goes on where it stopped, as if the pause had not happened. */
export const resume = (c: ClockState, now: number): ClockState => {
  if (!c.paused) return c;
  const { pausedAt, ...rest } = c;
  return { ...rest, paused: false, since: c.since + Math.max(0, now - (pausedAt ?? c.since)) };
};

export const clockInfo = (spec: ClockSpec, c: ClockState, turn: Turn, now: number): ClockInfo => {
  const remainingMs = c.remainingMs.map((_, s) => {
    if (spec.kind === 'none') return -1;
    if (turn.kind === 'simultaneous' && spec.setupMs && !c.started)
      return Math.max(0, c.since + spec.setupMs - stoppedAt(c, now));
    return Math.max(0, Math.round(timeLeft(spec, c, s, now)));
  });
  const firstMove = c.paused ? [] : firstMoveDeadlines(c, turn);
  return {
    remainingMs,
    running: c.paused ? [] : [...c.running],
    serverTime: now,
    paused: c.paused,
    since: c.since,
    ...(firstMove.length > 0 ? { firstMove } : {}),
    ...(c.vacation ? { vacation: vacationInfo(c.vacation, c.running, c.since, stoppedAt(c, now)) } : {}),
    ...(c.berserk && c.berserk.length > 0 ? { berserk: [...c.berserk] } : {}),
  };
};
