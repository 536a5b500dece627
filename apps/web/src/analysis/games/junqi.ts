import type { AnalysisGame } from './types.js';

/** Junqi's first preset deployment, the board's start when the editor gave none (the engine checks the name). */
export const JUNQI_PRESET = 'classic';

/**
 * Junqi on the analysis board: every piece is face up, since the board belongs to one person — it is always played
 * open (明棋) and starts deployed (a preset unless the editor gave each army its setup), so the engine sees the whole
 * position as the player does. Its engine searches the hidden ranks as a seat may believe them.
 */
export const junqiAnalysis: AnalysisGame = {
  scale: 600,
  beliefs: true,
  pointElement: (board, name) => board.querySelector(`.jq-pt[data-point="${CSS.escape(name)}"]`) ?? undefined,
  boardOptions: (options) => ({ ...options, mode: 'open', setup: options.setup || JUNQI_PRESET }),
};
