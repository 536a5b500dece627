import type { Game, GameId } from '@qiyuan/core';
import { analysisGame } from './games.js';

/**
 * The number of the start's next move in the tree. The tree numbers moves by ply (each move its own number), and a
 * position set up by hand may say how far its game has gone (a Hive setup names the side to move and its turn), and
 * the tree goes on from there. The games whose set-up positions name the side to move alone, or whose start is a
 * deployment, number from the first move (or from the ply a read record stopped at).
 */
export const firstPly = (game: GameId, root: Game): number => root.ply + setupPlies(game, root) + 1;

/** Plies the position's own text says were played before the game's first recorded ply (0 when it says none). */
export const setupPlies = (game: GameId, root: Game): number => analysisGame(game).setupPlies?.(root) ?? 0;
