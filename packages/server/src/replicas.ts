import type { ServerMessage, UserInfo } from '@qiyuan/protocol';
import type { ClusterMessage } from './cluster.js';
import type { Hub } from './hub.js';
import { type GameRow, LIVE, loadChat, roomFromRow } from './restore.js';
import type { Room } from './room.js';

/**
 * Read-only copies of games owned by other processes, kept for this process's
 * watchers (cluster mode): each follows its game's channel and applies the
 * owner's changes.
 */
export class Replicas {
  private readonly rooms = new Map<string, Room>();

  constructor(private readonly hub: Hub) {}

  get(gameId: string): Room | undefined {
    return this.rooms.get(gameId);
  }

  /** A room to watch here: the owned one, or a replica kept up to date from the owner's changes. */
  async watchable(gameId: string): Promise<Room | undefined> {
    const hub = this.hub;
    const cluster = hub.cluster!;
    const own = hub.rooms.get(gameId) ?? this.rooms.get(gameId);
    if (own) return own;
    // follow before reading, so no change falls between the row and the first message
    await cluster.follow(gameId);
    const row = await hub.store.get<GameRow>('SELECT * FROM games WHERE id = ?', [gameId]).catch((e: unknown) => {
      cluster.unfollow(gameId);
      throw e;
    });
    const room = row ? roomFromRow(row, hub.host, hub.log) : undefined;
    await loadChat(hub.store, hub.log, room);
    const taken = hub.rooms.get(gameId);
    if (taken) {
      cluster.unfollow(gameId); // taken over meanwhile: this process owns it now
      return taken;
    }
    const followed = this.rooms.get(gameId);
    if (followed) return followed; // another watcher here followed it meanwhile
    if (!room || !row || !LIVE.has(row.status)) {
      cluster.unfollow(gameId);
      room?.close();
      return room;
    }
    room.close();
    this.rooms.set(gameId, room);
    return room;
  }

  /** Forgets a replica and stops receiving its game's changes. */
  drop(gameId: string): void {
    if (!this.rooms.delete(gameId)) return;
    this.hub.cluster?.unfollow(gameId);
  }

  /** A replica nobody here watches any more costs a subscription and its moves: drop it. */
  dropIdle(gameId: string): void {
    if (this.rooms.get(gameId)?.watchers.size === 0) this.drop(gameId);
  }

  /** News from a game's owner on the game's channel: a chat line, a message to relay, a committed change. */
  onGameNews(m: ClusterMessage): void {
    const hub = this.hub;
    const gameId = String(m.gameId);
    if (hub.rooms.has(gameId) || hub.ended.get(gameId)?.replica === false) return; // our own change
    const replica = this.rooms.get(gameId) ?? hub.ended.get(gameId)?.room;
    if (!replica) return;
    if (m.kind === 'chat') {
      const line = {
        from: m.from as UserInfo,
        text: String(m.text),
        at: Number(m.at),
        ...(m.spectator ? { spectator: true } : {}),
      };
      replica.addChat(line);
      hub.watchers.send(replica, { type: 'game.chat', gameId, ...line });
      return;
    }
    if (m.kind === 'relay') {
      hub.watchers.send(replica, m.msg as ServerMessage);
      return;
    }
    if (m.kind === 'change') {
      replica.replicate(m as never);
      if (replica.status === 'finished') {
        // still followed for a while: the players' chat and rematch after the end
        this.rooms.delete(gameId);
        hub.ended.retire(replica, true);
      } else if (replica.status === 'aborted') this.drop(gameId);
    }
  }
}
