/** A player's own data: the export of everything stored about them, and closing the account. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { verify } from '@node-rs/argon2';
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { type StoredGame, summary } from './game-summary.js';
import { engineFor } from './games.js';
import type { Moderation } from './moderation.js';
import { COOKIE } from './session-cookie.js';
import { gameOfRow } from './stored-game.js';

/** A finished game's record in the game's own notation, as `/api/games/:id/export` gives it; null while in play. */
const recordOf = (g: StoredGame): string | null => {
  if ((g.status !== 'finished' && g.status !== 'aborted') || !g.snapshot) return null;
  const def = engineFor(g.game);
  const game = def && gameOfRow(def, g);
  return def && game?.ok ? def.exportGame(game.value) : null;
};

export const accountDataRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  mod: Moderation,
  who: (req: FastifyRequest, reply: FastifyReply) => Promise<UserInfo>,
): void => {
  const repo = mod.repo;

  app.get('/api/me/export', async (req, reply) => {
    const u = await who(req, reply);
    if (u.guest) return reply.code(401).send({ code: 'no-session', reason: 'log in first' });
    const me = await repo.byId(u.id);
    if (!me) return reply.code(401).send({ code: 'no-session', reason: 'log in first' });
    const [ratings, puzzleRatings, games, chat, reports] = await Promise.all([
      repo.ratingsOf(u.id),
      repo.puzzleRatingsOf(u.id),
      repo.gamesOf(u.id),
      repo.chatBy(u.id),
      repo.reportsBy(u.id),
    ]);
    const data = {
      exportedAt: new Date(mod.now()).toISOString(),
      profile: { id: me.id, name: me.name, createdAt: me.createdAt },
      ratings: ratings.map((r) => ({
        game: r.game,
        speed: r.speed,
        rating: Number(r.rating),
        rd: Number(r.rd),
        games: Number(r.games),
      })),
      puzzleRatings: puzzleRatings.map((r) => ({
        game: r.game,
        rating: Number(r.rating),
        rd: Number(r.rd),
        games: Number(r.games),
      })),
      games: (games as StoredGame[]).map((g) => ({ ...summary(g), record: recordOf(g) })),
      chat,
      reports: reports.map((r) => ({
        id: r.id,
        user: r.user.name,
        reason: r.reason,
        text: r.text,
        gameId: r.gameId,
        createdAt: r.createdAt,
        closedAt: r.closedAt,
      })),
    };
    return reply
      .header('content-disposition', `attachment; filename="qiyuan-${me.name}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 1));
  });

  app.post('/api/me/close', { config: { rateLimit: { max: 10, timeWindow: 60_000 } } }, async (req, reply) => {
    const u = await who(req, reply);
    if (u.guest) return reply.code(401).send({ code: 'no-session', reason: 'log in first' });
    const password = (req.body as { password?: unknown } | null)?.password;
    if (typeof password !== 'string') return reply.code(400).send({ code: 'bad-request', reason: 'send {password}' });
    const hash = await repo.passwordHash(u.id);
    const good = hash ? await verify(hash, password).catch(() => false) : false;
    if (!good) return reply.code(403).send({ code: 'bad-password', reason: 'the password is wrong' });
    const me = await repo.byId(u.id);
    if (!me) return reply.code(401).send({ code: 'no-session', reason: 'log in first' });
    await mod.close(me);
    reply.clearCookie(COOKIE, { path: '/' });
    return { ok: true };
  });
};
