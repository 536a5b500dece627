import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type ClockTimer, realTime } from './server-clock.js';

/**
 * Several server processes on one PostgreSQL and one Redis (issue 12), after
 * lichess's split: any process accepts any client; each live game is owned by
 * one process at a time through a lease in Redis; the others forward actions
 * to the owner and rebuild their own watchers' frames from the changes the
 * owner publishes. A lease carries a fencing token (a per-game counter); the
 * owner writes it with every commit and PostgreSQL refuses a write whose token
 * is older than the stored one, so a process that lost its lease can never
 * write again, even if it does not know yet.
 */

export interface ClusterMessage {
  readonly kind: string;
  readonly [key: string]: unknown;
}

/**
 * Takes a free lease with the next fencing token. The token is never below
 * `floor`, the token stored with the game in the database: Redis may have
 * restarted with its memory lost (counters back at zero), and a token below
 * the stored one would have every write of the new owner refused.
 */
const ACQUIRE = `
local f = redis.call('INCR', KEYS[1])
local floor = tonumber(ARGV[3])
if f <= floor then
  f = floor + 1
  redis.call('SET', KEYS[1], f)
end
if redis.call('SET', KEYS[2], ARGV[1] .. ':' .. f, 'PX', ARGV[2], 'NX') then return f else return 0 end`;
/**
 * Renews a lease held by this process (1). When the lease is gone because
 * Redis restarted empty and nobody has taken the game since, the holder takes
 * it back with its own token and lifts the counter to it (2), so the games go
 * on without a takeover. Another holder means the lease is lost (0), and so
 * does a counter above the holder's token: another process took the game over
 * meanwhile (and wrote its higher token into the game's row) and let it go
 * again, so the old token could never write; retaking it would freeze the
 * game, since nobody claims a game whose lease is held.
 */
const RENEW = `
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if v then return 0 end
local f = tonumber(ARGV[3])
local counter = tonumber(redis.call('GET', KEYS[2]) or '0')
if counter > f then return 0 end
if counter < f then redis.call('SET', KEYS[2], f) end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 2`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** Lease look-ups per MGET when claiming games (each key about 40 bytes). */
const OWNERS_PER_MGET = 1000;

/** How long a forwarded request's reply is still taken after its timeout (see `request`). */
const LATE_REPLY_MS = 60_000;

// Leases, presence and request timeouts are network plumbing, shared with the other processes through Redis: they run
// on real time (server-clock.ts's `realTime`), never on a test's clock.
export class Cluster {
  readonly id = randomBytes(6).toString('base64url');
  private readonly pub: Redis;
  private readonly sub: Redis;
  /** Replies awaited, by request id: in time (`resolve`) or, after the timeout, late (`late`). */
  private readonly waiting = new Map<string, { resolve: (v: unknown) => void; timer: ClockTimer }>();
  private counter = 0;
  /** Site-wide messages of one kind that a module handles itself (session-ends.ts), apart from the hub's. */
  private readonly listeners = new Map<string, (msg: ClusterMessage) => void>();
  handler: (channel: 'proc' | 'lobby' | 'user' | 'game', msg: ClusterMessage) => void | Promise<void> = () => {};
  /** Called when the subscriber is back after losing Redis: what was published meanwhile never arrives. */
  resubscribed: () => void = () => {};

  constructor(
    url: string,
    readonly prefix: string,
    readonly leaseMs: number,
    private readonly log: Logger,
  ) {
    const options = {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      // after an outage the subscriber comes back on every channel it had, games followed included
      autoResubscribe: true,
      retryStrategy: (n: number) => Math.min(n * 100, 1000),
    };
    // The publisher sends the commands of one turn of the event loop in one write (the news of every move made in
    // it, a renewal's keys) instead of one write each. The subscriber only subscribes.
    this.pub = new Redis(url, { ...options, enableAutoPipelining: true });
    this.sub = new Redis(url, options);
    for (const r of [this.pub, this.sub]) r.on('error', (e) => this.log.warn({ err: e.message }, 'redis'));
  }

  private key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  async start(): Promise<void> {
    await this.sub.subscribe(this.key('proc', this.id), this.key('lobby'), this.key('user'));
    const route = (channel: string, text: string) => {
      let msg: ClusterMessage;
      try {
        msg = JSON.parse(text) as ClusterMessage;
      } catch {
        return;
      }
      if (channel === this.key('proc', this.id) && msg.kind === 'reply') {
        const w = this.waiting.get(String(msg.rid));
        if (w) {
          w.timer.cancel();
          this.waiting.delete(String(msg.rid));
          w.resolve(msg.body);
        }
        return;
      }
      const own = channel === this.key('user') ? this.listeners.get(msg.kind) : undefined;
      if (own) return own(msg);
      const kind = channel.startsWith(this.key('game', ''))
        ? 'game'
        : channel === this.key('lobby')
          ? 'lobby'
          : channel === this.key('user')
            ? 'user'
            : 'proc';
      void Promise.resolve(this.handler(kind, msg)).catch((e) => this.log.error({ err: e }, 'cluster message failed'));
    };
    this.sub.on('message', route);
    // every 'ready' after the first is a reconnection (its channels re-subscribed first, see autoResubscribe)
    this.sub.on('ready', () => this.resubscribed());
  }

  /**
   * Receives a game's changes from now on (for a replica's watchers). A process
   * follows only the games it shows and does not own: with a pattern on every
   * game, each process would parse every move of the whole site.
   */
  async follow(gameId: string): Promise<void> {
    await this.sub.subscribe(this.key('game', gameId));
  }

  unfollow(gameId: string): void {
    this.sub.unsubscribe(this.key('game', gameId)).catch(() => {});
  }

  /**
   * Takes the lease of a game if nobody holds it; returns the fencing token,
   * above `floor` (the token stored with the game, 0 for a new game).
   */
  async acquire(gameId: string, floor = 0): Promise<number | undefined> {
    try {
      const fence = Number(
        await this.pub.eval(
          ACQUIRE,
          2,
          this.key('fence', gameId),
          this.key('lease', gameId),
          this.id,
          String(this.leaseMs),
          String(floor),
        ),
      );
      return fence > 0 ? fence : undefined;
    } catch {
      return undefined;
    }
  }

  /** `lost` when another process holds it now; `error` when Redis did not answer (keep going: the fence protects). */
  async renew(gameId: string, fence: number): Promise<'ok' | 'lost' | 'error'> {
    try {
      const r = await this.pub.eval(
        RENEW,
        2,
        this.key('lease', gameId),
        this.key('fence', gameId),
        `${this.id}:${fence}`,
        String(this.leaseMs),
        String(fence),
      );
      return Number(r) === 0 ? 'lost' : 'ok';
    } catch {
      return 'error';
    }
  }

  async release(gameId: string, fence: number): Promise<void> {
    await this.pub.eval(RELEASE, 1, this.key('lease', gameId), `${this.id}:${fence}`).catch(() => {});
  }

  /** The process holding the game's lease, if any. */
  async ownerOf(gameId: string): Promise<string | undefined> {
    const v = await this.pub.get(this.key('lease', gameId));
    return v ? v.split(':')[0] : undefined;
  }

  /**
   * The holders of many games' leases, in order (undefined: nobody holds it),
   * in one MGET per thousand games rather than one round trip per game.
   */
  async owners(gameIds: readonly string[]): Promise<(string | undefined)[]> {
    const out: (string | undefined)[] = [];
    for (let i = 0; i < gameIds.length; i += OWNERS_PER_MGET) {
      const keys = gameIds.slice(i, i + OWNERS_PER_MGET).map((g) => this.key('lease', g));
      for (const v of await this.pub.mget(...keys)) out.push(v ? v.split(':')[0] : undefined);
    }
    return out;
  }

  /** Hands every site-wide message of `kind` (sent with `broadcast`, by any process, this one too) to `fn`. */
  listen(kind: string, fn: (msg: ClusterMessage) => void): void {
    this.listeners.set(kind, fn);
  }

  /** Tells every process (this one too) something for a `listen`er; resolves once Redis has taken it. */
  async broadcast(msg: ClusterMessage): Promise<void> {
    await this.pub.publish(this.key('user'), JSON.stringify(msg));
  }

  /** Tells one process something that needs no answer. */
  notify(proc: string, msg: ClusterMessage): void {
    this.pub.publish(this.key('proc', proc), JSON.stringify(msg)).catch(() => {});
  }

  /**
   * Records who watches a game from this process, for the game's watchers on every process. Kept an hour after
   * the last change; a process that died drops out with its presence (see `spectators`).
   */
  async setSpectators(gameId: string, users: readonly unknown[]): Promise<void> {
    const key = this.key('spectators', gameId);
    const tx = this.pub.multi();
    if (users.length === 0) tx.hdel(key, this.id);
    else tx.hset(key, this.id, JSON.stringify(users)).pexpire(key, 3_600_000);
    await tx.exec();
  }

  /** Who watches a game from each live process (this one's own list included). */
  async spectators(gameId: string): Promise<unknown[][]> {
    const [all, live] = await Promise.all([
      this.pub.hgetall(this.key('spectators', gameId)),
      this.pub.zrangebyscore(this.key('procs'), realTime.now() - 3 * this.leaseMs, '+inf'),
    ]);
    const alive = new Set([...live, this.id]);
    const lists: unknown[][] = [];
    for (const [proc, text] of Object.entries(all)) {
      if (!alive.has(proc)) continue;
      try {
        const list = JSON.parse(text) as unknown;
        if (Array.isArray(list)) lists.push(list);
      } catch {
        // a damaged entry counts nobody
      }
    }
    return lists;
  }

  publish(channel: 'lobby' | 'user', msg: ClusterMessage): void;
  publish(channel: 'game', msg: ClusterMessage, gameId: string): void;
  publish(channel: 'lobby' | 'user' | 'game', msg: ClusterMessage, gameId?: string): void {
    const name = channel === 'game' ? this.key('game', gameId!) : this.key(channel);
    this.pub.publish(name, JSON.stringify(msg)).catch((e) => this.log.warn({ err: e.message }, 'publish failed'));
  }

  /**
   * Sends a request to another process and waits for its reply. `unheard`: no
   * process listens on that channel (it died), so nothing will be done.
   * `timeout`: no reply in time, which does not mean the request failed: the
   * other process may still carry it out, and a reply that arrives within
   * `LATE_REPLY_MS` after the timeout goes to `late`, so the caller can still
   * tell its client what happened.
   */
  request(
    proc: string,
    body: unknown,
    timeoutMs: number,
    late?: (reply: unknown) => void,
  ): Promise<{ readonly reply: unknown } | 'unheard' | 'timeout'> {
    const rid = `${this.id}.${++this.counter}`;
    return new Promise((resolve) => {
      // how long another process may take to answer, not game time: real time (server-clock.ts)
      const timer = realTime.after(timeoutMs, () => {
        this.waiting.delete(rid);
        resolve('timeout');
        if (!late) return;
        const forget = realTime.after(LATE_REPLY_MS, () => this.waiting.delete(rid));
        this.waiting.set(rid, { resolve: late, timer: forget });
      });
      this.waiting.set(rid, { resolve: (reply) => resolve({ reply }), timer });
      this.pub
        .publish(this.key('proc', proc), JSON.stringify({ kind: 'request', rid, from: this.id, body }))
        .then((receivers) => {
          if (receivers > 0) return;
          this.waiting.get(rid)?.timer.cancel();
          this.waiting.delete(rid);
          resolve('unheard');
        })
        // not known whether it was sent: the timeout answers
        .catch(() => {});
    });
  }

  reply(to: string, rid: string, body: unknown): void {
    this.pub.publish(this.key('proc', to), JSON.stringify({ kind: 'reply', rid, body })).catch(() => {});
  }

  /** Publishes this process's count of online players (kept for three renewals). */
  async reportPresence(count: number): Promise<void> {
    const now = realTime.now();
    await this.pub
      .multi()
      .set(this.key('presence', this.id), String(count), 'PX', 3 * this.leaseMs)
      .zadd(this.key('procs'), now, this.id)
      .zremrangebyscore(this.key('procs'), 0, now - 3 * this.leaseMs)
      .exec()
      .catch(() => undefined);
  }

  /**
   * Marks users as connected to this process for three leases (renewed with the presence report): a seek whose
   * creator is connected to no process expires (see seek-expiry.ts).
   */
  async markConnected(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    const batch = this.pub.pipeline();
    for (const u of userIds) batch.set(this.key('connected', u), this.id, 'PX', 3 * this.leaseMs);
    await batch.exec();
  }

  /** Whether each user is connected to some live process (throws when Redis does not answer). */
  async connected(userIds: readonly string[]): Promise<boolean[]> {
    if (userIds.length === 0) return [];
    const found = await this.pub.mget(...userIds.map((u) => this.key('connected', u)));
    return found.map((v) => v !== null);
  }

  /** Players online on every live process. */
  async presence(): Promise<number> {
    const procs = await this.pub.zrangebyscore(this.key('procs'), realTime.now() - 3 * this.leaseMs, '+inf');
    if (procs.length === 0) return 0;
    const counts = await this.pub.mget(...procs.map((p) => this.key('presence', p)));
    return counts.reduce((sum, c) => sum + (Number(c) || 0), 0);
  }

  async close(): Promise<void> {
    for (const w of this.waiting.values()) w.timer.cancel();
    this.sub.disconnect();
    await this.pub.quit().catch(() => this.pub.disconnect());
  }
}
