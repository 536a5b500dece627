import { type Game, Rng, type Seat } from '@qiyuan/core';

/**
 * Who plays the AI seats. The server hands the provider a copy of the game
 * (never the live one) and the seat, and gets a move in the game's notation.
 * `startServer({ ai })` accepts any provider: the AI package's worker pool
 * plugs in here. The built-in fallback plays a uniformly random legal move
 * (level is ignored), so that AI seats of every engine always move.
 */
export interface AiProvider {
  choose(game: Game, seat: Seat, level: number): Promise<string | undefined>;
  close?(): Promise<void>;
}

export const randomAi = (seed = Date.now()): AiProvider => {
  const rng = Rng.fromSeed(seed | 0);
  return {
    async choose(game, seat) {
      const moves = game.legalMoves(seat);
      if (moves.length === 0) return undefined;
      return game.moveToString(moves[rng.int(0, moves.length - 1)]);
    },
  };
};
