import type { Game } from './game.js';

/**
 * Reference perft over the public contract: slow, but independent of each
 * engine's fast path, so tests can check one against the other.
 */
export const perftOverContract = <M>(game: Game<M>, depth: number): number => {
  if (depth === 0) return 1;
  if (game.outcome()) return 0;
  const moves = game.legalMoves();
  if (depth === 1) return moves.length;
  let total = 0;
  for (const move of moves) {
    const played = game.play(move);
    if (!played.ok) throw new Error(`legal move refused: ${game.moveToString(move)}: ${played.error.reason}`);
    total += perftOverContract(game, depth - 1);
    const undone = game.undo();
    if (!undone.ok) throw new Error(undone.error.reason);
  }
  return total;
};
