import type { Game, Result, Seat } from '@qiyuan/core';

/**
 * The committed puzzle sets (puzzles/<game>.json, built by the game's miner in bench/ and re-proven by its set test):
 * their shape and where they are, for the server that serves them. Docs: /work/briefs/puzzle-api.md is the short
 * note; docs/AI.md ("Puzzles") has the counts and commands.
 */

/**
 * How a puzzle is judged.
 * - `line`: the solver's moves are checked against `solution` (solver's move, defender's reply, …); a move that
 *   reaches the goal at once is right too (another way to win is as good).
 * - `goal`: any legal move is right while the goal can still be reached in the solver's remaining moves (the game's
 *   judge adapter says how, e.g. a distance bound); `solution` is one shortest line, shown after the attempt.
 */
export type PuzzleKind = 'line' | 'goal';

/** One puzzle of any game. */
export interface Puzzle {
  readonly id: string;
  readonly game: string;
  readonly kind: PuzzleKind;
  /**
   * What the solver must reach, named per game: `win` (the game won), `pushOut` (Abalone: one more enemy marble
   * off the board), `home` (all pieces home); the game's judge adapter holds the predicate.
   */
  readonly goal: string;
  /**
   * The position in the game's own notation, as the game's `GameDefinition.parseGame` reads it (Hive: a UHP
   * GameString; Abalone: a record with a `Setup` tag and no moves). The side to move is the solver.
   */
  readonly position: string;
  /** Solver's move, defender's reply, solver's move, … (`goal` puzzles: the solver's moves, and any replies). */
  readonly solution: readonly string[];
  /** The goal takes at most this many of the solver's own moves. */
  readonly moves: number;
  /** Hive: the piece that wins and the length (`mateIn1`); Abalone: `pushOut1`…`pushOut3`, `win`. */
  readonly themes: readonly string[];
  /** The starting Glicko-2 rating of the puzzle. */
  readonly rating: number;
  /** Where it was found (self-play seed or stored game). */
  readonly source: string;
}

/** The Hive puzzles (kind `line`, goal `win`). */
export type HivePuzzle = Puzzle;

export interface PuzzleSet {
  readonly game: string;
  readonly puzzles: readonly Puzzle[];
}

/** The committed Hive set. */
export const hivePuzzleFile = new URL('../puzzles/hive.json', import.meta.url);

/** The committed Abalone set (bench/mine-abalone-puzzles.ts, re-proven by test/abalone-puzzle-set.test.ts). */
export const abalonePuzzleFile = new URL('../puzzles/abalone.json', import.meta.url);

/** The committed Chinese Checkers set (bench/mine-cc-puzzles.ts, re-proven by test/chinese-checkers-puzzle-set.test.ts). */
export const chineseCheckersPuzzleFile = new URL('../puzzles/chinese-checkers.json', import.meta.url);

/**
 * What a game gives the server's puzzle judge (packages/server/src/puzzle-judge.ts), which replays an attempt from
 * the solver's moves alone. One module per game (`games/<game>-puzzle-judge.ts`), reached through the game's entry
 * of `PUZZLE_GAMES` (puzzle-games.ts).
 */
export interface PuzzleJudge {
  readonly game: string;
  /** The game at the puzzle's position (its own notation); the side to move is the solver. */
  open(position: string): Result<Game>;
  /** The goals this game's puzzles may name (`win`, `pushOut`, …). */
  readonly goals: readonly string[];
  /**
   * Whether the solver has reached `goal` in `now`; `start` is the puzzle's position, untouched (for goals such as
   * "one more marble pushed off").
   */
  reached(goal: string, now: Game, start: Game, solver: Seat): boolean;
  /**
   * `goal` puzzles: whether `goal` can still be reached within `movesLeft` more moves of the solver (a bound the
   * game can prove, e.g. a distance). Absent: the game has no `goal` puzzles.
   */
  reachable?(goal: string, now: Game, start: Game, solver: Seat, movesLeft: number): boolean;
  /** `goal` puzzles with a defender: its reply in `now` (its move as text). Absent: the solver moves again. */
  defend?(goal: string, now: Game, solver: Seat): string | undefined;
}

const BUGS: Readonly<Record<string, string>> = {
  Q: 'queen',
  A: 'ant',
  G: 'grasshopper',
  S: 'spider',
  B: 'beetle',
  M: 'mosquito',
  L: 'ladybug',
  P: 'pillbug',
};

/** The theme naming the bug of the line's last move (the one that closes the queen in). */
export const winningPieceTheme = (solution: readonly string[]): string => {
  const last = solution.at(-1) ?? '';
  return BUGS[last.charAt(1)] ?? 'queen';
};
