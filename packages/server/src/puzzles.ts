import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PUZZLE_ENTRIES } from '@qiyuan/ai/puzzle-games';
import type { PuzzleSet } from '@qiyuan/ai/puzzles';
import { DEFAULT_RATING, type Rating, rate } from './ratings.js';
import type { Store, Tx } from './store.js';

/**
 * Puzzles in the store: the committed sets loaded on start (a puzzle already stored keeps its rating), the daily
 * puzzle, the next puzzle for a player, and the rating of an attempt — a Glicko-2 game between the player and the
 * puzzle (the same library and settings as games, ratings.ts), counted once: the player's first attempt only.
 */

export interface PuzzleRow {
  readonly id: string;
  readonly game: string;
  /** `line` or `goal` (puzzle-judge.ts). */
  readonly kind: string;
  /** What the solver must reach (`win`, `pushOut`, …): the game's adapter holds its predicate. */
  readonly goal: string;
  readonly position: string;
  readonly solution: string;
  readonly moves: number;
  readonly themes: string;
  readonly source: string;
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  readonly plays: number;
}

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
  moves: Number(row.moves),
  themes: JSON.parse(row.themes) as string[],
  rating: Math.round(Number(row.rating)),
  plays: Number(row.plays),
});

/** A new puzzle is less certain than a player's settled rating, more than a newcomer's. */
const PUZZLE_RD = 250;

/** The sets the server serves: every committed set, one per game that has puzzles (the puzzle registry's). */
const SETS: readonly URL[] = PUZZLE_ENTRIES.map((entry) => entry.file);

/**
 * Loads every committed puzzle not yet stored (idempotent: run by every process on every start). A start with the
 * set stored costs one query; the missing puzzles go in one transaction (every test server starts on a fresh store).
 */
export const loadPuzzles = async (store: Store, sets: readonly URL[] = SETS): Promise<number> => {
  const stored = new Set((await store.all<{ id: string }>('SELECT id FROM puzzles')).map((r) => r.id));
  const missing = sets.flatMap((file) => {
    const set = JSON.parse(readFileSync(file, 'utf8')) as PuzzleSet;
    return set.puzzles.filter((p) => !stored.has(p.id)).map((p) => ({ game: p.game ?? set.game, p }));
  });
  if (missing.length === 0) return 0;
  // many rows a statement: on PostgreSQL one round trip per puzzle made every fresh start about a second slower
  const CHUNK = 100;
  return store.transaction(async (tx) => {
    let added = 0;
    for (let i = 0; i < missing.length; i += CHUNK) {
      const rows = missing.slice(i, i + CHUNK);
      // another process starting at the same time may have stored some first
      added += await tx.run(
        `INSERT INTO puzzles (id, game, kind, goal, position, solution, moves, themes, source, rating, rd, vol, plays)
         VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)').join(', ')} ON CONFLICT (id) DO NOTHING`,
        rows.flatMap(({ game, p }) => [
          p.id,
          game,
          p.kind ?? 'line',
          p.goal ?? 'win',
          p.position,
          JSON.stringify(p.solution),
          p.moves,
          JSON.stringify(p.themes),
          p.source,
          p.rating,
          PUZZLE_RD,
          DEFAULT_RATING.vol,
        ]),
      );
    }
    return added;
  });
};

export const puzzleById = (store: Store | Tx, id: string): Promise<PuzzleRow | undefined> =>
  store.all<PuzzleRow & Record<string, unknown>>('SELECT * FROM puzzles WHERE id = ?', [id]).then((r) => r[0]);

/** The UTC day of `now`, as YYYY-MM-DD. */
export const utcDay = (now: number): string => new Date(now).toISOString().slice(0, 10);

/** The same puzzle for everyone on a UTC day: the day's hash picks among the game's puzzles in id order. */
export const dailyPuzzle = async (store: Store, game: string, now: number): Promise<PuzzleRow | undefined> => {
  const ids = await store.all<{ id: string }>('SELECT id FROM puzzles WHERE game = ? ORDER BY id', [game]);
  if (ids.length === 0) return undefined;
  const h = createHash('sha256')
    .update(`${game}:${utcDay(now)}`)
    .digest()
    .readUInt32BE(0);
  return puzzleById(store, ids[h % ids.length]!.id);
};

/** The themes of a game's puzzles with how many puzzles have each. */
export const puzzleThemes = async (store: Store, game: string): Promise<{ theme: string; count: number }[]> => {
  const rows = await store.all<{ themes: string }>('SELECT themes FROM puzzles WHERE game = ?', [game]);
  const counts = new Map<string, number>();
  for (const r of rows) for (const t of JSON.parse(r.themes) as string[]) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([theme, count]) => ({ theme, count })).sort((a, b) => a.theme.localeCompare(b.theme));
};

export const puzzleRatingOf = async (store: Store | Tx, userId: string, game: string): Promise<Rating> => {
  const [row] = await store.all<Rating & Record<string, unknown>>(
    'SELECT rating, rd, vol, games FROM puzzle_ratings WHERE user_id = ? AND game = ?',
    [userId, game],
  );
  return row
    ? { rating: Number(row.rating), rd: Number(row.rd), vol: Number(row.vol), games: Number(row.games) }
    : DEFAULT_RATING;
};

/**
 * The next puzzle for a player: one they have not tried, of the theme if one is named, the nearest to their puzzle
 * rating. `except` (the puzzles the page showed, the one just played first) are left out: a player skipping puzzles
 * without trying them would otherwise go back and forth between the two nearest. When every untried one was shown,
 * the nearest of those not shown; when all were, the one shown longest ago.
 */
export const nextPuzzle = async (
  store: Store,
  userId: string,
  game: string,
  theme: string | undefined,
  except: readonly string[],
): Promise<PuzzleRow | undefined> => {
  const { rating } = await puzzleRatingOf(store, userId, game);
  const themed = theme ? ' AND themes LIKE ?' : '';
  const params = [game, except[0] ?? '', ...(theme ? [`%${JSON.stringify(theme)}%`] : [])];
  const shown = new Set(except);
  const unseen = (rows: readonly PuzzleRow[]) => rows.filter((r) => !shown.has(r.id));
  const untried = await store.all<PuzzleRow & Record<string, unknown>>(
    `SELECT * FROM puzzles WHERE game = ? AND id <> ?${themed}
     AND id NOT IN (SELECT puzzle_id FROM puzzle_attempts WHERE user_id = ?)`,
    [...params, userId],
  );
  const near = (r: PuzzleRow) => Math.abs(Number(r.rating) - rating);
  const nearest = (rows: readonly PuzzleRow[]) =>
    [...rows].sort((a, b) => near(a) - near(b) || a.id.localeCompare(b.id))[0];
  if (unseen(untried).length > 0) return nearest(unseen(untried));
  const any = await store.all<PuzzleRow & Record<string, unknown>>(
    `SELECT * FROM puzzles WHERE game = ? AND id <> ?${themed}`,
    params,
  );
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
  store: Store,
  user: { readonly id: string; readonly guest: boolean },
  puzzle: PuzzleRow,
  solved: boolean,
  now: number,
): Promise<AttemptResult> =>
  store.transaction(async (tx) => {
    const rated = !user.guest;
    const inserted = await tx.run(
      `INSERT INTO puzzle_attempts (user_id, puzzle_id, solved, rated, at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, puzzle_id) DO NOTHING`,
      [user.id, puzzle.id, solved ? 1 : 0, rated ? 1 : 0, now],
    );
    // read again inside the transaction, locked on PostgreSQL, so two attempts at once both count: the player's row
    // is made first when missing, so that even a first rating is locked
    const lock = store.kind === 'postgres' ? ' FOR UPDATE' : '';
    if (inserted > 0 && rated && lock) {
      await tx.run(
        `INSERT INTO puzzle_ratings (user_id, game, rating, rd, vol, games) VALUES (?, ?, ?, ?, ?, 0)
         ON CONFLICT (user_id, game) DO NOTHING`,
        [user.id, puzzle.game, DEFAULT_RATING.rating, DEFAULT_RATING.rd, DEFAULT_RATING.vol],
      );
      await tx.all(`SELECT games FROM puzzle_ratings WHERE user_id = ? AND game = ?${lock}`, [user.id, puzzle.game]);
    }
    const before = await puzzleRatingOf(tx, user.id, puzzle.game);
    const [current] = await tx.all<PuzzleRow & Record<string, unknown>>(`SELECT * FROM puzzles WHERE id = ?${lock}`, [
      puzzle.id,
    ]);
    const p = current ?? puzzle;
    if (inserted === 0 || !rated)
      return { first: inserted > 0, rated: false, before, after: before, puzzleRating: Math.round(Number(p.rating)) };
    const [after, puzzleAfter] = rate(
      { reason: solved ? 'solved' : 'failed', results: solved ? ['win', 'loss'] : ['loss', 'win'] },
      [before, { rating: Number(p.rating), rd: Number(p.rd), vol: Number(p.vol), games: Number(p.plays) }],
    ) as [Rating, Rating];
    await tx.run(
      `INSERT INTO puzzle_ratings (user_id, game, rating, rd, vol, games) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
       games = excluded.games`,
      [user.id, puzzle.game, after.rating, after.rd, after.vol, after.games],
    );
    await tx.run('UPDATE puzzles SET rating = ?, rd = ?, vol = ?, plays = plays + 1 WHERE id = ?', [
      puzzleAfter.rating,
      puzzleAfter.rd,
      puzzleAfter.vol,
      puzzle.id,
    ]);
    return { first: true, rated: true, before, after, puzzleRating: Math.round(puzzleAfter.rating) };
  });

/** Whether the player's attempt at the puzzle is over (only then may they see its solution). */
export const attemptOver = async (store: Store, userId: string, puzzleId: string): Promise<boolean> =>
  (await store.get('SELECT 1 AS one FROM puzzle_attempts WHERE user_id = ? AND puzzle_id = ?', [userId, puzzleId])) !==
  undefined;
