export * from './clock.js';
export * from './fairness.js';
export * from './messages.js';
export * from './record-headers.js';
export * from './refusals.js';
export * from './server-frames.js';
export * from './tournament.js';
export * from './turns.js';
