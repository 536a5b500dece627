/**
 * A finished game with hidden pieces, opened on the analysis board from its replay, is seen one of two ways: as a
 * seat knew it during the game (its link names the seat; the board shows that seat's view), or with every piece known,
 * as everyone may know it once the game is over. A game whose record can show every piece says how (Junqi's 暗棋
 * record becomes 明棋) in a module of its own (games/<game>-known.ts), listed here: a replay offers the choice too, and
 * the analysis board's table of games (games.ts, every game's entry with its refusals' details) is no part of a replay.
 */
import type { GameId } from '@qiyuan/core';
import { junqiEveryPieceKnown } from './games/junqi-known.js';

const EVERY_PIECE_KNOWN: { readonly [K in GameId]?: (record: string) => string | undefined } = {
  junqi: junqiEveryPieceKnown,
};

/** The record of a finished game with every piece face up, or undefined when the game has no such record. */
export const everyPieceKnown = (game: GameId, record: string): string | undefined => EVERY_PIECE_KNOWN[game]?.(record);
