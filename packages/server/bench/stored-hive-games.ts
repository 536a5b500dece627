import { storedGames } from '../src/puzzle-sources.js';
import { openStore } from '../src/store.js';

/**
 * Prints the store's finished Hive games as GameStrings, one a line, for the puzzle miner:
 *
 *     DATABASE_URL=… npx tsx packages/server/bench/stored-hive-games.ts > games.txt   (or QIYUAN_DATA_DIR=…)
 *     npx tsx packages/ai/bench/mine-hive-puzzle-set.ts 0 1 games.txt > found.jsonl
 */
const store = await openStore({
  databaseUrl: process.env.DATABASE_URL ?? '',
  dataDir: process.env.QIYUAN_DATA_DIR ?? './data',
});
const { games, skipped } = await storedGames(store, 'hive');
for (const g of games) process.stdout.write(`${g}\n`);
for (const s of skipped) process.stderr.write(`skipped ${s.id}: ${s.reason}\n`);
await store.close();
