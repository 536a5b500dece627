/**
 * Resigning in a player's name, the way the player's own resignation goes: a `game.resign` handled by the hub, which
 * hands it to the room that owns the game (on another process in a cluster) and runs it in that room's queue, at the
 * game's sequence number as the store or the room knows it. A withdrawal from a tournament and a ban both use it.
 */
import type { ClientMessage, UserInfo } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import { type Client, handleAs } from './clients.js';
import { GameHistory } from './repos/game-history.js';
import type { RoomRegistry } from './room-registry.js';
import type { Store } from './store.js';

/** What a resignation in a player's name needs of the live server (the hub): the rooms, the store, its handling. */
export interface ResignHost {
  readonly rooms: Pick<RoomRegistry, 'get'>;
  /** The game's sequence as stored, when no room here holds it. */
  readonly store: Store;
  readonly clients: Set<Client>;
  readonly log: Logger;
  handle(client: Client, msg: ClientMessage): Promise<void>;
}

/** How many times a resignation is sent again when the game moved on meanwhile (a move crossed it). */
const TRIES = 5;

const seqOf = async (hub: ResignHost, gameId: string): Promise<number | undefined> => {
  const room = hub.rooms.get(gameId);
  if (room) return room.seq;
  // the callers (moderation, tournaments) hand the hub only; the read is the game history's all the same
  return new GameHistory(hub.store).seqOf(gameId);
};

/** Resigns one game (one seat of it, when given) for the player; true once it is resigned or over. */
export const resignFor = async (hub: ResignHost, user: UserInfo, gameId: string, seat?: number): Promise<boolean> => {
  for (let i = 0; i < TRIES; i++) {
    const seq = await seqOf(hub, gameId);
    if (seq === undefined) return false;
    const answer = await handleAs(hub, user, {
      type: 'game.resign',
      id: 'resign',
      gameId,
      seq,
      ...(seat === undefined ? {} : { seat }),
    });
    if (answer?.type === 'ack') return true;
    if (answer?.type === 'error' && answer.code === 'game-over') return true;
    // the game moved on since its sequence was read (or its owner is changing): read it again and resend
    if (answer?.type === 'error' && (answer.code === 'stale-seq' || answer.code === 'unavailable')) continue;
    hub.log.warn({ gameId, answer }, 'a game could not be resigned in its player’s name');
    return false;
  }
  return false;
};
