export * from './board.js';
export * from './svg.js';
