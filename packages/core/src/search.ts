import type { Outcome, Seat } from './game.js';

/**
 * The fast path an engine offers to search (the AI, perft): moves are trusted
 * to be legal, nothing is validated or redacted, and nothing is allocated per
 * node where the engine can avoid it. A `Game` checks everything at its edge;
 * a `Searchable` is what sits behind it.
 */
export interface Searchable<M> {
  /** The seat to move; -1 when the game is over or in a phase search does not cover. */
  sideToMove(): Seat;
  /**
   * The legal moves of the side to move. The array may be reused by the engine:
   * it is valid until the next `makeMove`/`unmakeMove`, so copy it to keep it.
   */
  generateMoves(): readonly M[];
  makeMove(move: M): void;
  unmakeMove(): void;
  /** The Zobrist hash of the position (side to move included) as two uint32 halves, kept incrementally. */
  hashLo(): number;
  hashHi(): number;
  outcome(): Outcome | undefined;
}
