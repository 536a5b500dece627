import type { ClientMessage } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import { acknowledge, type Client, refuse } from './clients.js';
import type { Cluster } from './cluster.js';
import type { CorrespondenceGames } from './correspondence-games.js';
import type { Ended } from './ended.js';
import type { ChatRepo } from './repos/chat.js';
import type { Room } from './room.js';
import type { RoomRegistry } from './room-registry.js';

/** What the spectator-chat switch needs of the live server (the hub): where the game is, the cluster's news. */
export interface SpectatorChatHost {
  readonly rooms: Pick<RoomRegistry, 'get'>;
  readonly ended: Pick<Ended, 'get'>;
  readonly correspondence: Pick<CorrespondenceGames, 'load'>;
  readonly cluster?: Pick<Cluster, 'publish'> | undefined;
  readonly log: Logger;
}

/**
 * A player's choice to read the spectators' lines of their game or not (`game.spectatorChat`), as on lichess: turned
 * off, the spectators' lines never reach that player (live or in a sync), while the spectators still read each other.
 * Kept in the store with the game, so a restart, a takeover or a replica on another process honours it.
 */
export class SpectatorChat {
  constructor(
    private readonly hub: SpectatorChatHost,
    private readonly chat: ChatRepo,
  ) {}

  async set(client: Client, msg: Extract<ClientMessage, { type: 'game.spectatorChat' }>): Promise<void> {
    const hub = this.hub;
    const room =
      hub.rooms.get(msg.gameId) ??
      hub.ended.get(msg.gameId)?.room ??
      (hub.cluster ? undefined : await hub.correspondence.load(msg.gameId));
    if (!room) return refuse(client, msg.id, 'not-found', 'no such live game', { gameId: msg.gameId });
    if (room.seatsOf(client.user.id).length === 0)
      return refuse(client, msg.id, 'not-allowed', "only a player can turn the spectators' chat off", {
        gameId: room.id,
      });
    const userId = client.user.id;
    try {
      if (msg.on) await this.chat.showSpectators(room.id, userId);
      else await this.chat.hideSpectators(room.id, userId);
    } catch (e) {
      hub.log.warn({ err: e, gameId: room.id }, 'spectator chat setting not stored');
      return refuse(client, msg.id, 'unavailable', 'the setting could not be stored; try again', { gameId: room.id });
    }
    this.apply(room, userId, msg.on);
    hub.cluster?.publish('game', { kind: 'spectator-chat', gameId: room.id, userId, on: msg.on }, room.id);
    acknowledge(client, msg.id, { gameId: room.id });
  }

  /** The choice, in a room shown here: the player's pages are synced again, with or without the spectators' lines. */
  apply(room: Room, userId: string, on: boolean): void {
    if (on) room.spectatorChatOff.delete(userId);
    else room.spectatorChatOff.add(userId);
    for (const w of room.watchers) if (w.user.id === userId) room.sync(w);
  }
}
