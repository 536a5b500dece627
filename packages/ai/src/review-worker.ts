import { parentPort } from 'node:worker_threads';
import { runReviewJob } from './analysis/review-job.js';

/** The worker-thread side of `ReviewPool`: one finished game in, its review out. */
parentPort?.on('message', (job: unknown) => {
  parentPort?.postMessage(runReviewJob(job));
});
