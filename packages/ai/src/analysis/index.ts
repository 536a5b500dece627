export * from './analyse.js';
export * from './analysis-threads.js';
export * from './review.js';
export * from './review-job.js';
export * from './score.js';
export * from './subjects.js';
