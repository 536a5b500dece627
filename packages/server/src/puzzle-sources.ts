import { abalone, exportAbaloneGame } from '@qiyuan/abalone';
import { hive } from '@qiyuan/hive';
import { PuzzleRepository } from './repos/puzzles.js';
import type { Store } from './store.js';

/**
 * Stored games as a source of puzzles: every finished Hive game of the store as a UHP GameString (its whole move
 * list), for the miner (`packages/ai/bench/mine-hive-puzzle-set.ts`), which walks each one from its start. A row
 * that cannot be restored is left out with its reason.
 */
export const storedHiveGames = async (
  store: Store,
  limit = 10_000,
): Promise<{ games: string[]; skipped: { id: string; reason: string }[] }> => {
  const rows = await new PuzzleRepository(store).finishedGames('hive', limit);
  const games: string[] = [];
  const skipped: { id: string; reason: string }[] = [];
  for (const row of rows) {
    const restored = row.snapshot === null ? undefined : hive.fromSnapshot(JSON.parse(row.snapshot));
    if (restored?.ok) games.push(restored.value.positionToString());
    else skipped.push({ id: row.id, reason: restored ? restored.error.reason : 'no snapshot' });
  }
  return { games, skipped };
};

/**
 * Every finished Abalone game of the store as its record (tags and moves; a set-up position in its `Setup` tag), for
 * the Abalone miner (`packages/ai/bench/mine-abalone-puzzles.ts`), which walks each one from its start.
 */
export const storedAbaloneGames = async (
  store: Store,
  limit = 10_000,
): Promise<{ games: string[]; skipped: { id: string; reason: string }[] }> => {
  const rows = await new PuzzleRepository(store).finishedGames('abalone', limit);
  const games: string[] = [];
  const skipped: { id: string; reason: string }[] = [];
  for (const row of rows) {
    const restored = row.snapshot === null ? undefined : abalone.fromSnapshot(JSON.parse(row.snapshot));
    if (restored?.ok) games.push(exportAbaloneGame(restored.value));
    else skipped.push({ id: row.id, reason: restored ? restored.error.reason : 'no snapshot' });
  }
  return { games, skipped };
};
