import { parentPort } from 'node:worker_threads';
import { answer } from './answer.js';
import { useHelperThreads } from './smp.js';
import { nodeHelperThreads } from './smp-node.js';

// A request may ask an alpha-beta level for more than one thread (Lazy SMP helpers, nested worker threads).
useHelperThreads(nodeHelperThreads);

/** The worker-thread side of `AiPool`: one request in, one reply out. */
parentPort?.on('message', (request: unknown) => {
  parentPort?.postMessage(answer(request));
});
