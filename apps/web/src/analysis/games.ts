import type { GameId } from '@qiyuan/core';
import { abaloneAnalysis } from './games/abalone.js';
import { chineseCheckersAnalysis } from './games/chinese-checkers.js';
import { hiveAnalysis } from './games/hive.js';
import { junqiAnalysis } from './games/junqi.js';
import type { AnalysisGame } from './games/types.js';

export type { AnalysisGame };

/**
 * The analysis board's table of games: what it knows of each beyond the game's web module (./games/<game>.ts). One
 * entry per game id — a game without one does not compile; the pages read it and never ask which game it is.
 */
export const ANALYSIS_GAMES: { readonly [K in GameId]: AnalysisGame } = {
  hive: hiveAnalysis,
  junqi: junqiAnalysis,
  abalone: abaloneAnalysis,
  'chinese-checkers': chineseCheckersAnalysis,
};
