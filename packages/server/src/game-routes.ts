/**
 * The routes of one game, live or stored: public games being played, a game's record and its export, its computer
 * review, and an invitation's game.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { SPECTATOR } from '@qiyuan/core';
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { exportRecord, fairDealOf } from './game-export.js';
import { summary } from './game-summary.js';
import { engineFor } from './games.js';
import type { Hub } from './hub.js';
import type { GameHistory } from './repos/game-history.js';
import type { Reviews } from './reviews.js';
import { gameOfRow } from './stored-game.js';

export const gameRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  hub: Hub,
  history: GameHistory,
  reviews: Reviews,
  who: (req: FastifyRequest, reply: FastifyReply) => Promise<UserInfo>,
  unavailable: (reply: FastifyReply, e: unknown) => FastifyReply,
): void => {
  /** Public games being played now (on this process; in a cluster, every process's from the database). */
  app.get('/api/live', async () => {
    const rows = await history.livePublic();
    return {
      games: rows.map((g) => ({
        id: g.id,
        game: g.game,
        speed: g.speed,
        rated: Boolean(g.rated),
        seats: JSON.parse(g.seats),
        createdAt: g.created_at,
      })),
    };
  });

  app.get<{ Params: { id: string } }>('/api/games/:id', async (req, reply) => {
    const g = await history.find(req.params.id);
    if (!g?.snapshot) return reply.code(404).send({ code: 'not-found', reason: 'no such game' });
    const def = engineFor(g.game);
    const game = def && gameOfRow(def, g);
    if (!game?.ok) return reply.code(500).send({ code: 'internal', reason: 'the game cannot be restored' });
    const over = g.status === 'finished' || g.status === 'aborted';
    const records = Array.from({ length: game.value.ply }, (_, i) => game.value.recordFor(SPECTATOR, i));
    const options = JSON.parse(g.options) as Record<string, unknown>;
    // The commitment's salt is stored with the seed; both are shown once the game is over (the salt on its own), with
    // the commitment, so that a replay can check one against the other.
    const { salt, ...engineOptions } = options;
    const shown = { ...engineOptions };
    if (!over) delete shown.seed;
    const commitment = def ? fairDealOf(def, g, over)?.commitment : undefined;
    return {
      ...summary(g),
      options: shown,
      ...(commitment === undefined ? {} : { commitment }),
      ...(over && typeof salt === 'string' ? { salt } : {}),
      clock: JSON.parse(g.clock),
      records,
      // the computer review, stored with the game; only a finished game can have one
      ...(g.status === 'finished' ? { review: await reviews.state(g.id) } : {}),
    };
  });

  // Computer review (docs/PROTOCOL.md, "Computer review"): asked for with POST, followed with GET until done.
  // Besides each player's allowance per minute, an address may ask 30 times a minute (a guest is a new cookie away).
  const reviewLimit = { config: { rateLimit: { max: 30, timeWindow: 60_000 } } };
  app.post<{ Params: { id: string } }>('/api/games/:id/review', reviewLimit, async (req, reply) => {
    const user = await who(req, reply);
    try {
      // the address too: the limits and the queue's turns are per address as well as per player (review-queue.ts)
      const r = await reviews.request(req.params.id.slice(0, 64), user.id, req.ip);
      if (!r.ok) {
        const { http, ...error } = r.error;
        if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
        return reply.code(http).send(error);
      }
      return reply.code(r.started ? 202 : 200).send(r.state);
    } catch (e) {
      return unavailable(reply, e);
    }
  });
  app.get<{ Params: { id: string } }>('/api/games/:id/review', async (req, reply) => {
    try {
      const id = req.params.id.slice(0, 64);
      const status = await history.statusOf(id);
      if (status === undefined) return reply.code(404).send({ code: 'not-found', reason: 'no such game' });
      return await reviews.state(id);
    } catch (e) {
      return unavailable(reply, e);
    }
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/export', async (req, reply) => {
    const g = await history.find(req.params.id);
    if (!g?.snapshot) return reply.code(404).send({ code: 'not-found', reason: 'no such game' });
    if (g.status !== 'finished' && g.status !== 'aborted') {
      return reply.code(409).send({ code: 'not-over', reason: 'a game is exported once it is over' });
    }
    const def = engineFor(g.game);
    const game = def && gameOfRow(def, g);
    if (!def || !game?.ok) return reply.code(500).send({ code: 'internal', reason: 'the game cannot be restored' });
    // the headers the pages' export carries, the fair deal's commitment, seed and salt among them (game-export.ts)
    const site = `${req.protocol}://${req.host}`;
    return reply.type('text/plain; charset=utf-8').send(exportRecord(def, game.value, g, site));
  });

  app.get<{ Params: { id: string } }>('/api/invite/:id', async (req, reply) => {
    const room = hub.rooms.get(req.params.id);
    if (room) {
      return {
        gameId: room.id,
        status: room.status,
        game: room.meta.game,
        seats: room.seats,
        clock: room.meta.clock,
        rated: room.meta.rated,
        creator: room.meta.creator,
      };
    }
    // a finished game, or (several processes) a seek another process holds
    const row = await history.find(req.params.id.slice(0, 64));
    if (!row) return reply.code(404).send({ code: 'not-found', reason: 'no such invitation' });
    return {
      gameId: row.id,
      status: row.status,
      game: row.game,
      seats: JSON.parse(row.seats),
      clock: JSON.parse(row.clock),
      rated: Boolean(row.rated),
      creator: JSON.parse(row.creator),
    };
  });
};
