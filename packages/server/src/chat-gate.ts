import { type Refusal, refusal } from '@qiyuan/protocol';
import { type Client, refuse } from './clients.js';
import { type BucketRule, RateBuckets } from './rate-buckets.js';
import type { ChatStanding } from './repos/chat.js';
import type { Room } from './room.js';
import { systemClock } from './server-clock.js';

/**
 * Who may write a line in a game's chat, and how fast: one gate every line passes before it is stored, so a refused
 * line is neither stored nor sent. A spectator must be watching the game (its id is public in the live list, so
 * knowing it proves nothing); a player may always write. Lines are rate-limited per user and per address, and the
 * spectators of one game share a budget, so a crowd of throwaway guests cannot drown the players' chat. A muted,
 * banned or closed account may not write, nor may a writer whom a player of the game blocked.
 *
 * What the store says of a writer (its chat standing) is read once and kept here, not read for every line: a
 * moderator's mute, unmute, ban or unban, closing an account, and a block or unblock of the writer each tell every
 * process (`changed`), which forget what they kept of that account. Kept standings are read again after
 * `STANDING_TTL_MS` all the same, in case the news was lost (Redis away when it was sent).
 */

export interface ChatLimits {
  /** Every user's lines, in every game this process serves. */
  readonly user: BucketRule;
  /** Every line from one address (not counted on this machine's own address without a trusted proxy). */
  readonly address: BucketRule;
  /** The spectators' lines of one game, together. */
  readonly spectatorsPerGame: BucketRule;
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = {
  user: { burst: 6, perMinute: 20 },
  address: { burst: 15, perMinute: 60 },
  spectatorsPerGame: { burst: 15, perMinute: 30 },
};

export interface ChatRefusal {
  readonly code: 'not-allowed' | 'rate-limited';
  readonly reason: string;
  /** The refusal's kind and values, which the pages word themselves (a mute, a block). */
  readonly refusal?: Refusal;
}

/** Where a writer's chat standing is read (repos/chat.ts). */
export interface ChatStandings {
  standingOf(userId: string): Promise<ChatStanding>;
}

/** What carries a change of standing to the other processes of a cluster (cluster.ts); none on a single process. */
export interface StandingBus {
  listen(kind: string, fn: (msg: { readonly kind: string; readonly [k: string]: unknown }) => void): void;
  broadcast(msg: { readonly kind: string; readonly [k: string]: unknown }): Promise<void>;
}

const STANDING_CHANGED = 'chat-standing-changed';
/** How long a kept standing is trusted without news (on the server's clock). */
export const STANDING_TTL_MS = 60_000;
/** Standings kept at most; the least recently used go first. */
export const STANDINGS_KEPT = 10_000;

/** Refuses a chat line with the gate's reason, in the game's name (and the refusal's kind when it has one). */
export const refuseLine = (client: Client, id: string | undefined, room: Room, r: ChatRefusal): void =>
  refuse(client, id, r.code, r.reason, {
    gameId: room.id,
    ...(r.refusal ? { refusal: r.refusal.refusal, ...(r.refusal.values ? { values: r.refusal.values } : {}) } : {}),
  });

const utcMinute = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export class ChatGate {
  private readonly users: RateBuckets;
  private readonly addresses: RateBuckets;
  private readonly games: RateBuckets;
  /** The standings read, by account, with when they were read (a Map keeps them least recently used first). */
  private readonly kept = new Map<string, { readonly standing: ChatStanding; readonly at: number }>();
  /** Reads going on, by account: a change forgets its read, whose answer is then not kept. */
  private readonly reading = new Map<string, Promise<ChatStanding>>();

  constructor(
    private readonly standings: ChatStandings,
    limits: ChatLimits = DEFAULT_CHAT_LIMITS,
    private readonly now: () => number = systemClock.now,
    private readonly bus?: StandingBus,
  ) {
    this.users = new RateBuckets(limits.user, now);
    this.addresses = new RateBuckets(limits.address, now);
    this.games = new RateBuckets(limits.spectatorsPerGame, now);
    bus?.listen(STANDING_CHANGED, (m) => {
      if (typeof m.userId === 'string') this.forget(m.userId);
    });
  }

  /**
   * Why the account of `client` may not write in `room` at all, or undefined: muted (until when and why), banned or
   * closed, or blocked by a player of the game. A guest is never muted or banned, but can be blocked.
   */
  async barred(client: Pick<Client, 'user'>, room: Pick<Room, 'seats'>): Promise<ChatRefusal | undefined> {
    const me = await this.standing(client.user.id);
    const until = me.mutedUntil ?? 0;
    if (until > this.now()) {
      const when = utcMinute(until);
      const why = `you are muted until ${when}: ${me.muteReason ?? ''}`;
      return {
        code: 'not-allowed',
        reason: why,
        refusal: refusal('chat-muted', why, { until: when, reason: me.muteReason ?? '' }),
      };
    }
    if (me.barred) return { code: 'not-allowed', reason: 'this account may not write any more' };
    if (me.blockedBy.size > 0) {
      for (const s of room.seats) {
        if (s.kind === 'user' && s.user.id !== client.user.id && me.blockedBy.has(s.user.id)) {
          const why = 'a player of this game does not take your messages';
          return { code: 'not-allowed', reason: why, refusal: refusal('chat-blocked', why) };
        }
      }
    }
    return undefined;
  }

  /** The account's standing changed (a moderator acted, a block): every process reads it again at its next line. */
  async changed(userId: string): Promise<void> {
    this.forget(userId);
    await this.bus?.broadcast({ kind: STANDING_CHANGED, userId }).catch(() => undefined);
  }

  /** Forgets what this process kept of the account's standing (and a read of it going on). */
  forget(userId: string): void {
    this.kept.delete(userId);
    this.reading.delete(userId);
  }

  /** The account's standing: the one kept while fresh, else read (once, however many lines wait for it). */
  private async standing(userId: string): Promise<ChatStanding> {
    const kept = this.kept.get(userId);
    const now = this.now();
    if (kept && now - kept.at < STANDING_TTL_MS && now >= kept.at) {
      this.kept.delete(userId);
      this.kept.set(userId, kept);
      return kept.standing;
    }
    const going = this.reading.get(userId);
    if (going) return going;
    const read = this.standings.standingOf(userId);
    this.reading.set(userId, read);
    try {
      const standing = await read;
      // kept only when nothing changed while it was read (a change forgot the read)
      if (this.reading.get(userId) === read) {
        this.kept.delete(userId);
        this.kept.set(userId, { standing, at: now });
        if (this.kept.size > STANDINGS_KEPT) this.kept.delete(this.kept.keys().next().value!);
      }
      return standing;
    } finally {
      if (this.reading.get(userId) === read) this.reading.delete(userId);
    }
  }

  /** Why `client` may not write a line in `room` now, or undefined: then the line is counted against its budgets. */
  admit(client: Client, room: Room): ChatRefusal | undefined {
    const seated = room.seatsOf(client.user.id).length > 0;
    if (!seated && !client.watching.has(room.id))
      return { code: 'not-allowed', reason: 'only the players and those watching the game can write in its chat' };
    const charges: [RateBuckets, string, string][] = [
      [this.users, client.user.id, 'you write too fast'],
      ...(client.address === undefined
        ? []
        : [[this.addresses, client.address, 'too many lines from your address'] as [RateBuckets, string, string]]),
      ...(seated
        ? []
        : [[this.games, room.id, "this game's spectators write too fast"] as [RateBuckets, string, string]]),
    ];
    for (const [buckets, key, why] of charges) {
      const wait = buckets.waitMs(key);
      if (wait > 0) return { code: 'rate-limited', reason: `${why}: wait ${Math.ceil(wait / 1000)} s` };
    }
    for (const [buckets, key] of charges) buckets.take(key);
    return undefined;
  }
}
