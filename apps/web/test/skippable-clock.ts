import type { ServerOptions } from '@qiyuan/server';

type ServerClock = NonNullable<ServerOptions['clock']>;
type ClockTimer = ReturnType<ServerClock['after']>;

/** Node's timers cap a delay at 2^31 - 1 ms; a later timer is looked at again then. */
const MAX_DELAY_MS = 2_147_483_647;

interface Timer {
  at: number;
  readonly fn: () => void;
  readonly everyMs?: number;
  handle?: ReturnType<typeof setTimeout>;
}

/**
 * A game server's clock for the browser tests: real time, which runs on its own while the pages talk to the server
 * (a browser cannot wait for a test to move a clock by hand), and which a test may move on at once with `skip` when
 * all that is left is to wait out an allowance (a first move's, say). A skip runs every timer it passes over, as the
 * real time would have, only sooner: the pages then hear the consequence as they would after the wait.
 */
export class SkippableClock implements ServerClock {
  #skipped = 0;
  readonly #timers = new Set<Timer>();

  now(): number {
    return Date.now() + this.#skipped;
  }

  after(ms: number, fn: () => void): ClockTimer {
    return this.#add({ at: this.now() + Math.max(0, ms), fn });
  }

  every(ms: number, fn: () => void): ClockTimer {
    const everyMs = Math.max(1, ms);
    return this.#add({ at: this.now() + everyMs, fn, everyMs });
  }

  /** Moves the time on by `ms` at once: the timers due by then run now (a repeating one once, as after a sleep). */
  skip(ms: number): void {
    if (!(ms >= 0)) throw new Error(`a clock moves forward only, not by ${ms} ms`);
    this.#skipped += ms;
    for (const t of this.#timers) this.#arm(t);
  }

  #add(t: Timer): ClockTimer {
    this.#timers.add(t);
    this.#arm(t);
    return {
      cancel: () => {
        clearTimeout(t.handle);
        this.#timers.delete(t);
      },
    };
  }

  #arm(t: Timer): void {
    clearTimeout(t.handle);
    t.handle = setTimeout(() => this.#fire(t), Math.min(Math.max(0, t.at - this.now()), MAX_DELAY_MS));
    // as the server's own clock: its sockets, not its timers, keep the process running
    t.handle.unref();
  }

  #fire(t: Timer): void {
    if (!this.#timers.has(t)) return;
    const now = this.now();
    // a timer may wake a moment early by the wall clock, or at the cap of a long delay: it is not due yet
    if (t.at > now) {
      this.#arm(t);
      return;
    }
    if (t.everyMs) {
      const next = t.at + t.everyMs;
      t.at = next > now ? next : now + t.everyMs;
      this.#arm(t);
    } else this.#timers.delete(t);
    t.fn();
  }
}
