import type { ClientMessage, ServerMessage, UserInfo } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import type { AiSeats } from './ai-seats.js';
import { type Client, newId, refuse } from './clients.js';
import type { Cluster, ClusterMessage } from './cluster.js';
import type { Ended } from './ended.js';
import type { Replicas } from './replicas.js';
import type { GameChat } from './repos/game-chat.js';
import type { Games } from './repos/games.js';
import { LIVE, loadChat } from './restore.js';
import type { Room } from './room.js';
import type { RoomRegistry } from './room-registry.js';
import { type ClockTimer, realTime } from './server-clock.js';

/** How long a request forwarded to a game's owner is waited for before the client is told it is unavailable. */
const FORWARD_TIMEOUT_MS = 5000;

/** Games one process takes over at the same time when it claims orphans (each a few database round trips). */
const TAKEOVERS_AT_ONCE = 8;

/** A copy of `items` in random order (Fisher–Yates). */
const shuffled = <T>(items: readonly T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/** What the ownership needs of the live server (the hub): the rooms, the cluster, the connections here. */
export interface OwnershipHost {
  readonly rooms: Pick<RoomRegistry, 'has' | 'get' | 'owns' | 'list' | 'fromRow' | 'own' | 'retire'>;
  /** Only a cluster has owners: the modules built without one never start the ownership. */
  readonly cluster?: Cluster | undefined;
  readonly ended: Pick<Ended, 'get' | 'entries' | 'forget'>;
  readonly replicas: Pick<Replicas, 'get' | 'drop' | 'watchable' | 'reload' | 'check'>;
  readonly aiSeats: Pick<AiSeats, 'drive'>;
  /** The connections here: an owner's late answer reaches a client still connected. */
  readonly clients: ReadonlySet<Client>;
  readonly closing: boolean;
  readonly log: Logger;
  usersHere(): number;
  usersConnectedHere(): string[];
  /** A request forwarded from another process, handled here as its client's own. */
  handle(client: Client, msg: ClientMessage): Promise<void>;
}

/**
 * Which process serves which game (cluster mode, issue 12): each live game has
 * one owner holding its lease in Redis and its fencing token in the database.
 * Owners renew their leases; every process claims the games nobody holds; a
 * process whose write is refused by a higher token gives the game up; requests
 * for a game owned elsewhere are forwarded to its owner.
 */
export class Ownership {
  private timers: ClockTimer[] = [];
  /** Set while `claim` runs: a slow run (many games, a slow database) must not be overlapped by the next. */
  private claiming = false;

  constructor(
    private readonly hub: OwnershipHost,
    private readonly games: Games,
    private readonly chat: GameChat,
  ) {}

  private get cluster() {
    return this.hub.cluster!;
  }

  /** Joins the cluster: claims the orphaned games, then renews, reports presence and claims on timers. */
  async start(): Promise<void> {
    const cluster = this.cluster;
    await cluster.start();
    await this.claim();
    const every = Math.max(200, Math.floor(cluster.leaseMs / 3));
    const guard = (what: string, p: Promise<unknown> | undefined) =>
      p?.catch((e) => this.hub.log.error({ err: e }, `${what} failed`));
    // leases and presence are network plumbing shared through Redis: real time (server-clock.ts), not game time
    this.timers.push(realTime.every(every, () => guard('lease renewal', this.renewAll())));
    this.timers.push(realTime.every(every, () => guard('presence', cluster.reportPresence(this.hub.usersHere()))));
    // A user's mark lasts three leases and is set at once when they connect, so renewing every lease keeps it with
    // two renewals to spare; each renewal writes one key per connected user (a third as many writes as every `every`).
    this.timers.push(
      realTime.every(cluster.leaseMs, () => guard('connected', cluster.markConnected(this.hub.usersConnectedHere()))),
    );
    const half = Math.max(300, Math.floor(cluster.leaseMs / 2));
    this.timers.push(realTime.every(half, () => guard('takeover', this.claim())));
    this.timers.push(realTime.every(half, () => guard('replica check', this.hub.replicas.check())));
  }

  stop(): void {
    for (const t of this.timers) t.cancel();
  }

  /**
   * `here` when this process owns the game now (taking it over when nobody
   * does); otherwise the owner found, so forwarding needs no second look-up
   * (undefined: Redis did not answer, or nobody holds the game).
   */
  async ownerFor(gameId: string): Promise<'here' | string | undefined> {
    if (this.hub.rooms.has(gameId) || this.hub.ended.get(gameId)?.replica === false) return 'here';
    let owner: string | undefined;
    try {
      owner = await this.cluster.ownerOf(gameId);
    } catch {
      return undefined;
    }
    if (owner !== undefined) return owner;
    if ((await this.takeOver(gameId)) !== undefined) return 'here';
    // another process may have won the race for it
    return this.cluster.ownerOf(gameId).catch(() => undefined);
  }

  /** Acquires the lease of a stored live game and loads it from the database. */
  private async takeOver(gameId: string, storedFence?: number): Promise<Room | undefined> {
    const hub = this.hub;
    const cluster = this.cluster;
    let floor = storedFence;
    if (floor === undefined) {
      const row = await this.games.progress(gameId).catch(() => undefined);
      if (!row || !LIVE.has(row.status)) return undefined;
      floor = row.fence;
    }
    const fence = await cluster.acquire(gameId, floor);
    if (fence === undefined) return undefined;
    // Raise the fence first: from now on the previous owner's writes are refused.
    const raised = await this.games.raiseFence(gameId, fence).catch(() => false);
    const stored = raised ? await this.games.game(gameId).catch(() => undefined) : undefined;
    // the game may have ended between the claim's look and the lease
    const fresh = stored && LIVE.has(stored.status) ? stored : undefined;
    const room = fresh ? hub.rooms.fromRow(fresh) : undefined;
    if (!room) {
      await cluster.release(gameId, fence);
      return undefined;
    }
    room.fence = fence;
    await loadChat(this.chat, hub.log, room);
    // a room still held here for the game is older: the fence raised above refuses its writes, so the new one replaces it
    const stale = hub.rooms.get(gameId);
    if (stale) hub.rooms.retire(stale);
    hub.rooms.own(room);
    const replica = hub.replicas.get(gameId);
    if (replica) hub.replicas.drop(gameId);
    for (const old of [stale, replica]) {
      for (const w of old?.watchers ?? []) {
        room.watchers.add(w);
        room.sync(w);
      }
    }
    room.schedule();
    hub.aiSeats.drive(room);
    // the processes that show the game reload it: the previous owner's last news may never have been sent
    cluster.publish('game', { kind: 'owner', gameId, fence }, gameId);
    hub.log.info({ gameId, fence }, 'took over game');
    return room;
  }

  /**
   * Claims live games whose owner is gone. Every process runs this every half
   * lease: one query for the ids of the live games, one MGET per thousand of
   * them for their leases, and a takeover of each game nobody holds (see the
   * limits in docs/DEPLOY.md).
   */
  async claim(): Promise<void> {
    if (this.hub.closing || this.claiming) return;
    this.claiming = true;
    try {
      // correspondence games are taken when needed, not held (correspondence-games.ts)
      const rows = await this.games.heldIds().catch(() => []);
      const live = rows.filter((r) => !this.hub.rooms.has(r.id));
      // Redis away: nobody can be told to be gone, so nothing is claimed
      const owners = await this.cluster.owners(live.map((r) => r.id)).catch(() => undefined);
      if (!owners) return;
      // In a random order, several at a time: the games of a process that died with thousands of them come back
      // in seconds rather than one after another, and the survivors, each starting elsewhere in the list, share them
      // instead of racing for the same game (the loser of a race only pays one Redis round trip).
      const orphans = shuffled(live.filter((_, i) => owners[i] === undefined));
      const next = async (): Promise<void> => {
        for (let r = orphans.pop(); r && !this.hub.closing; r = orphans.pop()) {
          if (!this.hub.rooms.has(r.id)) await this.takeOver(r.id, r.fence);
        }
      };
      await Promise.all(Array.from({ length: TAKEOVERS_AT_ONCE }, next));
    } finally {
      this.claiming = false;
    }
  }

  private async renewAll(): Promise<void> {
    for (const room of this.hub.rooms.list()) {
      const r = await this.cluster.renew(room.id, room.fence);
      if (r === 'lost') await this.demote(room);
    }
    for (const [gameId, e] of this.hub.ended.entries()) {
      if (e.replica || e.room.fence === 0) continue;
      if ((await this.cluster.renew(gameId, e.room.fence)) === 'lost') this.hub.ended.forget(gameId);
    }
  }

  /**
   * A write of this process to a game it believed it owned was refused: another process owns it now. Gives it up at
   * once, and hands back the lease if this process still holds one (a token below the stored one can never write, so
   * keeping it would only keep the true owner away).
   */
  fencedOut(room: Room): void {
    const cluster = this.hub.cluster;
    if (!cluster || !this.hub.rooms.owns(room)) return;
    this.demote(room).catch((e: unknown) => this.hub.log.error({ err: e, gameId: room.id }, 'demotion failed'));
    void cluster.release(room.id, room.fence);
  }

  /**
   * A client knows a later seq than this process's room: in a cluster, another process may have taken the game over
   * while this one was paused, before its renewal has told it so. Such a room must not answer for the game (its
   * seq and frames are old): when the stored fence is above its own, it is given up at once.
   */
  async overtaken(room: Room): Promise<boolean> {
    if (!this.hub.cluster) return false;
    const row = await this.games.progress(room.id).catch(() => undefined);
    if (!row || row.fence <= room.fence) return false;
    this.fencedOut(room);
    return true;
  }

  /** Gives up a game another process now owns; its watchers here follow it as a replica. */
  private async demote(room: Room): Promise<void> {
    this.hub.rooms.retire(room);
    this.hub.log.warn({ gameId: room.id }, 'lost the lease of a game');
    if (room.watchers.size === 0) return;
    const replica = await this.hub.replicas.watchable(room.id).catch(() => undefined);
    for (const w of room.watchers) {
      if (!replica) continue;
      replica.watchers.add(w);
      replica.sync(w);
    }
  }

  /** Sends a message to the owner of its game and relays the owner's answers. */
  async forward(client: Client, msg: ClientMessage, gameId: string, owner: string | undefined): Promise<void> {
    if (client.forwarded) {
      return refuse(client, msg.id, 'unavailable', 'the game moved to another process; try again', { gameId });
    }
    if (!owner) {
      return refuse(client, msg.id, 'unavailable', 'the process that owns this game cannot be reached; try again', {
        gameId,
      });
    }
    // The owner may still carry out a request it answers too late: its answer (an ack with the new seq, or the
    // refusal) is passed on when it comes, so the client learns what happened (see PROTOCOL, Sequence numbers).
    const passOn = (answers: unknown) => {
      const list = answers as ServerMessage[];
      // the owner knows a later state than this process's replica shows: its news was lost, so it is read again
      if (list.some((a) => a.type === 'error' && a.code === 'stale-seq')) void this.hub.replicas.reload(gameId);
      if (this.hub.clients.has(client)) for (const a of list) client.send(a);
    };
    // what the owner cannot see of a socket here: whether it watches the game, and its address (chat-gate.ts)
    const body = {
      user: client.user,
      msg,
      watching: client.watching.has(gameId),
      ...(client.address === undefined ? {} : { address: client.address }),
    };
    const r = await this.cluster.request(owner, body, FORWARD_TIMEOUT_MS, passOn);
    if (r === 'unheard') {
      return refuse(client, msg.id, 'unavailable', 'the process that owns this game is gone; try again', { gameId });
    }
    if (r === 'timeout') {
      return refuse(
        client,
        msg.id,
        'unavailable',
        'the process that owns this game did not answer in time; it may still apply this, and its answer follows if it does',
        { gameId },
      );
    }
    passOn(r.reply);
  }

  /** Runs a request another process forwarded here, as its client, and sends back the answers. */
  async serveForwarded(m: ClusterMessage): Promise<void> {
    const body = m.body as { user: UserInfo; msg: ClientMessage; watching?: boolean; address?: string };
    const out: ServerMessage[] = [];
    const gameId = 'gameId' in body.msg ? body.msg.gameId : undefined;
    const proxy: Client = {
      id: newId(),
      user: body.user,
      forwarded: true,
      ...(typeof body.address === 'string' ? { address: body.address } : {}),
      hello: true,
      lobby: false,
      watching: new Set(body.watching === true && gameId !== undefined ? [gameId] : []),
      legalFor: new Set(),
      send: (x) => out.push(x),
      close: () => {},
    };
    await this.hub.handle(proxy, body.msg);
    this.cluster.reply(String(m.from), String(m.rid), out);
  }

  /** Hands the games owned here over at once instead of at the end of their leases (the server is closing). */
  async releaseAll(): Promise<void> {
    const cluster = this.hub.cluster;
    if (cluster) await Promise.all(this.hub.rooms.list().map((r) => cluster.release(r.id, r.fence)));
  }
}
