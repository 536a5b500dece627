import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Hub } from './hub.js';

/** The tournaments pages' HTTP side: the public lists, and one tournament's whole view (private ones by their link). */
export const tournamentRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  hub: Hub,
): void => {
  app.get('/api/tournaments', async () => hub.tournaments.list());
  app.get<{ Params: { id: string } }>('/api/tournaments/:id', async (req, reply) => {
    const view = await hub.tournaments.view(req.params.id.slice(0, 64));
    return view ?? reply.code(404).send({ code: 'not-found', reason: 'no such tournament' });
  });
};
