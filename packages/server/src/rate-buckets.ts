import { systemClock } from './server-clock.js';

/**
 * Token buckets by key (a user, an address, a game): each holds up to `burst` tokens and gains `perMinute` a minute;
 * an action takes one. Time comes from the injected clock, so tests drive it. Full buckets are forgotten now and then:
 * a flood of throwaway keys (guests are one cookie away) costs memory only while their buckets are still refilling.
 */
export interface BucketRule {
  /** Actions allowed at once, after a quiet while. */
  readonly burst: number;
  /** Tokens gained a minute: the sustained rate. */
  readonly perMinute: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Keys kept before full buckets are swept out. */
const SWEEP_AT = 10_000;

export class RateBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly rule: BucketRule,
    private readonly now: () => number = systemClock.now,
  ) {}

  private level(key: string, now: number): number {
    const b = this.buckets.get(key);
    if (!b) return this.rule.burst;
    return Math.min(this.rule.burst, b.tokens + ((now - b.at) * this.rule.perMinute) / 60_000);
  }

  /** Milliseconds until `key` has a token again; 0 when it has one now. */
  waitMs(key: string): number {
    const level = this.level(key, this.now());
    return level >= 1 ? 0 : Math.ceil(((1 - level) * 60_000) / this.rule.perMinute);
  }

  /** Takes a token from `key` (call after `waitMs` said 0 for every bucket involved). */
  take(key: string): void {
    const now = this.now();
    if (this.buckets.size >= SWEEP_AT) this.sweep(now);
    this.buckets.set(key, { tokens: this.level(key, now) - 1, at: now });
  }

  private sweep(now: number): void {
    for (const key of this.buckets.keys()) if (this.level(key, now) >= this.rule.burst) this.buckets.delete(key);
  }
}
