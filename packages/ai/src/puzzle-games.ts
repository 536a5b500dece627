import type { GameId } from '@qiyuan/core';
import { abalonePuzzleJudge } from './games/abalone-puzzle-judge.js';
import { chineseCheckersPuzzleJudge } from './games/chinese-checkers-puzzle-judge.js';
import { hivePuzzleJudge } from './games/hive-puzzle-judge.js';
import { abalonePuzzleFile, chineseCheckersPuzzleFile, hivePuzzleFile, type PuzzleJudge } from './puzzles.js';

/** A game's puzzles: the committed set the server loads and the judge of an attempt. */
export interface GamePuzzles {
  /** The committed set (puzzles/<game>.json, built by the game's miner in bench/ and re-proven by its set test). */
  readonly file: URL;
  readonly judge: PuzzleJudge;
}

/**
 * The puzzles of each game: every game id says whether it has puzzles (a game without an entry does not compile).
 * The server serves and judges exactly these. Kept apart from the AI's registry so that a page's AI worker never
 * reaches the puzzle files.
 */
export const PUZZLE_GAMES: { readonly [K in GameId]: GamePuzzles | undefined } = {
  hive: { file: hivePuzzleFile, judge: hivePuzzleJudge },
  abalone: { file: abalonePuzzleFile, judge: abalonePuzzleJudge },
  'chinese-checkers': { file: chineseCheckersPuzzleFile, judge: chineseCheckersPuzzleJudge },
  // no Junqi puzzle set yet
  junqi: undefined,
};

/** The games that have puzzles, with theirs, in the registry's order. */
export const PUZZLE_ENTRIES: readonly (GamePuzzles & { readonly game: GameId })[] = Object.entries(
  PUZZLE_GAMES,
).flatMap(([game, entry]) => (entry ? [{ game: game as GameId, ...entry }] : []));

/** Every committed set, by game: what the server loads. */
export const puzzleFiles: Readonly<Partial<Record<GameId, URL>>> = Object.fromEntries(
  PUZZLE_ENTRIES.map((e) => [e.game, e.file]),
);
