import { parentPort } from 'node:worker_threads';
import { type ArenaGameSpec, playArenaGame } from './arena.js';
import { useHelperThreads } from './smp.js';
import { nodeHelperThreads } from './smp-node.js';

// A request may ask an alpha-beta level for more than one thread (Lazy SMP helpers, nested worker threads).
useHelperThreads(nodeHelperThreads);

/** An arena worker: plays whole games, one per message. */
parentPort?.on('message', (spec: ArenaGameSpec) => {
  parentPort?.postMessage(playArenaGame(spec));
});
