import type { Game } from '@qiyuan/core';
import type { AnalysisRefusal } from './refusals.js';
import { playLine } from './start.js';

/** A `[Setup "…"]` tag's value in a record, if the text has one. */
export const setupTag = (text: string): string | undefined => /^\[Setup "([^"]*)"\]/m.exec(text)?.[1];

/**
 * The first of `moves` that `start` refuses when they are played one by one: the move as written, its number from
 * one and the engine's own code and reason as the cause; none when every move plays.
 */
export const refusedMove = (start: Game, moves: readonly string[]): Omit<AnalysisRefusal, 'reason'> | undefined => {
  const failed = playLine(start, moves).failed;
  if (!failed) return undefined;
  return {
    code: 'move-refused',
    params: { move: moves[failed.index] ?? '', ply: failed.index + 1 },
    cause: { code: failed.code, reason: failed.reason },
  };
};
