import type { GameId } from '@qiyuan/core';
import type { AnalysisGame } from './games/types.js';

export type { AnalysisGame };

/**
 * The analysis board's table of games: what it knows of each beyond the game's web module (./games/<game>.ts), each
 * a chunk of its own that the page loads with the game's module. One entry per game id — a game without one does
 * not compile; the pages read it and never ask which game it is. A board shows one game: Junqi's board fetched the
 * other three games' entries with their refusals' details (about 1.4 KB gzip) for nothing.
 */
export const ANALYSIS_GAMES: { readonly [K in GameId]: () => Promise<AnalysisGame> } = {
  hive: async () => (await import('./games/hive.js')).hiveAnalysis,
  junqi: async () => (await import('./games/junqi.js')).junqiAnalysis,
  abalone: async () => (await import('./games/abalone.js')).abaloneAnalysis,
  'chinese-checkers': async () => (await import('./games/chinese-checkers.js')).chineseCheckersAnalysis,
};

const loaded: { [K in GameId]?: AnalysisGame } = {};

/** Loads the analysis entry of `game` (once); the page draws the game's board only after it is in. */
export const loadAnalysisGame = async (game: GameId): Promise<AnalysisGame> =>
  (loaded[game] ??= await ANALYSIS_GAMES[game]());

/**
 * The analysis entry of `game`, loaded before (`loadAnalysisGame`): what reads it runs on the board of that game,
 * drawn once its entry and module are in.
 */
export const analysisGame = (game: GameId): AnalysisGame => {
  const entry = loaded[game];
  if (!entry) throw new Error(`${game}: the analysis entry is not loaded`);
  return entry;
};
