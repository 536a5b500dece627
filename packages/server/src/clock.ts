import type { Seat, Turn } from '@qiyuan/core';
import type { ClockInfo, ClockSpec } from '@qiyuan/protocol';

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
}

export const initialClock = (spec: ClockSpec, seats: number, now: number): ClockState => ({
  remainingMs: new Array(seats).fill(spec.kind === 'fischer' || spec.kind === 'delay' ? spec.initialMs : 0),
  running: [],
  since: now,
  paused: false,
  started: false,
});

/** The instant the running time stopped at: `now`, or the start of a pause. */
const stoppedAt = (c: ClockState, now: number): number => (c.paused ? (c.pausedAt ?? c.since) : now);

/** Milliseconds `seat` has left at `now` (Infinity when its time does not run out); a pause stops the count. */
export const timeLeft = (spec: ClockSpec, c: ClockState, seat: Seat, now: number): number => {
  const elapsed = Math.max(0, stoppedAt(c, now) - c.since);
  const runs = c.running.includes(seat);
  switch (spec.kind) {
    case 'none':
      return Number.POSITIVE_INFINITY;
    case 'fischer':
      return (c.remainingMs[seat] ?? 0) - (runs ? elapsed : 0);
    case 'delay':
      return (c.remainingMs[seat] ?? 0) - (runs ? Math.max(0, elapsed - spec.delayMs) : 0);
    case 'move':
      return runs ? spec.moveMs - elapsed : spec.moveMs;
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
    const t = c.since + Math.max(0, timeLeft(spec, c, s, c.since)) + (spec.kind === 'delay' ? spec.delayMs : 0);
    if (best === undefined || t < best) best = t;
  }
  return best;
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
  if (seat !== undefined && c.running.includes(seat) && !c.paused) {
    const left = timeLeft(spec, c, seat, now);
    if (spec.kind === 'fischer') remaining[seat] = left > 0 ? left + spec.incrementMs : 0;
    else if (spec.kind === 'delay') remaining[seat] = Math.max(0, left);
  }
  return restart(spec, { ...c, remainingMs: remaining }, turn, now);
};

/** Charges the running seats up to `now` and starts the turn `turn` at `now`. */
export const restart = (_spec: ClockSpec, c: ClockState, turn: Turn, now: number): ClockState => {
  const simultaneous = turn.kind === 'simultaneous';
  const running = turn.kind === 'over' ? [] : simultaneous ? [] : turn.kind === 'seat' ? [turn.seat] : turn.seats;
  // While the setup phase lasts, `since` keeps its start so its limit is not reset by each seat's action.
  const since = simultaneous && !c.started ? c.since : now;
  return { ...c, running, since, started: c.started || (!simultaneous && turn.kind !== 'over') };
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
  return { remainingMs, running: c.paused ? [] : [...c.running], serverTime: now, paused: c.paused, since: c.since };
};
