import {
  type ChineseCheckersOptions,
  formatMove,
  type JumpRule,
  type Layout,
  type PointId,
  parseOptions,
  parsePosition,
  seatCorners,
} from '@qiyuan/chinese-checkers';
import { fail, ok, type Result } from '@qiyuan/core';
import { type ArrivalMove, ArrivalSearch, arrivalGoal } from './chinese-checkers-arrival.js';

/**
 * Chinese Checkers puzzles ("shortest arrival", see chinese-checkers-arrival.ts for the rule): their shape, the
 * committed set (puzzles/chinese-checkers.json, built by bench/mine-cc-puzzles.ts and re-proven by
 * test/chinese-checkers-puzzle-set.test.ts), and the search a puzzle's position needs.
 */

export interface ChineseCheckersPuzzle {
  readonly id: string;
  /** The position in the engine's notation (two players, 10 pieces each); the colour to move is the solver. */
  readonly position: string;
  readonly jump: JumpRule;
  /** Every piece is home after this many of the solver's moves, and not fewer. */
  readonly moves: number;
  /** One shortest line (`from-to`, a jump chain written by its ends). */
  readonly solution: readonly string[];
  /** How many first moves keep the arrival within `moves` (1: only one way to start). */
  readonly firstMoves: number;
  /** `arrivalIn3`, and `chain` when a move of the line jumps three times or more. */
  readonly themes: readonly string[];
  /** The starting Glicko-2 rating of the puzzle. */
  readonly rating: number;
  /** Where it was found (self-play seed and ply). */
  readonly source: string;
}

export interface ChineseCheckersPuzzleSet {
  readonly game: 'chinese-checkers';
  readonly puzzles: readonly ChineseCheckersPuzzle[];
}

/** The committed Chinese Checkers set. */
export const chineseCheckersPuzzleFile = new URL('../puzzles/chinese-checkers.json', import.meta.url);

/** The game's options a puzzle is played with: two seats, 10 pieces, open corners, its jump rule. */
export const puzzleOptions = (jump: JumpRule): ChineseCheckersOptions => {
  const options = parseOptions({ players: 2, pieces: 10, jump });
  if (!options.ok) throw new Error(options.error.reason);
  return options.value;
};

/** The solver's seat, its pieces and everyone else's (the stones) in a layout. */
export const arrivalSides = (layout: Layout): { seat: number; pieces: PointId[]; stones: PointId[] } => {
  const colour = seatCorners(2)[layout.side]!;
  const pieces: PointId[] = [];
  const stones: PointId[] = [];
  for (const [p, c] of layout.cells) (c === colour ? pieces : stones).push(p);
  return { seat: layout.side, pieces, stones };
};

/** The search for a layout, or why the layout is no arrival puzzle. */
export const arrivalSearchFor = (layout: Layout, jump: JumpRule): Result<ArrivalSearch> => {
  const { seat, pieces, stones } = arrivalSides(layout);
  const goal = arrivalGoal(seatCorners(2)[seat]!);
  if (pieces.length !== goal.length) return fail('bad-puzzle', `the solver has ${pieces.length} pieces, not 10`);
  if (stones.some((s) => goal.includes(s))) return fail('bad-puzzle', 'another colour stands in the goal');
  return ok(new ArrivalSearch(pieces, stones, goal, jump));
};

/** The puzzle's starting layout. */
export const puzzleLayout = (puzzle: Pick<ChineseCheckersPuzzle, 'position'>): Result<Layout> =>
  parsePosition(puzzle.position, seatCorners(2));

export const arrivalMoveText = (m: ArrivalMove): string => formatMove({ kind: 'move', from: m & 0xff, to: m >>> 8 });

/** The rating a puzzle starts with: longer is harder, and so is a puzzle with only one good first move. */
export const arrivalRating = (moves: number, firstMoves: number): number =>
  700 + 150 * moves + 100 * (3 - Math.min(firstMoves, 3));
