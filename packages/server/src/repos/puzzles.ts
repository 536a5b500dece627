import type { Selectable } from 'kysely';
import type { PuzzlesTable } from '../db/schema.js';
import type { Store, Tx } from '../store.js';

/**
 * The puzzles' tables: the puzzles with their own ratings, each player's first attempt at a puzzle, and each
 * player's puzzle rating per game; and, for the puzzle miners, the finished games a set is mined from.
 */

export type PuzzleRow = Selectable<PuzzlesTable>;

/** A puzzle as a committed set gives it, to be stored with its first rating. */
export interface NewPuzzle {
  readonly id: string;
  readonly game: string;
  readonly kind: string;
  readonly goal: string;
  readonly position: string;
  /** JSON texts. */
  readonly solution: string;
  readonly themes: string;
  readonly moves: number;
  readonly source: string;
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
}

export interface PuzzleRating {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  /** Rated attempts. */
  readonly games: number;
}

export interface AttemptRow {
  readonly puzzleId: string;
  readonly game: string;
  readonly solved: boolean;
  readonly rated: boolean;
  readonly at: number;
  /** The puzzle's rating now. */
  readonly puzzleRating: number;
}

/** Rows a statement when puzzles are added: many at once, and well below either engine's bound on parameters. */
const CHUNK = 100;

export class PuzzleRepository {
  constructor(private readonly store: Store) {}

  /** Runs `f` in one transaction of the store (an attempt and the ratings it moves). */
  transaction<T>(f: (tx: Tx) => Promise<T>): Promise<T> {
    return this.store.transaction(f);
  }

  /** The ids of every stored puzzle. */
  async ids(): Promise<Set<string>> {
    const rows = await this.store.q.selectFrom('puzzles').select('id').execute();
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Stores the puzzles not stored yet, all in one transaction, a puzzle stored already (by another process starting
   * at the same time) kept as it is; the number added. Each starts with no plays.
   */
  add(puzzles: readonly NewPuzzle[]): Promise<number> {
    if (puzzles.length === 0) return Promise.resolve(0);
    return this.store.transaction(async (tx) => {
      let added = 0;
      // many rows a statement: on PostgreSQL one round trip per puzzle made every fresh start about a second slower
      for (let i = 0; i < puzzles.length; i += CHUNK) {
        const r = await tx.q
          .insertInto('puzzles')
          .values(puzzles.slice(i, i + CHUNK).map((p) => ({ ...p, plays: 0 })))
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        added += Number(r.numInsertedOrUpdatedRows ?? 0n);
      }
      return added;
    });
  }

  async byId(id: string, tx: Tx = this.store): Promise<PuzzleRow | undefined> {
    return tx.q.selectFrom('puzzles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A game's puzzle ids, in id order. */
  async idsOf(game: string): Promise<string[]> {
    const rows = await this.store.q.selectFrom('puzzles').select('id').where('game', '=', game).orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /** Each of a game's puzzles' themes (JSON lists). */
  async themesOf(game: string): Promise<string[]> {
    const rows = await this.store.q.selectFrom('puzzles').select('themes').where('game', '=', game).execute();
    return rows.map((r) => r.themes);
  }

  /** How many puzzles each game has, by game name (games without puzzles absent). */
  async countsByGame(): Promise<{ game: string; count: number }[]> {
    return this.store.q
      .selectFrom('puzzles')
      .select((eb) => ['game', eb.fn.countAll<number>().as('count')])
      .groupBy('game')
      .orderBy('game')
      .execute();
  }

  /**
   * A game's puzzles but `except`, of the theme if one is named (`theme` among its themes), and `untriedBy` this
   * player when named: those they have no attempt at. In no set order.
   */
  async candidates(
    game: string,
    o: { readonly except: string; readonly theme?: string | undefined; readonly untriedBy?: string | undefined },
  ): Promise<PuzzleRow[]> {
    let query = this.store.q.selectFrom('puzzles').selectAll().where('game', '=', game).where('id', '<>', o.except);
    // the themes are kept as a JSON list of strings: a theme is found as the JSON string it was written as
    if (o.theme !== undefined) query = query.where('themes', 'like', `%${JSON.stringify(o.theme)}%`);
    const user = o.untriedBy;
    if (user !== undefined) {
      query = query.where('id', 'not in', (eb) =>
        eb.selectFrom('puzzle_attempts').select('puzzle_id').where('user_id', '=', user),
      );
    }
    return query.execute();
  }

  /** A player's puzzle rating in a game; undefined before their first rated attempt there. */
  async ratingOf(userId: string, game: string, tx: Tx = this.store): Promise<PuzzleRating | undefined> {
    return tx.q
      .selectFrom('puzzle_ratings')
      .select(['rating', 'rd', 'vol', 'games'])
      .where('user_id', '=', userId)
      .where('game', '=', game)
      .executeTakeFirst();
  }

  /** A player's puzzle ratings, game by game, in the games where they have a rated attempt. */
  async ratingsOf(userId: string): Promise<({ game: string } & PuzzleRating)[]> {
    return this.store.q
      .selectFrom('puzzle_ratings')
      .select(['game', 'rating', 'rd', 'vol', 'games'])
      .where('user_id', '=', userId)
      .where('games', '>', 0)
      .orderBy('game')
      .execute();
  }

  /** A player's latest attempts, newest first (ties by puzzle id), at most `limit`. */
  async recentAttemptsOf(userId: string, limit: number): Promise<AttemptRow[]> {
    const rows = await this.store.q
      .selectFrom('puzzle_attempts as a')
      .innerJoin('puzzles as p', 'p.id', 'a.puzzle_id')
      .select(['a.puzzle_id', 'p.game', 'a.solved', 'a.rated', 'a.at', 'p.rating'])
      .where('a.user_id', '=', userId)
      .orderBy('a.at', 'desc')
      .orderBy('a.puzzle_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      puzzleId: r.puzzle_id,
      game: r.game,
      solved: r.solved === 1,
      rated: r.rated === 1,
      at: r.at,
      puzzleRating: r.rating,
    }));
  }

  /** Whether the player has an attempt at this puzzle. */
  async attempted(userId: string, puzzleId: string): Promise<boolean> {
    const row = await this.store.q
      .selectFrom('puzzle_attempts')
      .select('puzzle_id')
      .where('user_id', '=', userId)
      .where('puzzle_id', '=', puzzleId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Stores a player's attempt if it is their first at the puzzle; false (nothing changes) when it is not. */
  async firstAttempt(
    tx: Tx,
    a: { userId: string; puzzleId: string; solved: boolean; rated: boolean; at: number },
  ): Promise<boolean> {
    const r = await tx.q
      .insertInto('puzzle_attempts')
      .values({ user_id: a.userId, puzzle_id: a.puzzleId, solved: a.solved ? 1 : 0, rated: a.rated ? 1 : 0, at: a.at })
      .onConflict((oc) => oc.columns(['user_id', 'puzzle_id']).doNothing())
      .executeTakeFirst();
    return (r.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  /**
   * On PostgreSQL, locks the player's rating in a game and the puzzle's row until the transaction ends, the rating
   * made first (at `start`) when missing, so that two attempts rated at once both count; the puzzle as it is now.
   * SQLite's transactions run one at a time: it only reads the puzzle.
   */
  async lockForRating(
    tx: Tx,
    userId: string,
    game: string,
    puzzleId: string,
    start: PuzzleRating,
  ): Promise<PuzzleRow | undefined> {
    if (tx.kind === 'postgres') {
      await tx.q
        .insertInto('puzzle_ratings')
        .values({ user_id: userId, game, ...start, games: 0 })
        .onConflict((oc) => oc.columns(['user_id', 'game']).doNothing())
        .execute();
      await tx.q
        .selectFrom('puzzle_ratings')
        .select('games')
        .where('user_id', '=', userId)
        .where('game', '=', game)
        .forUpdate()
        .execute();
      return tx.q.selectFrom('puzzles').selectAll().where('id', '=', puzzleId).forUpdate().executeTakeFirst();
    }
    return this.byId(puzzleId, tx);
  }

  /** Sets a player's puzzle rating in a game (made when missing). */
  async setRating(tx: Tx, userId: string, game: string, r: PuzzleRating): Promise<void> {
    await tx.q
      .insertInto('puzzle_ratings')
      .values({ user_id: userId, game, rating: r.rating, rd: r.rd, vol: r.vol, games: r.games })
      .onConflict((oc) =>
        oc.columns(['user_id', 'game']).doUpdateSet((eb) => ({
          rating: eb.ref('excluded.rating'),
          rd: eb.ref('excluded.rd'),
          vol: eb.ref('excluded.vol'),
          games: eb.ref('excluded.games'),
        })),
      )
      .execute();
  }

  /** Sets a puzzle's rating after a rated attempt, and counts the attempt in its plays. */
  async ratePuzzle(tx: Tx, id: string, r: { rating: number; rd: number; vol: number }): Promise<void> {
    await tx.q
      .updateTable('puzzles')
      .set((eb) => ({ rating: r.rating, rd: r.rd, vol: r.vol, plays: eb('plays', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** The snapshots of a game's finished games, oldest first, at most `limit` (what the puzzle miners read). */
  async finishedGames(game: string, limit: number): Promise<{ id: string; snapshot: string | null }[]> {
    return this.store.q
      .selectFrom('games')
      .select(['id', 'snapshot'])
      .where('game', '=', game)
      .where('status', '=', 'finished')
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }
}
