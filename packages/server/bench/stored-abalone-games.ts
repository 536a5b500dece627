import { storedGames } from '../src/puzzle-sources.js';
import { openStore } from '../src/store.js';

/**
 * Prints the store's finished Abalone games as records, one after another, for the puzzle miner:
 *
 *     DATABASE_URL=… npx tsx packages/server/bench/stored-abalone-games.ts > abalone-games.txt   (or QIYUAN_DATA_DIR=…)
 *     npx tsx packages/ai/bench/mine-abalone-puzzles.ts 0 1 abalone-games.txt > found.jsonl
 */
const store = await openStore({
  databaseUrl: process.env.DATABASE_URL ?? '',
  dataDir: process.env.QIYUAN_DATA_DIR ?? './data',
});
const { games, skipped } = await storedGames(store, 'abalone');
for (const g of games) process.stdout.write(g);
for (const s of skipped) process.stderr.write(`skipped ${s.id}: ${s.reason}\n`);
await store.close();
