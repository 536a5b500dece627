import type { GameId, Result, Seat } from '@qiyuan/core';
import type { CanPlay } from './policy.js';

/** What the bot asks its player for: a move for `seat` in the game the stream describes. */
export interface MoveRequest {
  readonly game: GameId;
  readonly options: Readonly<Record<string, unknown>>;
  /** The moves so far, in the game's record notation. */
  readonly moves: readonly string[];
  readonly seat: Seat;
  /** Time the move may take (ms), worked out from the clock (budget.ts). */
  readonly budgetMs: number;
  /**
   * For a game that hides information (Junqi), what the seat's stream showed: its own view, the plies as it may read
   * them and its legal moves. The moves alone do not tell such a position, and nothing more is known.
   */
  readonly seen?: SeatSeen;
}

export interface SeatSeen {
  readonly view: unknown;
  readonly records: readonly unknown[];
  readonly legal: readonly string[];
}

/**
 * The one who actually thinks: a UHP engine or a built-in AI level. `canPlay` says, before a challenge is accepted,
 * whether it can play a game with those options; `choose` answers one move, in the game's notation, or why not.
 */
export interface BotPlayer {
  /** For the log: the engine's id line or the level's name. */
  readonly name: string;
  readonly canPlay: CanPlay;
  choose(request: MoveRequest): Promise<Result<string>>;
  close(): Promise<void>;
}
