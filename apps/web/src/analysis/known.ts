/**
 * A finished game with hidden pieces, opened on the analysis board from its replay, is seen one of two ways: as a
 * seat knew it during the game (its link names the seat; the board shows that seat's view), or with every piece known,
 * as everyone may know it once the game is over. A game whose record can show every piece says how (Junqi's 暗棋
 * record becomes 明棋) in its analysis entry (games/<game>.ts).
 */
import type { GameId } from '@qiyuan/core';
import { ANALYSIS_GAMES } from './games.js';

/** The record of a finished game with every piece face up, or undefined when the game has no such record. */
export const everyPieceKnown = (game: GameId, record: string): string | undefined =>
  ANALYSIS_GAMES[game].everyPieceKnown?.(record);
