import { fail, type Game, type JsonValue, ok, type Result } from '@qiyuan/core';
import type { AnyDefinition } from './games.js';
import { replayChange } from './room-replay.js';

/**
 * How a game's row holds the game: the snapshot of a checkpoint and the moves played since, one line of JSON each
 * (the data of each move's event), which `gameOfRow` replays. The room writes a new checkpoint with every change but a
 * move that leaves the game going, and after `CHECKPOINT_MOVES` moves; a finished or aborted game's row is always a
 * checkpoint with nothing since.
 */
export interface StoredPosition {
  readonly snapshot: string | null;
  readonly moves_since?: string | null;
}

/** Moves between two checkpoints: a move then serializes the whole game once in 32 (and a restore replays at most 31). */
export const CHECKPOINT_MOVES = 32;

/** The moves since the checkpoint, as the row holds them. */
export const movesSince = (row: StoredPosition): JsonValue[] =>
  (row.moves_since ?? '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as JsonValue);

/** The game at a checkpoint with the moves since replayed on it; the reason when either fails. */
export const gameAt = (def: AnyDefinition, snapshot: string, moves: readonly JsonValue[]): Result<Game> => {
  const game = def.fromSnapshot(JSON.parse(snapshot));
  if (!game.ok) return game;
  for (const [i, data] of moves.entries()) {
    if (!replayChange(game.value, data))
      return fail('bad-replay', `move ${i + 1} since the checkpoint does not replay`);
  }
  return ok(game.value);
};

/** The game a row holds now: its checkpoint, with the moves since replayed. */
export const gameOfRow = (def: AnyDefinition, row: StoredPosition): Result<Game> =>
  row.snapshot === null
    ? fail('no-snapshot', 'the game has no stored position')
    : gameAt(def, row.snapshot, movesSince(row));
