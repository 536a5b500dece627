import type { Client } from './clients.js';
import { type BucketRule, RateBuckets } from './rate-buckets.js';
import type { Room } from './room.js';
import { systemClock } from './server-clock.js';

/**
 * Who may write a line in a game's chat, and how fast: one gate every line passes before it is stored, so a refused
 * line is neither stored nor sent. A spectator must be watching the game (its id is public in the live list, so
 * knowing it proves nothing); a player may always write. Lines are rate-limited per user and per address, and the
 * spectators of one game share a budget, so a crowd of throwaway guests cannot drown the players' chat. Further
 * checks of a line (a mute, a block) belong here too.
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
}

export class ChatGate {
  private readonly users: RateBuckets;
  private readonly addresses: RateBuckets;
  private readonly games: RateBuckets;

  constructor(limits: ChatLimits = DEFAULT_CHAT_LIMITS, now: () => number = systemClock.now) {
    this.users = new RateBuckets(limits.user, now);
    this.addresses = new RateBuckets(limits.address, now);
    this.games = new RateBuckets(limits.spectatorsPerGame, now);
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
