import type { GameId } from '@qiyuan/core';
import { engines } from './games.js';
import { PuzzleRepository } from './repos/puzzles.js';
import type { Store } from './store.js';
import { gameOfRow } from './stored-game.js';

/**
 * Stored games as a source of puzzles: every finished game of `game` in the store as its whole-game record (the
 * engine's `exportGame`: Hive's UHP GameString, Abalone's record with any set-up position in its `Setup` tag), for
 * the game's miner (`packages/ai/bench/mine-<game>-…`), which walks each one from its start. A row that cannot be
 * restored is left out with its reason.
 */
export const storedGames = async (
  store: Store,
  game: GameId,
  limit = 10_000,
): Promise<{ games: string[]; skipped: { id: string; reason: string }[] }> => {
  const def = engines[game];
  const rows = await new PuzzleRepository(store).finishedGames(game, limit);
  const games: string[] = [];
  const skipped: { id: string; reason: string }[] = [];
  for (const row of rows) {
    const restored = gameOfRow(def, row);
    if (restored.ok) games.push(def.exportGame(restored.value));
    else skipped.push({ id: row.id, reason: restored.error.reason });
  }
  return { games, skipped };
};
