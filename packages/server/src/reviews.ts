import { ReviewPool, type ReviewReply, type StoredReview } from '@qiyuan/ai/review-pool';
import type { GameId } from '@qiyuan/core';
import type { Logger } from 'pino';
import type { ReviewRecord, ReviewsRepo } from './repos/reviews.js';
import { FairQueue, type Requester } from './review-queue.js';
import { type ServerClock, systemClock } from './server-clock.js';

/**
 * Computer reviews of finished games (issue #22): asked for by anyone who may watch a game, made in a worker pool of
 * their own with the game's whole snapshot (hidden Junqi ranks included: the game is over), stored with the game in
 * `game_reviews`, and read back by every later request and by the replay. A review of a game still being played is
 * refused: its best moves would be advice to the players. The row is the state every process shares: `pending` while
 * one process makes it (claimed by one conditional write, so two processes never make the same review), then `done`
 * or `failed`.
 */

/** Who makes the reviews: the server's review pool, or a test's stand-in. */
export interface Reviewer {
  review(job: { game: GameId; snapshot: unknown; depth: number }): Promise<ReviewReply>;
  /** Reviews queued and being made on this process. */
  readonly load: number;
  /** Reviews it makes at once (its workers); the server hands it no more, and keeps the rest in its fair queue. */
  readonly size?: number;
  close(): Promise<void>;
}

/**
 * A whole number of at least `min` from the environment, or undefined when unset or empty; anything else stops the
 * start with the variable's name.
 */
const envWhole = (name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined => {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(
      `${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, not "${v}"`,
    );
  return n;
};

/** The review pool: `size` workers (default one). */
export const poolReviewer = (size?: number): Reviewer => {
  const pool = new ReviewPool(size === undefined ? {} : { size });
  return {
    size: Math.max(1, size ?? 1),
    review: (job) => pool.review(job),
    get load() {
      return pool.load;
    },
    close: () => pool.close(),
  };
};

export interface ReviewLimits {
  /** New reviews one user may ask for in a minute (default `QIYUAN_REVIEWS_PER_PLAYER` or 3). */
  readonly perUserPerMinute?: number;
  /**
   * New reviews one address may ask for in a minute, whatever its sessions (default `QIYUAN_REVIEWS_PER_ADDRESS` or
   * twice the player's): a guest is one cookie away, so the player's limit alone bounds nothing.
   */
  readonly perAddressPerMinute?: number;
  /** Reviews of one address waiting or being made at once on this process (default 5). */
  readonly perAddressQueued?: number;
  /** New reviews the whole process starts in a minute (default `QIYUAN_REVIEWS_PER_MINUTE` or 30). */
  readonly perMinute?: number;
  /** Reviews queued or being made on this process beyond which a request is refused as busy (default 20). */
  readonly maxQueued?: number;
  /** The search depth of every ply (default `QIYUAN_REVIEW_DEPTH` or 2, as `qiyuan review`). */
  readonly depth?: number;
  /** A pending review older than this was lost with its process and may be asked for again (default 10 minutes). */
  readonly staleMs?: number;
}

/** A deployment's review settings: the ones given, else the environment's (docs/DEPLOY.md); a bad value throws. */
export const reviewSettings = (given: ReviewLimits = {}): ReviewLimits & { readonly workers?: number } => ({
  ...given,
  perUserPerMinute: given.perUserPerMinute ?? envWhole('QIYUAN_REVIEWS_PER_PLAYER', 1),
  perAddressPerMinute: given.perAddressPerMinute ?? envWhole('QIYUAN_REVIEWS_PER_ADDRESS', 1),
  perMinute: given.perMinute ?? envWhole('QIYUAN_REVIEWS_PER_MINUTE', 1),
  depth: given.depth ?? envWhole('QIYUAN_REVIEW_DEPTH', 1, 6),
  workers: envWhole('QIYUAN_REVIEW_WORKERS', 1, 64),
});

export type ReviewState =
  | { readonly status: 'none' }
  | { readonly status: 'pending'; readonly requestedAt: number }
  | { readonly status: 'done'; readonly review: StoredReview }
  | { readonly status: 'failed'; readonly reason: string };

export interface ReviewRefusal {
  /** The HTTP status that goes with it. */
  readonly http: number;
  readonly code: string;
  readonly reason: string;
  /** Seconds until the limit lets this user ask again. */
  readonly retryAfter?: number;
}

export type ReviewAnswer =
  /** `started`: this request started the review (the others found one stored or being made). */
  | { readonly ok: true; readonly state: ReviewState; readonly started: boolean }
  | { readonly ok: false; readonly error: ReviewRefusal };

const MINUTE = 60_000;

/** Timestamps of the last minute's events per key: a sliding window, so a burst at a minute's edge is no double. */
class PerMinute {
  private readonly times = new Map<string, number[]>();
  constructor(private readonly max: number) {}
  /** Seconds until `key` may have one more, or 0 when it may now. */
  wait(key: string, now: number): number {
    const recent = (this.times.get(key) ?? []).filter((t) => t > now - MINUTE);
    if (recent.length === 0) this.times.delete(key);
    else this.times.set(key, recent);
    return recent.length < this.max ? 0 : Math.max(1, Math.ceil((recent[0]! + MINUTE - now) / 1000));
  }
  take(key: string, now: number): void {
    this.times.set(key, [...(this.times.get(key) ?? []), now]);
  }
  /** Gives back what `take` took at `now` (a reservation that was not used). */
  give(key: string, now: number): void {
    const times = this.times.get(key) ?? [];
    const i = times.lastIndexOf(now);
    if (i >= 0) times.splice(i, 1);
  }
}

export class Reviews {
  private readonly perUser: PerMinute;
  private readonly perAddress: PerMinute;
  private readonly site: PerMinute;
  private readonly perUserMax: number;
  private readonly perAddressMax: number;
  private readonly perAddressQueued: number;
  /** The reviews waiting and being made here, served in turn by address and account (review-queue.ts). */
  private readonly queue: FairQueue;
  private readonly siteMax: number;
  private readonly maxQueued: number;
  private readonly depth: number;
  private readonly staleMs: number;
  /** Reviews this process is making, by game: their stores are awaited on close. */
  private readonly making = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private readonly repo: ReviewsRepo,
    private readonly reviewer: Reviewer,
    private readonly log: Logger,
    limits: ReviewLimits = {},
    private readonly clock: ServerClock = systemClock,
  ) {
    this.perUserMax = limits.perUserPerMinute ?? 3;
    this.siteMax = limits.perMinute ?? 30;
    this.perUser = new PerMinute(this.perUserMax);
    this.perAddressMax = limits.perAddressPerMinute ?? 2 * this.perUserMax;
    this.perAddress = new PerMinute(this.perAddressMax);
    this.perAddressQueued = limits.perAddressQueued ?? 5;
    this.queue = new FairQueue(reviewer.size ?? 1);
    this.site = new PerMinute(this.siteMax);
    this.maxQueued = limits.maxQueued ?? 20;
    this.depth = limits.depth ?? 2;
    this.staleMs = limits.staleMs ?? 10 * MINUTE;
  }

  /** The stored review of a game, or where it stands. */
  async state(gameId: string): Promise<ReviewState> {
    return this.stateOf(await this.repo.reviewOf(gameId));
  }

  private stateOf(row: ReviewRecord | undefined): ReviewState {
    if (!row) return { status: 'none' };
    if (row.status === 'done' && row.review) return { status: 'done', review: JSON.parse(row.review) as StoredReview };
    if (row.status === 'failed') return { status: 'failed', reason: row.error ?? 'the review failed' };
    return { status: 'pending', requestedAt: row.requestedAt };
  }

  /**
   * `userId` asks for the review of `gameId`: the stored one when there is one (free of any limit), the one being made,
   * or a new one started now. Refused for a game not over, over the limits, or when this process has too many waiting.
   */
  async request(gameId: string, userId: string, address = ''): Promise<ReviewAnswer> {
    if (this.closed) return refuse(503, 'unavailable', 'the server is shutting down; try again');
    const game = await this.repo.game(gameId);
    if (!game?.snapshot) return refuse(404, 'not-found', 'no such game');
    if (game.status !== 'finished')
      return refuse(
        409,
        'not-over',
        game.status === 'aborted'
          ? 'this game was cancelled before it ended: there is nothing to review'
          : 'a game is reviewed once it is over (fair play: no computer help while it is played)',
      );
    const now = this.clock.now();
    const known = this.stateOf(await this.repo.reviewOf(gameId));
    if (known.status === 'done') return { ok: true, state: known, started: false };
    if (known.status === 'pending' && known.requestedAt > now - this.staleMs)
      return { ok: true, state: known, started: false };
    // a new review (none yet, a failed one, or one whose process was lost): the limits apply
    const userWait = this.perUser.wait(userId, now);
    if (userWait > 0)
      return refuse(
        429,
        'review-limit',
        `at most ${this.perUserMax} reviews a minute for each player; try again in ${userWait} s`,
        userWait,
      );
    const addressWait = this.perAddress.wait(address, now);
    if (addressWait > 0)
      return refuse(
        429,
        'review-limit',
        `at most ${this.perAddressMax} reviews a minute from one address; try again in ${addressWait} s`,
        addressWait,
      );
    if (this.queue.loadOf(address) >= this.perAddressQueued)
      return refuse(
        429,
        'review-limit',
        `at most ${this.perAddressQueued} reviews from one address wait at once; try again when one is done`,
        60,
      );
    const siteWait = this.site.wait('', now);
    if (siteWait > 0)
      return refuse(
        429,
        'review-limit',
        `the server makes at most ${this.siteMax} reviews a minute; try again in ${siteWait} s`,
        siteWait,
      );
    if (this.queue.load >= this.maxQueued)
      return refuse(503, 'review-busy', 'too many reviews are waiting; try again in a minute');
    // the allowances are taken before the write below is awaited, so two requests at once cannot both pass them
    this.perUser.take(userId, now);
    this.perAddress.take(address, now);
    this.site.take('', now);
    // One conditional write claims the review: a second request (on any process) finds it pending.
    let claimed: boolean;
    try {
      claimed = await this.repo.claim(gameId, userId, now, now - this.staleMs);
    } catch (e) {
      this.perUser.give(userId, now);
      this.perAddress.give(address, now);
      this.site.give('', now);
      throw e;
    }
    if (!claimed) {
      this.perUser.give(userId, now);
      this.perAddress.give(address, now);
      this.site.give('', now);
      return { ok: true, state: await this.state(gameId), started: false };
    }
    const making = this.make({ address, userId }, gameId, game.game as GameId, JSON.parse(game.snapshot), now);
    this.making.set(gameId, making);
    void making.finally(() => this.making.delete(gameId));
    return { ok: true, state: { status: 'pending', requestedAt: now }, started: true };
  }

  /** Makes the review in the pool, in its requester's turn, and stores it (or why it failed); never rejects. */
  private async make(
    who: Requester,
    gameId: string,
    game: GameId,
    snapshot: unknown,
    requestedAt: number,
  ): Promise<void> {
    let reply: ReviewReply;
    try {
      reply = await this.queue.run(who, () => this.reviewer.review({ game, snapshot, depth: this.depth }));
    } catch (e) {
      reply = { ok: false, error: { code: 'review-error', reason: e instanceof Error ? e.message : String(e) } };
    }
    try {
      if (reply.ok) {
        await this.repo.finish(gameId, requestedAt, { review: JSON.stringify(reply.review) }, this.clock.now());
        this.log.info({ gameId, ms: reply.timeMs, plies: reply.review.plies.length }, 'game reviewed');
      } else {
        await this.repo.finish(gameId, requestedAt, { error: reply.error.reason }, this.clock.now());
        this.log.warn({ gameId, error: reply.error }, 'review failed');
      }
    } catch (e) {
      // the row stays pending and becomes stale: a later request makes the review again
      this.log.warn({ err: e, gameId }, 'review not stored');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.reviewer.close();
    await Promise.all(this.making.values());
  }
}

const refuse = (http: number, code: string, reason: string, retryAfter?: number): ReviewAnswer => ({
  ok: false,
  error: { http, code, reason, ...(retryAfter === undefined ? {} : { retryAfter }) },
});
