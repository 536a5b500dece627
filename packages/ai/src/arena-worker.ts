import { parentPort } from 'node:worker_threads';
import { type ArenaGameSpec, playArenaGame } from './arena.js';

/** An arena worker: plays whole games, one per message. */
parentPort?.on('message', (spec: ArenaGameSpec) => {
  parentPort?.postMessage(playArenaGame(spec));
});
