export * from './bench.js';
export * from './game.js';
export * from './hex.js';
export * from './json.js';
export * from './perft.js';
export * from './random.js';
export * from './result.js';
export * from './search.js';
