import { parseGame, SoloArrival } from '@qiyuan/chinese-checkers';
import { ok } from '@qiyuan/core';
import { arrivalSearchFor } from '../chinese-checkers-puzzles.js';
import type { PuzzleJudge } from '../puzzles.js';

/**
 * Chinese Checkers puzzles, shortest arrival: a record with a `Setup` tag (the side to move solves), played as the
 * solo game (the solver moves alone, the other colour's pieces stand still). Goal `home`: every piece in the goal.
 * Any move is right while the arrival search proves every piece can still be home in the moves left — any shortest
 * line counts, not only the stored one; a move after which that is impossible fails the puzzle.
 */
export const chineseCheckersPuzzleJudge: PuzzleJudge = {
  game: 'chinese-checkers',
  open: (position) => {
    const read = parseGame(position);
    return read.ok ? ok(new SoloArrival(read.value)) : read;
  },
  goals: ['home'],
  reached: (_goal, now) => now instanceof SoloArrival && now.arrived(),
  reachable: (_goal, now, _start, _solver, movesLeft) => {
    if (!(now instanceof SoloArrival)) return false;
    const search = arrivalSearchFor(now.layout(), now.options.jump);
    return search.ok && search.value.arrivesWithin(movesLeft);
  },
};
