export * from './ai.js';
export * from './clock.js';
export * from './games.js';
export * from './hub.js';
export { setRoleFromConsole } from './moderation.js';
export * from './ratings.js';
export * from './room.js';
export * from './server.js';
export * from './store.js';
