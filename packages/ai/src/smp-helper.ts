import { parentPort, workerData } from 'node:worker_threads';
import { AlphaBeta } from './alphabeta.js';
import './registry.js';
import { type HelperInit, type HelperJob, helperSubject } from './smp.js';

/**
 * A Lazy SMP helper thread (`smp-node.ts` starts it): it searches each job's root over the shared table until the
 * main thread's answer changes the epoch, then writes how many nodes it searched. Its own answer goes nowhere; its
 * table entries are its help.
 */
const { init, index } = workerData as { init: HelperInit; index: number };
const subject = helperSubject(init.game);
const spec = subject?.spec(init.evaluation);
const control = new Int32Array(init.control);
const searcher = spec ? new AlphaBeta(spec, init.bits, init.table) : undefined;

parentPort?.on('message', (job: HelperJob) => {
  // A job whose search has already ended (the helper was busy or still starting) is skipped.
  if (!searcher || !subject || Atomics.load(control, 0) !== job.epoch) return;
  const pos = subject.restore(job.snapshot);
  if (!pos) return;
  const r = searcher.search(pos, {
    ...(job.depth !== undefined ? { depth: job.depth } : {}),
    reduce: true,
    signal: { cells: control, epoch: job.epoch },
    helper: { index, generation: job.generation },
  });
  Atomics.store(control, index, r.nodes);
});
// Loaded and listening: the factory's `ready` settles on this.
parentPort?.postMessage('ready');
