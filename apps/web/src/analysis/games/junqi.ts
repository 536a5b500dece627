import type { AnalysisGame } from './types.js';

/** Junqi's first preset deployment, the board's start when the editor gave none (the engine checks the name). */
export const JUNQI_PRESET = 'classic';

/**
 * A finished 暗棋 game opened with every piece known: its record becomes 明棋, the same deployments and moves with
 * every piece face up, so the engine, too, sees them all (in 翻棋 the face-down pieces were unknown to every player,
 * and are the same on the board; 三打一 deals its armies).
 */
const everyPieceKnown = (record: string): string | undefined => {
  const [head = '', ...rest] = record.split('\n');
  const m = /^junqi (\{.*\})\s*$/.exec(head);
  if (!m) return undefined;
  let options: Record<string, unknown>;
  try {
    options = JSON.parse(m[1]!) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (options.mode !== 'hidden' || options.variant === 'landlord') return undefined;
  return [`junqi ${JSON.stringify({ ...options, mode: 'open' })}`, ...rest].join('\n');
};

/**
 * Junqi on the analysis board: every piece is face up, since the board belongs to one person — it is always played
 * open (明棋) and starts deployed (a preset unless the editor gave each army its setup), so the engine sees the whole
 * position as the player does. Its engine searches the hidden ranks as a seat may believe them.
 */
export const junqiAnalysis: AnalysisGame = {
  scale: 600,
  beliefs: true,
  everyPieceKnown,
  pointElement: (board, name) => board.querySelector(`.jq-pt[data-point="${CSS.escape(name)}"]`) ?? undefined,
  boardOptions: (options) => ({ ...options, mode: 'open', setup: options.setup || JUNQI_PRESET }),
};
