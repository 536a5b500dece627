import type { SeatHolder, UserInfo } from '@qiyuan/protocol';
import type { NotNull, Selectable } from 'kysely';
import { Prepared } from '../db/prepared.js';
import type { GamesTable } from '../db/schema.js';
import { userInfo } from '../session.js';
import type { Store, Tx } from '../store.js';

/**
 * What the routes read about games and the players in them: a game's stored record, the games a player sits in,
 * the live list, and a player's profile (ratings, results, the rating after each rated game). Only reads: the
 * games are written by the rooms (repos of the live games).
 */

/** A stored game, every column. */
export type GameRecord = Selectable<GamesTable>;

/** A public game being played, as the live list shows it. */
export interface LiveGame {
  readonly id: string;
  readonly game: string;
  readonly speed: string;
  readonly rated: number;
  readonly seats: string;
  readonly created_at: number;
}

/** What a `gameStart` line of the event stream tells of a game. */
export interface GameStart {
  readonly id: string;
  readonly game: string;
  readonly rated: number;
  readonly speed: string;
  readonly clock: string;
  readonly seats: string;
  readonly status: string;
}

/** Where a game stands, for an action sent to it: its sequence number, its seats and its status. */
export interface GamePosition {
  readonly seq: number;
  readonly seats: readonly SeatHolder[];
  readonly status: string;
}

/** One seat a player held in a game, and how the game stands. */
export interface SeatResult {
  readonly status: string;
  readonly outcome: string | null;
  readonly seat: number;
}

/** A rated game a player finished, with the rating changes of every seat (JSON, by seat). */
export interface RatedGame {
  readonly id: string;
  readonly game: string;
  readonly speed: string;
  readonly finished_at: number | null;
  readonly rating_change: string;
  readonly seat: number;
}

export interface PlayerRating {
  readonly game: string;
  readonly speed: string;
  readonly rating: number;
  readonly rd: number;
  readonly games: number;
}

/** A game's place for an action of the Bot API: read on every API move a process makes for a room it does not hold. */
const positionOf = new Prepared<{ id: string }, { seq: number; seats: string; status: string }>((q, p) =>
  q.selectFrom('games').select(['seq', 'seats', 'status']).where('id', '=', p.id),
);

/** The key a player's name is looked up by (names are unique without regard to case, at most 40 characters). */
export const nameKeyOf = (name: string): string => name.toLowerCase().slice(0, 40);

export class GameHistory {
  constructor(private readonly store: Store) {}

  /** Public games being played, newest first, at most `limit`. */
  livePublic(limit = 100): Promise<LiveGame[]> {
    return this.store.q
      .selectFrom('games')
      .select(['id', 'game', 'speed', 'rated', 'seats', 'created_at'])
      .where('status', '=', 'playing')
      .where('private', '=', 0)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** A stored game, or undefined when there is none of that id. */
  find(id: string, tx: Tx = this.store): Promise<GameRecord | undefined> {
    return tx.q.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A game's status, or undefined when there is no such game. */
  async statusOf(id: string): Promise<string | undefined> {
    const row = await this.store.q.selectFrom('games').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status;
  }

  /** A game's sequence number as stored, or undefined when there is no such game. */
  async seqOf(id: string): Promise<number | undefined> {
    const row = await this.store.q.selectFrom('games').select('seq').where('id', '=', id).executeTakeFirst();
    return row?.seq;
  }

  /** A game's seats, or undefined when there is no such game. */
  async seatsOf(id: string): Promise<SeatHolder[] | undefined> {
    const row = await this.store.q.selectFrom('games').select('seats').where('id', '=', id).executeTakeFirst();
    return row ? (JSON.parse(row.seats) as SeatHolder[]) : undefined;
  }

  /** A game's sequence number, seats and status, or undefined when there is no such game. */
  async positionOf(id: string): Promise<GamePosition | undefined> {
    const [row] = (await positionOf.run(this.store, { id })).rows;
    return row ? { seq: row.seq, seats: JSON.parse(row.seats) as SeatHolder[], status: row.status } : undefined;
  }

  /** What a `gameStart` line tells of a game, or undefined when there is no such game. */
  startOf(id: string): Promise<GameStart | undefined> {
    return this.store.q
      .selectFrom('games')
      .select(['id', 'game', 'rated', 'speed', 'clock', 'seats', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The games a player is playing, oldest first, at most 100: one row per seat the player holds. */
  startsInPlayOf(userId: string): Promise<GameStart[]> {
    return this.store.q
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select(['games.id', 'games.game', 'games.rated', 'games.speed', 'games.clock', 'games.seats', 'games.status'])
      .where('game_players.user_id', '=', userId)
      .where('games.status', '=', 'playing')
      .orderBy('games.created_at')
      .limit(100)
      .execute();
  }

  /** The games a player is playing, every column, in the order of their making: one row per seat the player holds. */
  inPlayOf(userId: string, order: 'oldest-first' | 'newest-first', limit: number): Promise<GameRecord[]> {
    return this.store.q
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .selectAll('games')
      .where('game_players.user_id', '=', userId)
      .where('games.status', '=', 'playing')
      .orderBy('games.created_at', order === 'oldest-first' ? 'asc' : 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * A player's games as `viewerId` (none: a visitor) may list them, made before `before`, newest first, 50 at a
   * time. A private game waiting for its players or being played is listed only to the players who sit in it.
   */
  listedGamesOf(userId: string, viewerId: string | undefined, before: number): Promise<GameRecord[]> {
    return this.store.q
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .selectAll('games')
      .where('game_players.user_id', '=', userId)
      .where('games.created_at', '<', before)
      .where((eb) =>
        eb.or([
          eb('games.private', '=', 0),
          eb('games.status', 'not in', ['seeking', 'playing']),
          eb.exists(
            eb
              .selectFrom('game_players as mine')
              .select('mine.seat')
              .whereRef('mine.game_id', '=', 'games.id')
              .where('mine.user_id', '=', viewerId ?? ''),
          ),
        ]),
      )
      .orderBy('games.created_at', 'desc')
      .limit(50)
      .execute();
  }

  /** The account of that name (any case), a guest's, a closed or a banned one too; undefined when there is none. */
  async playerNamed(name: string): Promise<UserInfo | undefined> {
    const row = await this.store.q
      .selectFrom('users')
      .select(['id', 'name', 'guest', 'bot', 'password_hash'])
      .where('name_key', '=', nameKeyOf(name))
      .executeTakeFirst();
    return row ? userInfo(row) : undefined;
  }

  /** A player's ratings, one per game and speed class, in the order of the game and then the speed. */
  ratingsOf(userId: string): Promise<PlayerRating[]> {
    return this.store.q
      .selectFrom('ratings')
      .select(['game', 'speed', 'rating', 'rd', 'games'])
      .where('user_id', '=', userId)
      .orderBy('game')
      .orderBy('speed')
      .execute();
  }

  /** Every seat a player held, with its game's status and outcome (JSON), in no given order. */
  resultsOf(userId: string): Promise<SeatResult[]> {
    return this.store.q
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select(['games.status', 'games.outcome', 'game_players.seat'])
      .where('game_players.user_id', '=', userId)
      .execute();
  }

  /** A player's rated games that changed ratings, in the order they finished, at most 5000. */
  ratedGamesOf(userId: string): Promise<RatedGame[]> {
    return this.store.q
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select([
        'games.id',
        'games.game',
        'games.speed',
        'games.finished_at',
        'games.rating_change',
        'game_players.seat',
      ])
      .where('game_players.user_id', '=', userId)
      .where('games.rating_change', 'is not', null)
      .$narrowType<{ rating_change: NotNull }>()
      .orderBy('games.finished_at')
      .limit(5000)
      .execute();
  }
}
