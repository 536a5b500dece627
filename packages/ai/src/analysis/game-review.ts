import type { Game, Result, Searchable } from '@qiyuan/core';
import type { SearchSpec } from '../alphabeta.js';
import type { Thresholds } from './score.js';

/**
 * What analysis needs of one game at one moment: a private fast position to search, the evaluation the AI plays
 * with, and the way back from a search move to the game's notation. Moves are the engine's own search values.
 */
export interface Subject {
  readonly pos: Searchable<unknown>;
  readonly spec: SearchSpec<unknown>;
  /**
   * The name of `spec` among its AI's evaluations (`master@ring`), for helper threads that search with it (Lazy SMP
   * finds a spec by name); absent when it is the AI's own.
   */
  readonly evaluation?: string;
  /** The move in the notation `game.parseMove` reads, written in `game`'s current position. */
  notation(game: Game, move: unknown): string;
  /** The search sees what some players could not (Junqi's hidden ranks): its results are for after the game. */
  readonly fullInformation: boolean;
  readonly thresholds: Thresholds;
}

/**
 * A game's part of analysis and review, reached through its AI's registry entry (`AIS[id].review`); each game keeps
 * its own in `games/<game>-review.ts`. subjects.ts asks it only once a single seat is to move.
 */
export interface GameReview {
  /**
   * The review's thresholds in the game's evaluation units (docs/AI.md, "Review"); `cap` is the largest swing the
   * review's graph shows.
   */
  readonly thresholds: Thresholds;
  /** The engine's fast position behind `game` (a private copy), at any moment, the end included; none before it exists. */
  position(game: Game): Searchable<unknown> | undefined;
  /**
   * The subject of `game` with one seat to move, or why this moment cannot be searched (a roster choice, armies not
   * deployed yet).
   */
  subject(game: Game): Result<Subject>;
}
