/**
 * The committed puzzle sets (puzzles/*.json, built by bench/mine-hive-puzzle-set.ts and re-proven by
 * test/hive-puzzle-set.test.ts): their shape and where they are, for the server that serves them.
 */

/** One puzzle: the position, the line that solves it (the solver's moves and the defender's replies, UHP). */
export interface HivePuzzle {
  readonly id: string;
  /** A UHP GameString; the side to move is the solver. */
  readonly gameString: string;
  /** Solver's move, defender's reply, solver's move, …: `moves` moves of the solver in all. */
  readonly solution: readonly string[];
  /** The win takes this many of the solver's own moves. */
  readonly moves: number;
  /** The piece that wins (`ant`, `beetle`, …) and the length (`mateIn1`, `mateIn2`). */
  readonly themes: readonly string[];
  /** The starting Glicko-2 rating of the puzzle. */
  readonly rating: number;
  /** Where it was found (self-play seed or stored game). */
  readonly source: string;
}

export interface PuzzleSet {
  readonly game: string;
  readonly puzzles: readonly HivePuzzle[];
}

/** The committed Hive set. */
export const hivePuzzleFile = new URL('../puzzles/hive.json', import.meta.url);

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
