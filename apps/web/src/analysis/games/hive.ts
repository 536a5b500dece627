import type { Game, GameDefinition } from '@qiyuan/core';
import { refusedMove } from '../refusal-moves.js';
import type { AnalysisRefusal } from '../refusals.js';
import type { StartSpec } from '../start.js';
import type { AnalysisGame } from './types.js';

/** A Hive MoveString: a tile (`wS1`, `bQ`), then where it goes (`-wS1`, `bG1/`, `wQ`), or a pass. */
const HIVE_MOVE = /^(pass|[wb][QSBGAMLPTFWDKC][1-3]?(\s+\S+)?)$/;

/**
 * Whether a text refused as a Hive game is moves alone (one a line or after `;`, numbered or not): a list copied from
 * elsewhere without the game type, state and turn a game string starts with.
 */
const hiveMovesOnly = (text: string): boolean => {
  const parts = text
    .split(/[;\r\n]+|\s+(?=\d+\.\s)/)
    .map((part) => part.replace(/^\s*\d+\.\s*/, '').trim())
    .filter((part) => part !== '');
  return parts.length > 0 && parts.every((part) => HIVE_MOVE.test(part));
};

/**
 * The move of a Hive GameString (`GameType;State;Turn;move;move…`) that cannot be read or played: its moves played
 * one by one on the game type's empty board, as the engine reads them.
 */
const hiveMoveRefusal = (def: GameDefinition, spec: StartSpec): Omit<AnalysisRefusal, 'reason'> | undefined => {
  const [type, , , ...moves] = spec.position
    .trim()
    .split(';')
    .map((part) => part.trim());
  const start = def.parseGame(`${type};NotStarted;White[1]`);
  return start.ok ? refusedMove(start.value, moves) : undefined;
};

/**
 * A Hive setup names the side to move and its turn (`Black[4]`: White and Black have each played three turns, so the
 * next move is the eighth), and the tree goes on from there, as a chess board numbers from a FEN's move number.
 */
const setupPlies = (root: Game): number => {
  // a GameString or setup string: GameType;State;Turn;…, the turn as White[5] or Black[5]
  const turn = /^(White|Black)\[(\d+)\]$/.exec(root.positionToString().split(';')[2]?.trim() ?? '');
  if (!turn) return 0;
  const before = 2 * (Number(turn[2]) - 1) + (turn[1] === 'Black' ? 1 : 0);
  // the turn counts the recorded plies too (a game read from its moves starts at White[1] all the same)
  return Math.max(0, before - root.ply);
};

/** Hive on the analysis board: its board draws its own arrows (its empty cells have no element to find). */
export const hiveAnalysis: AnalysisGame = {
  scale: 150,
  beliefs: false,
  setupPlies,
  editorPosition: (position) => position.positionToString(),
  startRefusal: (spec, error, def) => {
    // the engine's reason would only say the first move is no game type: the page says what is missing, in words
    if ((error.code === 'bad-game-type' || error.code === 'bad-record') && hiveMovesOnly(spec.position))
      return { code: 'hive-moves-only', params: { example: 'Base+MLP;InProgress;White[2];wS1;bS1 wS1-' } };
    if (error.code === 'game-string-move' && def) {
      const move = hiveMoveRefusal(def, spec);
      if (move) return { ...move, reason: error.reason };
    }
    return undefined;
  },
};
