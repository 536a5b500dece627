import { parentPort } from 'node:worker_threads';
import { computePairing, type PairingJob } from './pairing-job.js';

/** The pairing worker: answers each job with its id, one at a time. */
parentPort?.on('message', (m: { id: number; job: PairingJob }) => {
  parentPort?.postMessage({ id: m.id, answer: computePairing(m.job) });
});
