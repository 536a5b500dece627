/** The players' routes: a player's profile (ratings, their history, results) and games, and the session's own games. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { summary } from './game-summary.js';
import type { Hub } from './hub.js';
import { gamesOfPlayer } from './player-games.js';
import { puzzleRatingsOf, recentAttemptsOf } from './puzzle-profile.js';
import type { GameHistory } from './repos/game-history.js';
import type { Store } from './store.js';

export const playerRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  hub: Hub,
  history: GameHistory,
  /** The puzzles' profile reads (puzzle-profile.ts) still take the store. */
  store: Store,
  who: (req: FastifyRequest, reply: FastifyReply) => Promise<UserInfo>,
  /** The session's user, if it has one (no guest is made for a visitor who only reads). */
  viewerOf: (req: FastifyRequest) => Promise<UserInfo | undefined>,
): void => {
  app.get<{ Params: { name: string } }>('/api/users/:name', async (req, reply) => {
    const u = await history.playerNamed(req.params.name);
    if (!u) return reply.code(404).send({ code: 'not-found', reason: 'no such player' });
    const ratings = await history.ratingsOf(u.id);
    const games = await history.resultsOf(u.id);
    const rated = await history.ratedGamesOf(u.id);
    // the rating after each rated game, per game and speed class: the profile's chart
    const chart = rated.flatMap((r) => {
      const change = (JSON.parse(r.rating_change) as { before: number; after: number }[])[r.seat];
      return change
        ? [
            {
              gameId: r.id,
              game: r.game,
              speed: r.speed,
              at: r.finished_at ?? 0,
              before: change.before,
              rating: change.after,
            },
          ]
        : [];
    });
    const count = { games: games.length, playing: 0, wins: 0, losses: 0, draws: 0 };
    for (const g of games) {
      if (g.status === 'playing') count.playing++;
      const r = g.outcome ? (JSON.parse(g.outcome) as { results: string[] }).results[g.seat] : undefined;
      if (r === 'win') count.wins++;
      else if (r === 'loss') count.losses++;
      else if (r === 'draw') count.draws++;
    }
    return {
      user: u,
      // a bot account (the Bot API): shown with a BOT tag, kept apart from people's standings
      bot: Boolean(u.bot),
      ratings: ratings.map((r) => ({
        game: r.game,
        speed: r.speed,
        rating: Math.round(r.rating),
        rd: Math.round(r.rd),
        games: r.games,
        provisional: r.rd > 110,
      })),
      history: chart,
      ...count,
      // the puzzle ratings are public; the attempts are the player's own to see, as on lichess
      puzzleRatings: await puzzleRatingsOf(store, u.id),
      puzzleAttempts: (await viewerOf(req))?.id === u.id ? await recentAttemptsOf(store, u.id) : null,
    };
  });

  app.get<{ Params: { name: string }; Querystring: { before?: string } }>(
    '/api/users/:name/games',
    async (req, reply) => {
      const u = await history.playerNamed(req.params.name);
      if (!u) return reply.code(404).send({ code: 'not-found', reason: 'no such player' });
      const before = Number(req.query.before ?? Number.MAX_SAFE_INTEGER) || Number.MAX_SAFE_INTEGER;
      // a private game in play is listed to its own players only (player-games.ts)
      const viewer = await viewerOf(req);
      const rows = await gamesOfPlayer(history, u.id, viewer?.id, before);
      return { games: rows.map(summary) };
    },
  );

  /** This session's games in play and its own open seeks (guests too: they have no public profile). */
  app.get('/api/me/games', async (req, reply) => {
    const u = await who(req, reply);
    const rows = await history.inPlayOf(u.id, 'newest-first', 100);
    return { user: u, playing: rows.map(summary), seeks: await hub.seeksOf(u.id) };
  });
};
