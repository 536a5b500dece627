import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PUZZLE_ENTRIES } from '@qiyuan/ai/puzzle-games';
import type { PuzzleSet } from '@qiyuan/ai/puzzles';
import { DEFAULT_RATING, type Rating, rate } from './ratings.js';
import type { PuzzleRepository, PuzzleRow } from './repos/puzzles.js';

/**
 * Puzzles in the store: the committed sets loaded on start (a puzzle already stored keeps its rating), the daily
 * puzzle, the next puzzle for a player, and the rating of an attempt — a Glicko-2 game between the player and the
 * puzzle (the same library and settings as games, ratings.ts), counted once: the player's first attempt only.
 */

export type { PuzzleRow } from './repos/puzzles.js';

/** What a client is told of a puzzle before its attempt is over: never the solution. */
export interface PuzzleView {
  readonly id: string;
  readonly game: string;
  readonly kind: string;
  readonly goal: string;
  readonly position: string;
  readonly moves: number;
  readonly themes: readonly string[];
  readonly rating: number;
  readonly plays: number;
}

export const viewOf = (row: PuzzleRow): PuzzleView => ({
  id: row.id,
  game: row.game,
  kind: row.kind,
  goal: row.goal,
  position: row.position,
  moves: row.moves,
  themes: JSON.parse(row.themes) as string[],
  rating: Math.round(row.rating),
  plays: row.plays,
});

/** A new puzzle is less certain than a player's settled rating, more than a newcomer's. */
const PUZZLE_RD = 250;

/** The sets the server serves: every committed set, one per game that has puzzles (the puzzle registry's). */
const SETS: readonly URL[] = PUZZLE_ENTRIES.map((entry) => entry.file);

/**
 * Loads every committed puzzle not yet stored (idempotent: run by every process on every start). A start with the
 * set stored costs one query; the missing puzzles go in one transaction (every test server starts on a fresh store).
 */
export const loadPuzzles = async (puzzles: PuzzleRepository, sets: readonly URL[] = SETS): Promise<number> => {
  const stored = await puzzles.ids();
  const missing = sets.flatMap((file) => {
    const set = JSON.parse(readFileSync(file, 'utf8')) as PuzzleSet;
    return set.puzzles
      .filter((p) => !stored.has(p.id))
      .map((p) => ({
        id: p.id,
        game: p.game ?? set.game,
        kind: p.kind ?? 'line',
        goal: p.goal ?? 'win',
        position: p.position,
        solution: JSON.stringify(p.solution),
        moves: p.moves,
        themes: JSON.stringify(p.themes),
        source: p.source,
        rating: p.rating,
        rd: PUZZLE_RD,
        vol: DEFAULT_RATING.vol,
      }));
  });
  return puzzles.add(missing);
};

export const puzzleById = (puzzles: PuzzleRepository, id: string): Promise<PuzzleRow | undefined> => puzzles.byId(id);

/** The UTC day of `now`, as YYYY-MM-DD. */
export const utcDay = (now: number): string => new Date(now).toISOString().slice(0, 10);

/** The same puzzle for everyone on a UTC day: the day's hash picks among the game's puzzles in id order. */
export const dailyPuzzle = async (
  puzzles: PuzzleRepository,
  game: string,
  now: number,
): Promise<PuzzleRow | undefined> => {
  const ids = await puzzles.idsOf(game);
  if (ids.length === 0) return undefined;
  const h = createHash('sha256')
    .update(`${game}:${utcDay(now)}`)
    .digest()
    .readUInt32BE(0);
  return puzzles.byId(ids[h % ids.length]!);
};

/** The themes of a game's puzzles with how many puzzles have each. */
export const puzzleThemes = async (
  puzzles: PuzzleRepository,
  game: string,
): Promise<{ theme: string; count: number }[]> => {
  const counts = new Map<string, number>();
  for (const themes of await puzzles.themesOf(game))
    for (const t of JSON.parse(themes) as string[]) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([theme, count]) => ({ theme, count })).sort((a, b) => a.theme.localeCompare(b.theme));
};

export const puzzleRatingOf = async (puzzles: PuzzleRepository, userId: string, game: string): Promise<Rating> =>
  (await puzzles.ratingOf(userId, game)) ?? DEFAULT_RATING;

/**
 * The next puzzle for a player: one they have not tried, of the theme if one is named, the nearest to their puzzle
 * rating. `except` (the puzzles the page showed, the one just played first) are left out: a player skipping puzzles
 * without trying them would otherwise go back and forth between the two nearest. When every untried one was shown,
 * the nearest of those not shown; when all were, the one shown longest ago.
 */
export const nextPuzzle = async (
  puzzles: PuzzleRepository,
  userId: string,
  game: string,
  theme: string | undefined,
  except: readonly string[],
): Promise<PuzzleRow | undefined> => {
  const { rating } = await puzzleRatingOf(puzzles, userId, game);
  const asked = { except: except[0] ?? '', theme };
  const shown = new Set(except);
  const unseen = (rows: readonly PuzzleRow[]) => rows.filter((r) => !shown.has(r.id));
  const untried = await puzzles.candidates(game, { ...asked, untriedBy: userId });
  const near = (r: PuzzleRow) => Math.abs(r.rating - rating);
  const nearest = (rows: readonly PuzzleRow[]) =>
    [...rows].sort((a, b) => near(a) - near(b) || a.id.localeCompare(b.id))[0];
  if (unseen(untried).length > 0) return nearest(unseen(untried));
  const any = await puzzles.candidates(game, asked);
  if (unseen(any).length > 0) return nearest(unseen(any));
  // every one was shown: the one shown longest ago (going round them, not back and forth)
  const ago = (r: PuzzleRow) => except.indexOf(r.id);
  return [...any].sort((a, b) => ago(b) - ago(a))[0];
};

export interface AttemptResult {
  /** Whether this attempt was the player's first at the puzzle (only the first is rated). */
  readonly first: boolean;
  readonly rated: boolean;
  readonly before: Rating;
  readonly after: Rating;
  readonly puzzleRating: number;
}

/**
 * Records the end of an attempt: the first one per player and puzzle is stored, and, for an account, rated as a
 * game the player won (solved) or lost against the puzzle. Later attempts change nothing.
 */
export const recordAttempt = (
  puzzles: PuzzleRepository,
  user: { readonly id: string; readonly guest: boolean },
  puzzle: PuzzleRow,
  solved: boolean,
  now: number,
): Promise<AttemptResult> =>
  puzzles.transaction(async (tx) => {
    const rated = !user.guest;
    const first = await puzzles.firstAttempt(tx, { userId: user.id, puzzleId: puzzle.id, solved, rated, at: now });
    if (!first || !rated) {
      const before = (await puzzles.ratingOf(user.id, puzzle.game, tx)) ?? DEFAULT_RATING;
      const p = (await puzzles.byId(puzzle.id, tx)) ?? puzzle;
      return { first, rated: false, before, after: before, puzzleRating: Math.round(p.rating) };
    }
    // read again inside the transaction, locked on PostgreSQL, so two attempts at once both count
    const p = (await puzzles.lockForRating(tx, user.id, puzzle.game, puzzle.id, DEFAULT_RATING)) ?? puzzle;
    const before = (await puzzles.ratingOf(user.id, puzzle.game, tx)) ?? DEFAULT_RATING;
    const [after, puzzleAfter] = rate(
      { reason: solved ? 'solved' : 'failed', results: solved ? ['win', 'loss'] : ['loss', 'win'] },
      [before, { rating: p.rating, rd: p.rd, vol: p.vol, games: p.plays }],
    ) as [Rating, Rating];
    await puzzles.setRating(tx, user.id, puzzle.game, after);
    await puzzles.ratePuzzle(tx, puzzle.id, puzzleAfter);
    return { first: true, rated: true, before, after, puzzleRating: Math.round(puzzleAfter.rating) };
  });

/** Whether the player's attempt at the puzzle is over (only then may they see its solution). */
export const attemptOver = (puzzles: PuzzleRepository, userId: string, puzzleId: string): Promise<boolean> =>
  puzzles.attempted(userId, puzzleId);
