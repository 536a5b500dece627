import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Requests for the web app's files: at the default level they are not logged (one player's visit loads dozens),
 * while the API, the socket and every error are.
 */
const isAppFile = (req: FastifyRequest): boolean =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  !req.url.startsWith('/api/') &&
  !req.url.startsWith('/ws') &&
  !req.url.startsWith('/healthz');

/** Fastify's request lines, with the app's files moved down to `debug`. */
export class RequestLog extends LogController {
  override incomingRequest(req: FastifyRequest, reply: FastifyReply): void {
    if (isAppFile(req)) req.log.debug({ req }, 'incoming request');
    else super.incomingRequest(req, reply);
  }

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (!error && reply.statusCode < 400 && isAppFile(req)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else super.requestCompleted(error, req, reply);
  }
}
