/** The players' routes: a player's profile (ratings, their history, results) and games, and the session's own games. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { type StoredGame, summary } from './game-summary.js';
import type { Hub } from './hub.js';
import { gamesOfPlayer } from './player-games.js';
import { puzzleRatingsOf, recentAttemptsOf } from './puzzle-profile.js';
import { type UserRow, userInfo } from './session.js';
import type { Store } from './store.js';

export const playerRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  hub: Hub,
  store: Store,
  who: (req: FastifyRequest, reply: FastifyReply) => Promise<UserInfo>,
  /** The session's user, if it has one (no guest is made for a visitor who only reads). */
  viewerOf: (req: FastifyRequest) => Promise<UserInfo | undefined>,
): void => {
  app.get<{ Params: { name: string } }>('/api/users/:name', async (req, reply) => {
    const u = await store.get<UserRow>('SELECT * FROM users WHERE name_key = ?', [
      req.params.name.toLowerCase().slice(0, 40),
    ]);
    if (!u) return reply.code(404).send({ code: 'not-found', reason: 'no such player' });
    const ratings = await store.all('SELECT game, speed, rating, rd, games FROM ratings WHERE user_id = ?', [u.id]);
    const games = await store.all<{ status: string; outcome: string | null; seat: number }>(
      'SELECT games.status, games.outcome, game_players.seat FROM game_players JOIN games ON games.id = game_players.game_id WHERE game_players.user_id = ?',
      [u.id],
    );
    const rated = await store.all<{
      id: string;
      game: string;
      speed: string;
      finished_at: number;
      rating_change: string;
      seat: number;
    }>(
      `SELECT games.id, games.game, games.speed, games.finished_at, games.rating_change, game_players.seat
       FROM game_players JOIN games ON games.id = game_players.game_id
       WHERE game_players.user_id = ? AND games.rating_change IS NOT NULL
       ORDER BY games.finished_at ASC LIMIT 5000`,
      [u.id],
    );
    // the rating after each rated game, per game and speed class: the profile's chart
    const history = rated.flatMap((r) => {
      const change = (JSON.parse(r.rating_change) as { before: number; after: number }[])[Number(r.seat)];
      return change
        ? [
            {
              gameId: r.id,
              game: r.game,
              speed: r.speed,
              at: Number(r.finished_at),
              before: change.before,
              rating: change.after,
            },
          ]
        : [];
    });
    const count = { games: games.length, playing: 0, wins: 0, losses: 0, draws: 0 };
    for (const g of games) {
      if (g.status === 'playing') count.playing++;
      const r = g.outcome ? (JSON.parse(g.outcome) as { results: string[] }).results[Number(g.seat)] : undefined;
      if (r === 'win') count.wins++;
      else if (r === 'loss') count.losses++;
      else if (r === 'draw') count.draws++;
    }
    return {
      user: userInfo(u),
      // a bot account (the Bot API): shown with a BOT tag, kept apart from people's standings
      bot: Boolean(Number(u.bot ?? 0)),
      ratings: ratings.map((r) => ({
        game: r.game,
        speed: r.speed,
        rating: Math.round(Number(r.rating)),
        rd: Math.round(Number(r.rd)),
        games: Number(r.games),
        provisional: Number(r.rd) > 110,
      })),
      history,
      ...count,
      // the puzzle ratings are public; the attempts are the player's own to see, as on lichess
      puzzleRatings: await puzzleRatingsOf(store, u.id),
      puzzleAttempts: (await viewerOf(req))?.id === u.id ? await recentAttemptsOf(store, u.id) : null,
    };
  });

  app.get<{ Params: { name: string }; Querystring: { before?: string } }>(
    '/api/users/:name/games',
    async (req, reply) => {
      const u = await store.get<UserRow>('SELECT * FROM users WHERE name_key = ?', [
        req.params.name.toLowerCase().slice(0, 40),
      ]);
      if (!u) return reply.code(404).send({ code: 'not-found', reason: 'no such player' });
      const before = Number(req.query.before ?? Number.MAX_SAFE_INTEGER) || Number.MAX_SAFE_INTEGER;
      // a private game in play is listed to its own players only (player-games.ts)
      const viewer = await viewerOf(req);
      const rows = await gamesOfPlayer(store, u.id, viewer?.id, before);
      return { games: rows.map(summary) };
    },
  );

  /** This session's games in play and its own open seeks (guests too: they have no public profile). */
  app.get('/api/me/games', async (req, reply) => {
    const u = await who(req, reply);
    const rows = await store.all<StoredGame>(
      `SELECT games.* FROM game_players JOIN games ON games.id = game_players.game_id
       WHERE game_players.user_id = ? AND games.status = 'playing' ORDER BY games.created_at DESC LIMIT 100`,
      [u.id],
    );
    return { user: u, playing: rows.map(summary), seeks: await hub.seeksOf(u.id) };
  });
};
