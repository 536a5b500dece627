export * from './alphabeta.js';
export * from './ismcts.js';
export * from './tt.js';
