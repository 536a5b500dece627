import type { Store } from './store.js';

/**
 * A player's puzzles as their profile shows them: the puzzle rating of each game they have rated attempts in (public,
 * as on lichess), and, for the player alone, their latest attempts with each puzzle's rating now.
 */

export interface PuzzleRatingView {
  readonly game: string;
  readonly rating: number;
  readonly rd: number;
  /** Rated attempts (only a player's first attempt at a puzzle is rated). */
  readonly attempts: number;
  readonly provisional: boolean;
}

export interface PuzzleAttemptView {
  readonly puzzleId: string;
  readonly game: string;
  readonly solved: boolean;
  readonly rated: boolean;
  readonly at: number;
  /** The puzzle's rating now (it moves as players try it). */
  readonly puzzleRating: number;
}

/** How many of a player's latest attempts the profile lists. */
export const RECENT_ATTEMPTS = 20;

export const puzzleRatingsOf = async (store: Store, userId: string): Promise<PuzzleRatingView[]> => {
  const rows = await store.all<{ game: string; rating: number; rd: number; games: number }>(
    'SELECT game, rating, rd, games FROM puzzle_ratings WHERE user_id = ? AND games > 0 ORDER BY game',
    [userId],
  );
  return rows.map((r) => ({
    game: r.game,
    rating: Math.round(Number(r.rating)),
    rd: Math.round(Number(r.rd)),
    attempts: Number(r.games),
    provisional: Number(r.rd) > 110,
  }));
};

export const recentAttemptsOf = async (store: Store, userId: string): Promise<PuzzleAttemptView[]> => {
  const rows = await store.all<{
    puzzle_id: string;
    game: string;
    solved: number | boolean;
    rated: number | boolean;
    at: number;
    rating: number;
  }>(
    `SELECT puzzle_attempts.puzzle_id, puzzles.game, puzzle_attempts.solved, puzzle_attempts.rated,
       puzzle_attempts.at, puzzles.rating
     FROM puzzle_attempts JOIN puzzles ON puzzles.id = puzzle_attempts.puzzle_id
     WHERE puzzle_attempts.user_id = ? ORDER BY puzzle_attempts.at DESC, puzzle_attempts.puzzle_id LIMIT ?`,
    [userId, RECENT_ATTEMPTS],
  );
  return rows.map((r) => ({
    puzzleId: r.puzzle_id,
    game: r.game,
    solved: Boolean(Number(r.solved)),
    rated: Boolean(Number(r.rated)),
    at: Number(r.at),
    puzzleRating: Math.round(Number(r.rating)),
  }));
};
