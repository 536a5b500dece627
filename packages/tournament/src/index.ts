/**
 * @qiyuan/tournament: pairing, scoring and tiebreaks for Swiss, round-robin, arena, knockout and table
 * tournaments. Pure and deterministic; every value in and out is plain JSON.
 */

export {
  ARENA_DRAW,
  ARENA_WIN,
  type ArenaGameFacts,
  arenaGamePoints,
  BERSERK_BONUS,
  BERSERK_MIN_MOVES,
  isQuickDraw,
  QUICK_DRAW_MOVES,
  STREAK_AFTER,
} from './arena.js';
export { seedPlaces } from './knockout.js';
export { randomUmpire, type Simulation, simulate, type Umpire } from './simulate.js';
export { SUDDEN_DEATH_GAMES, tablePoints } from './spec.js';
export { tiebreakOrder } from './standings.js';
export { colourNeed } from './swiss.js';
export {
  bracket,
  gamesToPlay,
  isFinished,
  isRoundComplete,
  nextRound,
  pairAvailable,
  placementPoints,
  plannedRounds,
  standings,
  teamEntrants,
  validateSpec,
} from './tournament.js';
export type * from './types.js';
