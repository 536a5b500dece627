/**
 * The moves on the board each seat has made in an online game, as the page knows the game: what berserk (open until
 * a player's first move on the board) and a take-back (of a move on the board, never of a Junqi deployment or a Hive
 * roster choice) ask — the server's rule, `Game.isBoardMove`.
 */
import type { Game, PlayRecord, Seat } from '@qiyuan/core';

/**
 * Whether a record, as this viewer knows it, is a move on the board, for a game the page cannot replay (hidden
 * information): the engine's own reading of a record (`Game.isBoardRecord`), with `game` a fresh game of the same
 * options. A game without that reading counts every ply.
 */
export const isBoardRecord = (game: Game, record: PlayRecord): boolean => game.isBoardRecord?.(record) ?? true;

/**
 * Each seat's moves on the board in `records` (the server's, as this viewer knows them): each ply judged by `replica`
 * (the game replayed from its public record, at least as far) when the page has one, by the engine itself; otherwise
 * read from the record (`isBoardRecord`, with `fresh`, a new game of the options).
 */
export const boardMovesShown = (
  seatCount: number,
  records: readonly PlayRecord[],
  replica: Game | undefined,
  fresh: Game | undefined,
): number[] => {
  const counts = new Array<number>(seatCount).fill(0);
  for (const [p, r] of records.entries()) {
    if (r.seat < 0 || r.seat >= seatCount) continue;
    const onBoard = replica ? (replica.isBoardMove?.(p) ?? true) : fresh === undefined || isBoardRecord(fresh, r);
    if (onBoard) counts[r.seat] = (counts[r.seat] ?? 0) + 1;
  }
  return counts;
};

/** Whether `seat` has made a move on the board (`moves`: each seat's, from `boardMovesShown`). */
export const hasBoardMove = (moves: readonly number[], seat: Seat): boolean => (moves[seat] ?? 0) > 0;
