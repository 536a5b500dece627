import {
  type ChineseCheckersOptions,
  formatMove,
  formatPosition,
  type JumpRule,
  type Layout,
  POINT_COUNT,
  type PointId,
  parseGame,
  parseOptions,
  SoloArrival,
  seatCorners,
} from '@qiyuan/chinese-checkers';
import { fail, ok, type Result } from '@qiyuan/core';
import { type ArrivalMove, ArrivalSearch, arrivalGoal } from './chinese-checkers-arrival.js';
import { chineseCheckersPuzzleFile, type Puzzle } from './puzzles.js';

/**
 * Chinese Checkers puzzles ("shortest arrival", see chinese-checkers-arrival.ts for the rule): their shape, the
 * committed set (puzzles/chinese-checkers.json, built by bench/mine-cc-puzzles.ts and re-proven by
 * test/chinese-checkers-puzzle-set.test.ts), and the search a puzzle's position needs.
 */

/**
 * A Chinese Checkers puzzle: kind `goal`, goal `home`; `position` is a record with the options' tags and a `Setup`
 * tag (two players, 10 pieces, open corners, the jump rule), the colour to move being the solver; `moves` is the
 * fewest moves, `solution` one shortest line (`from-to`, a jump chain written by its ends); themes `arrivalIn3`, and
 * `chain` when a move of the line jumps three times or more.
 */
export interface ChineseCheckersPuzzle extends Puzzle {
  /** How many first moves keep the arrival within `moves` (1: only one way to start). */
  readonly firstMoves: number;
}

export interface ChineseCheckersPuzzleSet {
  readonly game: 'chinese-checkers';
  readonly puzzles: readonly ChineseCheckersPuzzle[];
}

/** The committed Chinese Checkers set (its file is named in puzzles.ts with the others). */
export { chineseCheckersPuzzleFile };

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

/** A puzzle's position as a record the game reads: the options' tags and the board with the solver to move. */
export const puzzleRecord = (layout: Layout, jump: JumpRule): string => {
  const cells = new Uint8Array(POINT_COUNT);
  for (const [p, c] of layout.cells) cells[p] = c + 1;
  const side = formatPosition(cells, seatCorners(2)[layout.side]!);
  return `[Players "2"]\n[Pieces "10"]\n[Jump "${jump}"]\n[Corners "open"]\n[Setup "${side}"]\n`;
};

/** A puzzle's position opened: the solo game (the solver moving alone) and the search for its board. */
export const openArrival = (position: string): Result<{ game: SoloArrival; search: ArrivalSearch }> => {
  const read = parseGame(position);
  if (!read.ok) return read;
  const game = new SoloArrival(read.value);
  const search = arrivalSearchFor(game.layout(), read.value.options.jump);
  return search.ok ? ok({ game, search: search.value }) : search;
};

export const arrivalMoveText = (m: ArrivalMove): string => formatMove({ kind: 'move', from: m & 0xff, to: m >>> 8 });

/** The rating a puzzle starts with: longer is harder, and so is a puzzle with only one good first move. */
export const arrivalRating = (moves: number, firstMoves: number): number =>
  700 + 150 * moves + 100 * (3 - Math.min(firstMoves, 3));
