/**
 * A finished game with hidden pieces, opened on the analysis board from its replay, is seen one of two ways: as a
 * seat knew it during the game (its link names the seat; the board shows that seat's view), or with every piece known,
 * as everyone may know it once the game is over. Junqi's 暗棋 record becomes 明棋 for the second: the same deployments
 * and moves with every piece face up, so the engine, too, sees them all.
 */
import type { GameId } from '@qiyuan/core';

/**
 * The record of a finished game with every piece face up, or undefined when there is no such record: a game other
 * than Junqi 暗棋 (in 翻棋 the face-down pieces were unknown to every player, and are the same on the board).
 */
export const everyPieceKnown = (game: GameId, record: string): string | undefined => {
  if (game !== 'junqi') return undefined;
  const [head = '', ...rest] = record.split('\n');
  const m = /^junqi (\{.*\})\s*$/.exec(head);
  if (!m) return undefined;
  let options: Record<string, unknown>;
  try {
    options = JSON.parse(m[1]!) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (options.mode !== 'hidden' || options.variant === 'landlord') return undefined;
  return [`junqi ${JSON.stringify({ ...options, mode: 'open' })}`, ...rest].join('\n');
};
