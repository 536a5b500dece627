import type { Outcome } from '@qiyuan/core';
import type { AiSeats } from './ai-seats.js';
import type { Cluster, ClusterMessage } from './cluster.js';
import { type CorrespondenceGames, isCorrespondence } from './correspondence-games.js';
import type { Ended } from './ended.js';
import type { Ownership } from './ownership.js';
import { DEFAULT_RATING, type Rating, rate } from './ratings.js';
import type { GameRatings } from './repos/game-ratings.js';
import type { Games } from './repos/games.js';
import type { Change, Room } from './room.js';
import type { RoomRegistry } from './room-registry.js';
import type { Store, Tx } from './store.js';

/**
 * What the other processes hear of a committed change, for their replicas (Room.replicate). A move of a game that
 * goes on is its actions and the ply they lead to: a replica replays it, so the whole game is not serialized and sent
 * on every move. Any other change (a start, an end, a take-back, an offer…) brings the game's snapshot too.
 */
export const changeNews = (room: Room, change: Change): ClusterMessage => ({
  kind: 'change',
  gameId: room.id,
  seq: change.seq,
  event: change.kind,
  ...(change.kind === 'move' && change.status === 'playing' ? { ply: room.game.ply } : { snapshot: change.snapshot }),
  seats: change.seats,
  status: change.status,
  clock: change.clock,
  offers: [...room.offers],
  fromPly: change.fromPly,
  undone: change.undone,
  data: change.data,
});

/** What the commits need of the live server (the hub): the rooms owned here and the modules told of a change. */
export interface CommitsHost {
  readonly rooms: Pick<RoomRegistry, 'retire'>;
  readonly cluster?: Pick<Cluster, 'publish'> | undefined;
  readonly ownership: Pick<Ownership, 'fencedOut'>;
  readonly ended: Pick<Ended, 'retire'>;
  readonly aiSeats: Pick<AiSeats, 'drive'>;
  readonly correspondence: Pick<CorrespondenceGames, 'committed' | 'changed'>;
}

/**
 * Stores a room's changes: each one atomically (the event, the game row and, at
 * the end of a rated game, the ratings), guarded by the sequence number and the
 * owner's fencing token; then tells the other processes and lets the AI play.
 */
export class Commits {
  constructor(
    private readonly server: CommitsHost,
    private readonly store: Store,
    private readonly games: Games,
    private readonly ratings: GameRatings,
  ) {}

  /** Stores one change atomically: the event, the game row and, at the end of a rated game, the ratings. */
  async commit(room: Room, c: Change): Promise<void> {
    // The common case (a move, an offer, a clock event) writes nothing but the game row and the event: on PostgreSQL
    // one statement, so one round trip and one commit instead of four.
    const correspondence = isCorrespondence(room);
    if (c.kind !== 'start' && !(c.status === 'finished' && room.meta.rated) && !correspondence) {
      if (!(await this.games.advanceAlone(c, room.fence))) throw this.changedElsewhere(room);
      return;
    }
    await this.store.transaction(async (tx) => {
      if (!(await this.games.advance(tx, c, room.fence))) throw this.changedElsewhere(room);
      if (c.kind === 'start') await this.games.seatPlayers(tx, c.gameId, c.seats, c.at);
      if (c.status === 'finished' && c.outcome && room.meta.rated) await this.rateGame(tx, room, c.outcome);
      // a correspondence game's flag and reminder change with the game, in the same transaction
      if (correspondence) await this.server.correspondence.committed(tx, room, c);
    });
  }

  /**
   * The guarded update found the game written by someone else (a higher fence, or a later sequence number): in a
   * cluster another process owns it now. This process stops serving it at once instead of waiting for its next
   * renewal, so the actions of its clients go to the true owner from now on.
   */
  private changedElsewhere(room: Room): Error {
    this.server.ownership.fencedOut(room);
    return new Error('the game was changed elsewhere');
  }

  private async rateGame(tx: Tx, room: Room, outcome: Outcome): Promise<void> {
    const users = room.seats.map((s) => (s.kind === 'user' ? s.user.id : ''));
    if (users.some((u) => u === '')) return;
    const keys = users.map((userId) => ({ userId, game: room.meta.game, speed: room.meta.speed }));
    const before: Rating[] = [];
    for (const key of keys) before.push((await this.ratings.ratingOf(key, tx)) ?? DEFAULT_RATING);
    const after = rate(outcome, before);
    for (const [i, key] of keys.entries()) await this.ratings.save(tx, key, after[i]!);
    const change = users.map((_, i) => ({
      before: Math.round(before[i]!.rating),
      after: Math.round(after[i]!.rating),
    }));
    await this.ratings.recordChange(tx, room.id, change);
  }

  /** After a committed change: the other processes hear of it; a finished game retires; the AI plays. */
  changed(room: Room, change: Change): void {
    this.server.cluster?.publish('game', changeNews(room, change), room.id);
    if (change.status === 'finished' || change.status === 'aborted') {
      // the lease is kept while the ended game takes chat and rematch requests (see Ended.retire)
      this.server.rooms.retire(room);
      this.server.ended.retire(room, false);
      return;
    }
    this.server.aiSeats.drive(room);
    if (isCorrespondence(room)) this.server.correspondence.changed(room, change);
  }
}
