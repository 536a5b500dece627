import { AbaloneGame, parseAbaloneGame } from '@qiyuan/abalone';
import type { Game, Seat } from '@qiyuan/core';
import type { PuzzleJudge } from '../puzzles.js';

/** Marbles the solver has pushed off in `g`. */
const pushedOff = (g: Game, solver: Seat): number => (g instanceof AbaloneGame ? g.position.ejected[solver]! : 0);

/**
 * Abalone puzzles: a record with a `Setup` tag (the position; the side to move solves). Goals: `pushOut`, one enemy
 * marble more off the board than in the puzzle's position (or the game won); `win`, the sixth marble off.
 */
export const abalonePuzzleJudge: PuzzleJudge = {
  game: 'abalone',
  open: (position) => parseAbaloneGame(position),
  goals: ['pushOut', 'win'],
  reached: (goal, now, start, solver) =>
    now.outcome()?.results[solver] === 'win' ||
    (goal === 'pushOut' && pushedOff(now, solver) > pushedOff(start, solver)),
};
