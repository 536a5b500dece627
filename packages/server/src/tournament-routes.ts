import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Hub } from './hub.js';
import { LISTED_STATUSES, type ListedStatus } from './tournament-list.js';

/** The tournaments pages' HTTP side: the public lists, and one tournament's whole view (private ones by their link). */
export const tournamentRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  hub: Hub,
): void => {
  app.get<{ Querystring: { page?: string; status?: string } }>('/api/tournaments', async (req, reply) => {
    const page = req.query.page === undefined ? 1 : Number(req.query.page);
    if (!Number.isInteger(page) || page < 1 || page > 1000) {
      return reply.code(400).send({ code: 'bad-request', reason: 'page is a whole number from 1 to 1000' });
    }
    const status = req.query.status;
    if (status !== undefined && !(LISTED_STATUSES as readonly string[]).includes(status)) {
      return reply.code(400).send({ code: 'bad-request', reason: 'status is upcoming, running or finished' });
    }
    return hub.tournaments.list(page, status as ListedStatus | undefined);
  });
  app.get<{ Params: { id: string } }>('/api/tournaments/:id', async (req, reply) => {
    const view = await hub.tournaments.view(req.params.id.slice(0, 64));
    return view ?? reply.code(404).send({ code: 'not-found', reason: 'no such tournament' });
  });
};
