/**
 * The server's one source of time (issue #43): what time it is, and the timers of game time — the clocks' flags, the
 * first-move and absence allowances, the shared deadlines, seeks and tournaments that expire, mail reminders. Every
 * module is handed the clock in its constructor; a test hands in a `ManualClock` and moves it on instead of sleeping.
 *
 * Network plumbing stays on real time through `realTime` (named, so it is never mistaken for game time): socket
 * heartbeats, the hello and message-rate limits of a socket, the cluster's leases and request timeouts. Those
 * measure how processes and connections behave, which a test cannot speed up by moving a clock.
 */

/** A timer set on a clock: cancelled, it never runs. */
export interface ClockTimer {
  cancel(): void;
}

export interface ServerClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once, `ms` from now (at once if `ms` is 0 or less). Never keeps the process alive on its own. */
  after(ms: number, fn: () => void): ClockTimer;
  /** Runs `fn` every `ms` from now on, until cancelled. Never keeps the process alive on its own. */
  every(ms: number, fn: () => void): ClockTimer;
}

/** Node's timers cap a delay at 2^31 - 1 ms; a later deadline is looked at again then. */
const MAX_DELAY_MS = 2_147_483_647;

/** The real time and Node's timers (unref'd: the server's sockets, not its timers, keep the process running). */
export const systemClock: ServerClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, Math.min(Math.max(0, ms), MAX_DELAY_MS));
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
  every(ms, fn) {
    const t = setInterval(fn, Math.max(1, ms));
    t.unref();
    return { cancel: () => clearInterval(t) };
  },
};

/** Real time for network plumbing (see the top of this file); the same as `systemClock`, named for what it is for. */
export const realTime: ServerClock = systemClock;

/**
 * Monotonic milliseconds, for spacing plumbing work such as the SQLite store's group commits: a wall clock set back
 * cannot stretch a wait. Never game time.
 */
export const monotonicMs = (): number => performance.now();

/**
 * A real timer that keeps the process alive until it has run: for plumbing whose waiting work must be done before the
 * process may end (transactions waiting for their commit). Never game time.
 */
export const keptTimer = (ms: number, fn: () => void): ClockTimer => {
  const t = setTimeout(fn, Math.min(Math.max(0, ms), MAX_DELAY_MS));
  return { cancel: () => clearTimeout(t) };
};

/** A clock whose `now` is `now` (a test's), with real timers: for settings that only read the time. */
export const clockReading = (now: () => number): ServerClock => ({ ...systemClock, now });

interface Pending {
  at: number;
  readonly order: number;
  readonly fn: () => void;
  readonly everyMs?: number;
  cancelled: boolean;
}

/** Lets the work a timer started (promise chains, a store's answers) go on before the next timer runs. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
};

/**
 * A clock that moves only when a test moves it. `advance(ms)` runs every timer due by then in the order of its time
 * (two of one time in the order they were set), with `now()` at that timer's time, and lets the work each one starts
 * go on before the next: a deadline's consequences can then be awaited as events.
 *
 * A repeating timer (`every`: polls and sweeps, which look at what is due) does not replay each period it was passed
 * over: between two other timers, or up to the target, it runs once, at its last period before them — as a machine
 * that slept wakes up. So a test can move on by days without running a poll of every second.
 */
export class ManualClock implements ServerClock {
  private at: number;
  private readonly pending: Pending[] = [];
  private counter = 0;

  constructor(start = Date.now()) {
    this.at = start;
  }

  now(): number {
    return this.at;
  }

  after(ms: number, fn: () => void): ClockTimer {
    return this.add(this.at + Math.max(0, ms), fn);
  }

  every(ms: number, fn: () => void): ClockTimer {
    return this.add(this.at + Math.max(1, ms), fn, Math.max(1, ms));
  }

  private add(at: number, fn: () => void, everyMs?: number): ClockTimer {
    const p: Pending = { at, order: this.counter++, fn, cancelled: false, ...(everyMs ? { everyMs } : {}) };
    this.pending.push(p);
    return {
      cancel: () => {
        p.cancelled = true;
      },
    };
  }

  /** Timers set and not yet run or cancelled. */
  get timers(): number {
    return this.pending.filter((p) => !p.cancelled).length;
  }

  /** Moves the time on by `ms`, running the timers due on the way (see the class). */
  advance(ms: number): Promise<void> {
    if (!(ms >= 0)) throw new Error(`a clock moves forward only, not by ${ms} ms`);
    return this.advanceTo(this.at + ms);
  }

  /** Moves the time on to `target` (never back), running the timers due on the way. */
  async advanceTo(target: number): Promise<void> {
    await settle();
    for (;;) {
      const live = this.pending.filter((p) => !p.cancelled);
      this.pending.splice(0, this.pending.length, ...live);
      const horizon = Math.min(target, ...live.filter((p) => !p.everyMs).map((p) => p.at));
      for (const p of live) {
        if (p.everyMs && p.at + p.everyMs <= horizon) p.at += Math.floor((horizon - p.at) / p.everyMs) * p.everyMs;
      }
      const next = live.filter((p) => p.at <= target).sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!next) break;
      this.at = Math.max(this.at, next.at);
      if (next.everyMs) next.at += next.everyMs;
      else next.cancelled = true;
      next.fn();
      await settle();
    }
    this.at = Math.max(this.at, target);
  }
}
