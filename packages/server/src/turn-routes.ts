import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { actingSeats } from '@qiyuan/core';
import type { TurnEntry, UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { nextDeadline } from './clock.js';
import type { Hub } from './hub.js';
import type { GameHistory } from './repos/game-history.js';

/** Correspondence games first, then the one whose time runs out first, then the oldest. */
const byUrgency = (a: TurnEntry & { createdAt: number }, b: TurnEntry & { createdAt: number }): number => {
  const ca = a.speed === 'correspondence' ? 0 : 1;
  const cb = b.speed === 'correspondence' ? 0 : 1;
  if (ca !== cb) return ca - cb;
  const da = a.deadline ?? Number.POSITIVE_INFINITY;
  const db = b.deadline ?? Number.POSITIVE_INFINITY;
  return da !== db ? da - db : a.createdAt - b.createdAt;
};

/** The games being played where it is `userId`'s move, most urgent first (read from the stored games). */
export const turnsOf = async (hub: Hub, history: GameHistory, userId: string): Promise<TurnEntry[]> => {
  const rows = await history.inPlayOf(userId, 'oldest-first', 200);
  const out: (TurnEntry & { createdAt: number })[] = [];
  for (const row of rows) {
    // the process that owns the game knows its latest state; the row is the same once committed
    const room = hub.rooms.get(row.id) ?? hub.rooms.fromRow(row);
    if (!room) continue;
    const turn = room.game.turn();
    const mine = room.seatsOf(userId);
    if (!actingSeats(turn).some((s) => mine.includes(s))) continue;
    const deadline = nextDeadline(room.meta.clock, room.clock, turn);
    out.push({
      gameId: room.id,
      game: room.meta.game,
      clock: room.meta.clock,
      speed: room.meta.speed,
      ...(deadline === undefined ? {} : { deadline }),
      seats: room.seats,
      you: mine,
      createdAt: room.meta.createdAt,
    });
  }
  return out.sort(byUrgency).map(({ createdAt: _, ...entry }) => entry);
};

/**
 * The player's own routes for correspondence play: the "your turn" list (`GET /api/me/turns`); the e-mail address
 * notices go to is in email-routes.ts.
 */
export const turnRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  hub: Hub,
  history: GameHistory,
  who: (req: FastifyRequest, reply: FastifyReply) => Promise<UserInfo>,
): void => {
  app.get('/api/me/turns', async (req, reply) => {
    const u = await who(req, reply);
    return { turns: await turnsOf(hub, history, u.id) };
  });
};
