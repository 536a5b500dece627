export * from './clock.js';
export * from './messages.js';
