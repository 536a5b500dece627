import { getJson, type Outcome } from '../online/wire.js';

/**
 * The server's puzzle routes (docs/PROTOCOL.md, "Puzzles"). The solution comes only with the end of an attempt: the
 * page sends the player's moves and hears right (with the opponent's reply), solved or wrong.
 */

export interface PuzzleView {
  readonly id: string;
  readonly game: string;
  /** `line`: the answer is a line with the opponent's replies; `goal`: any move that keeps the goal in reach. */
  readonly kind: string;
  /** What the solver must reach: `win`, `pushOut`, … (the task's words are `puzzles.task.<goal>`). */
  readonly goal: string;
  /** The position in the game's own notation (its record reader opens it); the side to move solves. */
  readonly position: string;
  readonly moves: number;
  readonly themes: readonly string[];
  readonly rating: number;
  readonly plays: number;
}

export type MoveVerdict =
  /** Right so far; `reply` is the opponent's answer (none when the solver moves again). */
  | { readonly status: 'continue'; readonly reply?: string }
  | {
      readonly status: 'solved' | 'failed';
      readonly solution: readonly string[];
      readonly rated: boolean;
      readonly rating: { readonly before: number; readonly after: number } | null;
      readonly puzzleRating: number;
    };

const base = (game: string) => `api/puzzles/${encodeURIComponent(game)}`;

/** The games that have puzzles, with how many each. */
export const puzzleGames = () => getJson<{ games: { game: string; count: number }[] }>('api/puzzles/games');

export const dailyPuzzle = (game: string) => getJson<{ puzzle: PuzzleView; day: string }>(`${base(game)}/daily`);

/** The next puzzle, never one of `shown` (the puzzles the page showed, the latest first: at most the last 40). */
export const nextPuzzle = (game: string, theme: string, shown: readonly string[]) => {
  const after = shown.slice(0, 40).join(',');
  const q = new URLSearchParams({ ...(theme ? { theme } : {}), ...(after ? { after } : {}) });
  return getJson<{ puzzle: PuzzleView }>(`${base(game)}/next?${q}`);
};

export const puzzleThemes = (game: string) =>
  getJson<{ themes: { theme: string; count: number }[] }>(`${base(game)}/themes`);

export const myPuzzleRating = (game: string) =>
  getJson<{ rating: number | null; attempts: number }>(`${base(game)}/rating`);

const post = async <T>(path: string, body: unknown): Promise<Outcome<T>> => {
  try {
    const r = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await r.json().catch(() => undefined)) as (T & { code?: string; reason?: string }) | undefined;
    if (!r.ok || json === undefined) return { ok: false, code: json?.code ?? 'network', reason: json?.reason ?? '' };
    return { ok: true, value: json };
  } catch (e) {
    return { ok: false, code: 'network', reason: String(e) };
  }
};

/** The player's moves so far, in order (the server judges them all from the start). */
export const sendMoves = (id: string, moves: readonly string[]) =>
  post<MoveVerdict>(`api/puzzles/${encodeURIComponent(id)}/moves`, { moves });

/** Gives up (a failed attempt, rated if it was the first) and reads the solution. */
export const giveUp = (id: string) =>
  post<{ solution: string[]; rated: boolean; rating: number | null }>(
    `api/puzzles/${encodeURIComponent(id)}/solution`,
    {},
  );
