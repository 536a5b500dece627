import { parentPort, workerData } from 'node:worker_threads';
import './registry.js';
import { type HelperInit, type HelperJob, helperWork } from './smp.js';

/** A Lazy SMP helper thread in Node (`smp-node.ts` starts it): `helperWork` on each job the main thread posts. */
const { init, index } = workerData as { init: HelperInit; index: number };
const work = helperWork(init, index);
parentPort?.on('message', (job: HelperJob) => work(job));
// Loaded and listening: the factory's `ready` settles on this.
parentPort?.postMessage('ready');
