import type { Rating } from '../ratings.js';
import type { Store, Tx } from '../store.js';

/** A rating's place: a player, a game and a speed class. */
export interface RatingKey {
  readonly userId: string;
  readonly game: string;
  readonly speed: string;
}

/**
 * The ratings live play reads and writes: a player's rating shown in seeks and seats, and the players' ratings a
 * rated game changes when it ends (in the game's last transaction, with what it changed on the game row).
 */
export class GameRatings {
  constructor(private readonly store: Store) {}

  /** A player's rating in a game and speed class, or undefined when it has none yet. */
  async ratingOf(key: RatingKey, tx: Tx = this.store): Promise<Rating | undefined> {
    return tx.q
      .selectFrom('ratings')
      .select(['rating', 'rd', 'vol', 'games'])
      .where('user_id', '=', key.userId)
      .where('game', '=', key.game)
      .where('speed', '=', key.speed)
      .executeTakeFirst();
  }

  /** Stores a player's rating, replacing the one it had. */
  async save(tx: Tx, key: RatingKey, r: Rating): Promise<void> {
    await tx.q
      .insertInto('ratings')
      .values({ user_id: key.userId, game: key.game, speed: key.speed, ...pick(r) })
      .onConflict((oc) => oc.columns(['user_id', 'game', 'speed']).doUpdateSet(pick(r)))
      .execute();
  }

  /** What a rated game's end changed, each seat's rating before and after (shown with the game). */
  async recordChange(tx: Tx, gameId: string, change: readonly { before: number; after: number }[]): Promise<void> {
    await tx.q
      .updateTable('games')
      .set({ rating_change: JSON.stringify(change) })
      .where('id', '=', gameId)
      .execute();
  }
}

const pick = (r: Rating) => ({ rating: r.rating, rd: r.rd, vol: r.vol, games: r.games });
