import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { judge, PUZZLE_GAMES } from './puzzle-judge.js';
import {
  attemptOver,
  dailyPuzzle,
  nextPuzzle,
  type PuzzleRow,
  puzzleById,
  puzzleRatingOf,
  puzzleThemes,
  recordAttempt,
  viewOf,
} from './puzzles.js';
import type { PuzzleRepository } from './repos/puzzles.js';
import { systemClock } from './server-clock.js';

const MAX_TEXT = 200;
/** Room for the ids of the last puzzles a page showed (it sends at most 40). */
const MAX_AFTER = 2000;

/**
 * Requests a minute from one address, per route (the server's rate limiter, as for logins and reviews): a page that
 * solves puzzles as fast as a person can stays far below them, and a script that hammers the store is answered 429.
 */
export const PUZZLE_READS_PER_MINUTE = 120;
export const PUZZLE_MOVES_PER_MINUTE = 120;
export const PUZZLE_GIVE_UPS_PER_MINUTE = 30;
const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

/**
 * The puzzle routes (docs/PROTOCOL.md, "Puzzles"): the daily puzzle, the next one, themes, the player's puzzle
 * rating, the moves of an attempt and, once the attempt is over, the solution. The game is named in the path
 * (`/api/puzzles/abalone/daily`) or, as the first Hive-only routes did, in the query (`?game=hive`, the default).
 */
export const puzzleRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  puzzles: PuzzleRepository,
  who: (req: FastifyRequest, reply: FastifyReply) => Promise<UserInfo>,
  /** The session's user, if the request has one: an attempt ended without a session is not stored (see below). */
  viewerOf: (req: FastifyRequest) => Promise<UserInfo | undefined>,
  now: () => number = systemClock.now,
): void => {
  const gameOf = (req: FastifyRequest): string | undefined => {
    const g = (req.params as { game?: unknown }).game ?? (req.query as { game?: unknown }).game ?? 'hive';
    return typeof g === 'string' && Object.hasOwn(PUZZLE_GAMES, g) ? g : undefined;
  };
  const noGame = (reply: FastifyReply) =>
    reply.code(400).send({ code: 'no-puzzles', reason: `puzzles exist for: ${Object.keys(PUZZLE_GAMES).join(', ')}` });
  /** A game's route, both at `/api/puzzles/<game>/<what>` and at `/api/puzzles/<what>?game=<game>`. */
  const perGame = (what: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
    app.get(`/api/puzzles/${what}`, perMinute(PUZZLE_READS_PER_MINUTE), handler);
    app.get(`/api/puzzles/:game/${what}`, perMinute(PUZZLE_READS_PER_MINUTE), handler);
  };
  const notFound = (reply: FastifyReply) =>
    reply.code(404).send({ code: 'no-such-puzzle', reason: 'there is no such puzzle' });
  const ratingOf = async (u: UserInfo, game: string) =>
    u.guest ? null : Math.round((await puzzleRatingOf(puzzles, u.id, game)).rating);

  /** The games that have puzzles in the store, with how many each (the page's game choice). */
  app.get('/api/puzzles/games', perMinute(PUZZLE_READS_PER_MINUTE), async () => {
    const counts = await puzzles.countsByGame();
    return { games: counts.filter((c) => Object.hasOwn(PUZZLE_GAMES, c.game)) };
  });

  perGame('daily', async (req, reply) => {
    const game = gameOf(req);
    if (!game) return noGame(reply);
    const row = await dailyPuzzle(puzzles, game, now());
    return row ? { puzzle: viewOf(row), day: new Date(now()).toISOString().slice(0, 10) } : notFound(reply);
  });

  perGame('next', async (req, reply) => {
    const game = gameOf(req);
    if (!game) return noGame(reply);
    const q = req.query as { theme?: unknown; after?: unknown };
    const theme = typeof q.theme === 'string' && q.theme && q.theme.length < MAX_TEXT ? q.theme : undefined;
    // the puzzles the page showed, the one just played first (comma-separated)
    const after = typeof q.after === 'string' && q.after.length < MAX_AFTER ? q.after.split(',').filter(Boolean) : [];
    const u = await who(req, reply);
    const row = await nextPuzzle(puzzles, u.id, game, theme, after);
    return row ? { puzzle: viewOf(row) } : notFound(reply);
  });

  perGame('themes', async (req, reply) => {
    const game = gameOf(req);
    if (!game) return noGame(reply);
    return { themes: await puzzleThemes(puzzles, game) };
  });

  perGame('rating', async (req, reply) => {
    const game = gameOf(req);
    if (!game) return noGame(reply);
    const u = await who(req, reply);
    const r = u.guest ? null : await puzzleRatingOf(puzzles, u.id, game);
    return { rating: r ? Math.round(r.rating) : null, attempts: r?.games ?? 0 };
  });

  const puzzleOf = async (req: FastifyRequest): Promise<PuzzleRow | undefined> => {
    const { id } = req.params as { id: string };
    return id.length < MAX_TEXT ? puzzleById(puzzles, id) : undefined;
  };

  app.get('/api/puzzles/:id', perMinute(PUZZLE_READS_PER_MINUTE), async (req, reply) => {
    const row = await puzzleOf(req);
    return row ? { puzzle: viewOf(row) } : notFound(reply);
  });

  /** The solver's moves so far, in order: judged from the start each time, so any process can answer. */
  app.post('/api/puzzles/:id/moves', perMinute(PUZZLE_MOVES_PER_MINUTE), async (req, reply) => {
    const row = await puzzleOf(req);
    if (!row) return notFound(reply);
    const moves = (req.body as { moves?: unknown } | null)?.moves;
    if (!Array.isArray(moves) || moves.length > 20 || !moves.every((m) => typeof m === 'string' && m.length < 40))
      return reply.code(400).send({ code: 'bad-request', reason: 'send {moves: ["wQ bA1-", …]}, your moves in order' });
    const solution = JSON.parse(row.solution) as string[];
    const verdict = judge(
      {
        game: row.game,
        kind: row.kind === 'goal' ? 'goal' : 'line',
        goal: row.goal,
        position: row.position,
        solution,
        moves: row.moves,
      },
      moves as string[],
    );
    if (!verdict.ok) return reply.code(400).send(verdict.error);
    if (verdict.value.status === 'continue') return verdict.value;
    const u = await viewerOf(req);
    // without a session nobody could come back to this attempt: nothing is stored (each such request would otherwise
    // be a new guest, and a new row)
    if (!u) return { ...verdict.value, solution, rated: false, rating: null, puzzleRating: Math.round(row.rating) };
    const solved = verdict.value.status === 'solved';
    const r = await recordAttempt(puzzles, u, row, solved, now());
    return {
      ...verdict.value,
      solution,
      rated: r.rated,
      rating: u.guest ? null : { before: Math.round(r.before.rating), after: Math.round(r.after.rating) },
      puzzleRating: r.puzzleRating,
    };
  });

  /**
   * Giving up: the attempt ends as failed (rated if it was the first), and the solution is shown. A request without a
   * session is shown the solution and stores nothing: before, each one made a new guest and wrote its attempt.
   */
  app.post('/api/puzzles/:id/solution', perMinute(PUZZLE_GIVE_UPS_PER_MINUTE), async (req, reply) => {
    const row = await puzzleOf(req);
    if (!row) return notFound(reply);
    const u = await viewerOf(req);
    if (!u) return { solution: JSON.parse(row.solution) as string[], rated: false, rating: null };
    const r = (await attemptOver(puzzles, u.id, row.id))
      ? undefined
      : await recordAttempt(puzzles, u, row, false, now());
    return {
      solution: JSON.parse(row.solution) as string[],
      rated: r?.rated ?? false,
      rating: await ratingOf(u, row.game),
    };
  });
};
