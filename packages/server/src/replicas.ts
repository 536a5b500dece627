import type { ServerMessage, UserInfo } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import type { SpectatorChat } from './chat-settings.js';
import type { Cluster, ClusterMessage } from './cluster.js';
import type { Ended } from './ended.js';
import type { GameChat } from './repos/game-chat.js';
import type { Games } from './repos/games.js';
import { LIVE, loadChat } from './restore.js';
import type { Room } from './room.js';
import type { RoomRegistry } from './room-registry.js';
import { realTime } from './server-clock.js';
import type { Watchers } from './watchers.js';

/** What the replicas need of the live server (the hub): the rooms owned here, the ended games, the cluster. */
export interface ReplicasHost {
  /** The rooms owned here, and the maker of a room from its row (a replica's is closed: it never commits). */
  readonly rooms: Pick<RoomRegistry, 'get' | 'has' | 'fromRow'>;
  readonly ended: Pick<Ended, 'get' | 'retire'>;
  readonly cluster?: Pick<Cluster, 'leaseMs' | 'follow' | 'unfollow'> | undefined;
  readonly watchers: Pick<Watchers, 'send' | 'sendChat'>;
  readonly spectatorChat: Pick<SpectatorChat, 'apply'>;
  readonly log: Logger;
}

/**
 * Read-only copies of games owned by other processes, kept for this process's
 * watchers (cluster mode): each follows its game's channel and applies the
 * owner's changes.
 *
 * News on a channel can be lost: an owner that commits while Redis is away and
 * dies before it comes back never sends it, and a subscription re-made after a
 * Redis restart misses what was said meanwhile. So a replica never trusts its
 * silence: a new owner announces its fencing token and every replica of an
 * older token reloads from the database; a replica that heard nothing from its
 * owner for a lease period compares itself with the stored row (in one query for
 * all such replicas) and reloads if it is behind, and re-reads before it answers
 * a watch; a move refused as stale by the owner reloads it too.
 */
// When a replica last heard from its owner is measured against the cluster's lease: network plumbing, so real time
// (server-clock.ts), the same on every process.
export class Replicas {
  /** The replicas: not owned here, so not in the room registry (they never commit, and are closed). */
  private readonly copies = new Map<string, Room>();
  /** When each replica last heard from its game's owner (or last compared itself with the database). */
  private readonly heard = new Map<string, number>();
  /** Reloads under way, so that several reasons at once cost one read. */
  private readonly reloading = new Map<string, Promise<void>>();

  constructor(
    private readonly hub: ReplicasHost,
    private readonly games: Games,
    private readonly chat: GameChat,
  ) {}

  private get leaseMs(): number {
    return this.hub.cluster?.leaseMs ?? Number.POSITIVE_INFINITY;
  }

  get(gameId: string): Room | undefined {
    return this.copies.get(gameId);
  }

  /** A room to watch here: the owned one, or a replica kept up to date from the owner's changes. */
  async watchable(gameId: string): Promise<Room | undefined> {
    const hub = this.hub;
    const cluster = hub.cluster!;
    const owned = hub.rooms.get(gameId);
    if (owned) return owned;
    const followed = this.copies.get(gameId);
    if (followed) {
      // silent for a lease period: its news may have been lost, so it is compared with the database first
      if (realTime.now() - (this.heard.get(gameId) ?? 0) >= this.leaseMs) await this.reload(gameId);
      return hub.rooms.get(gameId) ?? this.copies.get(gameId) ?? hub.ended.get(gameId)?.room;
    }
    // follow before reading, so no change falls between the row and the first message
    await cluster.follow(gameId);
    const row = await this.games.game(gameId).catch((e: unknown) => {
      cluster.unfollow(gameId);
      throw e;
    });
    const room = row ? hub.rooms.fromRow(row) : undefined;
    await loadChat(this.chat, hub.log, room);
    const taken = hub.rooms.get(gameId);
    if (taken) {
      cluster.unfollow(gameId); // taken over meanwhile: this process owns it now
      return taken;
    }
    const meanwhile = this.copies.get(gameId);
    if (meanwhile) return meanwhile; // another watcher here followed it meanwhile
    if (!room || !row || !LIVE.has(row.status)) {
      cluster.unfollow(gameId);
      room?.close();
      return room;
    }
    room.close();
    room.fence = row.fence;
    this.copies.set(gameId, room);
    this.heard.set(gameId, realTime.now());
    return room;
  }

  /** Forgets a replica and stops receiving its game's changes. */
  drop(gameId: string): void {
    this.heard.delete(gameId);
    if (!this.copies.delete(gameId)) return;
    this.hub.cluster?.unfollow(gameId);
  }

  /**
   * Reads the game's row again and, when the replica is behind it, replaces the replica with the stored game and
   * syncs its watchers (a game that ended meanwhile retires as an ended replica, for its chat and rematch).
   */
  reload(gameId: string): Promise<void> {
    const pending = this.reloading.get(gameId);
    if (pending) return pending;
    const p = this.readAgain(gameId)
      .catch((e: unknown) => this.hub.log.warn({ err: e, gameId }, 'replica not reloaded'))
      .finally(() => this.reloading.delete(gameId));
    this.reloading.set(gameId, p);
    return p;
  }

  private async readAgain(gameId: string): Promise<void> {
    const hub = this.hub;
    const old = this.copies.get(gameId);
    if (!old) return;
    const row = await this.games.game(gameId);
    if (this.copies.get(gameId) !== old) return;
    this.heard.set(gameId, realTime.now());
    if (!row) return;
    const fence = row.fence;
    // news that came during the read may have taken the replica as far as the row, or further
    if (row.seq <= old.seq) {
      old.fence = Math.max(old.fence, fence);
      return;
    }
    const room = hub.rooms.fromRow(row);
    if (!room) return;
    room.close();
    room.fence = fence;
    await loadChat(this.chat, hub.log, room);
    if (this.copies.get(gameId) !== old || room.seq <= old.seq) return;
    hub.log.info({ gameId, from: old.seq, to: room.seq }, 'replica reloaded from the database');
    for (const w of old.watchers) {
      room.watchers.add(w);
      room.sync(w);
    }
    if (LIVE.has(room.status)) {
      this.copies.set(gameId, room);
    } else {
      this.copies.delete(gameId);
      this.heard.delete(gameId);
      if (room.status === 'finished') hub.ended.retire(room, true);
      else hub.cluster?.unfollow(gameId);
    }
  }

  /**
   * Compares every replica that heard nothing from its owner for a lease period with the stored rows (one query),
   * and reloads those that are behind. Run every half lease, and for every replica (`all`) when the subscriber is
   * back after losing Redis.
   */
  async check(all = false): Promise<void> {
    const now = realTime.now();
    const silent = [...this.copies.keys()].filter((id) => all || now - (this.heard.get(id) ?? 0) >= this.leaseMs);
    for (let i = 0; i < silent.length; i += 500) {
      const ids = silent.slice(i, i + 500);
      const rows = await this.games.progressOf(ids);
      const read = realTime.now();
      for (const r of rows) {
        const replica = this.copies.get(r.id);
        if (!replica) continue;
        this.heard.set(r.id, read);
        if (r.seq > replica.seq) void this.reload(r.id);
        else replica.fence = Math.max(replica.fence, r.fence);
      }
    }
  }

  /** A replica nobody here watches any more costs a subscription and its moves: drop it. */
  dropIdle(gameId: string): void {
    if (this.copies.get(gameId)?.watchers.size === 0) this.drop(gameId);
  }

  /** News from a game's owner on the game's channel: a chat line, a message to relay, a committed change. */
  onGameNews(m: ClusterMessage): void {
    const hub = this.hub;
    const gameId = String(m.gameId);
    if (hub.rooms.has(gameId) || hub.ended.get(gameId)?.replica === false) return; // our own change
    const replica = this.copies.get(gameId) ?? hub.ended.get(gameId)?.room;
    if (!replica) return;
    if (this.copies.has(gameId)) this.heard.set(gameId, realTime.now());
    if (m.kind === 'owner') {
      // a new owner took the game over: what it holds may be news this replica never heard
      if (Number(m.fence) > replica.fence && this.copies.get(gameId) === replica) void this.reload(gameId);
      return;
    }
    if (m.kind === 'chat') {
      const line = {
        from: m.from as UserInfo,
        text: String(m.text),
        at: Number(m.at),
        ...(m.spectator ? { spectator: true } : {}),
        ...(typeof m.team === 'number' ? { team: m.team } : {}),
      };
      replica.addChat(line);
      hub.watchers.sendChat(replica, line);
      return;
    }
    if (m.kind === 'spectator-chat') {
      hub.spectatorChat.apply(replica, String(m.userId), m.on === true);
      return;
    }
    if (m.kind === 'relay') {
      hub.watchers.send(replica, m.msg as ServerMessage);
      return;
    }
    if (m.kind === 'change') {
      if (!replica.replicate(m as never)) {
        // it cannot follow from this news: the stored game is read again, and a watch meanwhile waits for it
        if (this.copies.get(gameId) === replica) {
          this.heard.set(gameId, 0);
          void this.reload(gameId);
        }
        return;
      }
      // a game aborted for a missing first move is shown to the end, as a finished one; an expired seek is dropped
      if (replica.status === 'finished' || (replica.status === 'aborted' && replica.clock.lapsed)) {
        // still followed for a while: the players' chat and rematch after the end
        this.copies.delete(gameId);
        this.heard.delete(gameId);
        hub.ended.retire(replica, true);
      } else if (replica.status === 'aborted') this.drop(gameId);
    }
  }
}
