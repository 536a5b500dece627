import { parentPort } from 'node:worker_threads';
import { answer } from './answer.js';

/** The worker-thread side of `AiPool`: one request in, one reply out. */
parentPort?.on('message', (request: unknown) => {
  parentPort?.postMessage(answer(request));
});
