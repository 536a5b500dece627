import { PuzzleRepository } from './repos/puzzles.js';
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

// the player's page (player-routes.ts) hands the store; the repository keeps no state, so one is made per request
export const puzzleRatingsOf = async (store: Store, userId: string): Promise<PuzzleRatingView[]> =>
  (await new PuzzleRepository(store).ratingsOf(userId)).map((r) => ({
    game: r.game,
    rating: Math.round(r.rating),
    rd: Math.round(r.rd),
    attempts: r.games,
    provisional: r.rd > 110,
  }));

export const recentAttemptsOf = async (store: Store, userId: string): Promise<PuzzleAttemptView[]> =>
  (await new PuzzleRepository(store).recentAttemptsOf(userId, RECENT_ATTEMPTS)).map((a) => ({
    ...a,
    puzzleRating: Math.round(a.puzzleRating),
  }));
