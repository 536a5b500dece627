import type { Game, GameId } from '@qiyuan/core';

/**
 * The number of the start's next move in the tree. The tree numbers moves by ply (each move its own number), and a
 * position set up by hand may say how far its game has gone: a Hive setup names the side to move and its turn
 * (`Black[4]`: White and Black have each played three turns, so the next move is the eighth), and the tree goes on
 * from there, as a chess board numbers from a FEN's move number. Abalone's and Chinese Checkers' set-up positions name
 * the side to move alone and Junqi's start is a deployment, so theirs number from the first move (or from the ply a
 * read record stopped at).
 */
export const firstPly = (game: GameId, root: Game): number => root.ply + setupPlies(game, root) + 1;

/** Plies the position's own text says were played before the game's first recorded ply (0 when it says none). */
export const setupPlies = (game: GameId, root: Game): number => {
  if (game !== 'hive') return 0;
  // a GameString or setup string: GameType;State;Turn;…, the turn as White[5] or Black[5]
  const turn = /^(White|Black)\[(\d+)\]$/.exec(root.positionToString().split(';')[2]?.trim() ?? '');
  if (!turn) return 0;
  const before = 2 * (Number(turn[2]) - 1) + (turn[1] === 'Black' ? 1 : 0);
  // the turn counts the recorded plies too (a game read from its moves starts at White[1] all the same)
  return Math.max(0, before - root.ply);
};
