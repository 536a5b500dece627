import { actingSeats, type Game, type GameId, type Seat } from '@qiyuan/core';
import { type LocalMode, type LocalSave, newId, writeSave } from './saves.js';

/**
 * A game on this device that starts where an analysis board stands: its snapshot is the position with the moves
 * that led there, so the game page resumes it as it resumes any save (and takes moves back past where it began).
 * Against the AI the player takes the side to move and the AI every other seat.
 */
export const continueFrom = (
  game: GameId,
  position: Game,
  mode: LocalMode,
  options: Readonly<Record<string, string>>,
  level: number,
): LocalSave | undefined => {
  if (position.outcome()) return undefined;
  const acting = actingSeats(position.turn());
  const human: Seat = acting.find((s) => position.legalMoves(s).length > 0) ?? acting[0] ?? 0;
  const now = Date.now();
  const save: LocalSave = {
    id: newId(),
    game,
    mode,
    options,
    snapshot: position.snapshot(),
    aiSeats: mode === 'ai' ? Array.from({ length: position.seatCount }, (_, i) => i).filter((s) => s !== human) : [],
    level,
    created: now,
    updated: now,
  };
  writeSave(save);
  return save;
};
