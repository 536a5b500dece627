import { parseGameString } from '@qiyuan/hive';
import type { PuzzleJudge } from '../puzzles.js';

/** Hive puzzles: a UHP GameString; the goal is the win (the enemy queen closed in). */
export const hivePuzzleJudge: PuzzleJudge = {
  game: 'hive',
  open: (position) => parseGameString(position),
  goals: ['win'],
  reached: (_goal, now, _start, solver) => now.outcome()?.results[solver] === 'win',
};
