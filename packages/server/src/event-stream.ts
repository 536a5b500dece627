/**
 * `GET /api/stream/event`: what happens to an account, as NDJSON lines — challenges made, cancelled and declined,
 * its games starting and finishing. The stream is a listening connection of the hub, so what `toUser` sends reaches
 * it from every process; on opening it tells the games in play and the challenges waiting, so a bot that reconnects
 * picks up where it was.
 */
import type { SeatHolder, ServerMessage, UserInfo } from '@qiyuan/protocol';
import type { Challenges } from './challenges.js';
import { type Client, newId } from './clients.js';
import type { Hub } from './hub.js';
import type { Ndjson } from './ndjson.js';
import type { GameHistory, GameStart } from './repos/game-history.js';

/** A seat as the API shows it: the name and the BOT tag (an AI seat has no name but its level). */
export interface ApiSeat {
  readonly name: string | null;
  readonly id?: string;
  readonly bot: boolean;
  readonly rating?: number;
  readonly ai?: number;
}

export const apiSeat = (s: SeatHolder): ApiSeat =>
  s.kind === 'user'
    ? {
        name: s.user.name,
        id: s.user.id,
        bot: Boolean(s.user.bot),
        ...(s.rating === undefined ? {} : { rating: s.rating }),
      }
    : s.kind === 'ai'
      ? { name: null, bot: false, ai: s.level }
      : { name: null, bot: false };

/**
 * A connection of the hub that hands what it is sent to `receive` (an API stream's listener); the hub closing it (a
 * ban, the end of its session, the server shutting down) ends the stream.
 */
export const listener = (
  user: UserInfo,
  receive: (m: ServerMessage) => void,
  out: Ndjson,
  session?: string,
): Client => ({
  id: newId(),
  user,
  ...(session === undefined ? {} : { session }),
  hello: true,
  lobby: false,
  watching: new Set(),
  legalFor: new Set(),
  send: receive,
  close: () => out.end(),
});

/** A game as `gameStart` names it. */
const gameOf = (row: GameStart, userId: string) => {
  const seats = JSON.parse(row.seats) as SeatHolder[];
  return {
    id: row.id,
    gameId: row.id,
    game: row.game,
    rated: Boolean(row.rated),
    speed: row.speed,
    clock: JSON.parse(row.clock) as unknown,
    seats: seats.map(apiSeat),
    you: seats.flatMap((s, i) => (s.kind === 'user' && s.user.id === userId ? [i] : [])),
  };
};

export const streamEvents = async (
  hub: Hub,
  history: GameHistory,
  challenges: Challenges,
  user: UserInfo,
  out: Ndjson,
  session?: string,
): Promise<void> => {
  // the lines go out in the order their messages came, though a game's details are read from the store
  let chain: Promise<unknown> = Promise.resolve();
  const gameLine = async (gameId: string) => {
    const row = await history.startOf(gameId);
    return row ? { type: 'gameStart', game: gameOf(row, user.id) } : undefined;
  };
  const receive = (m: ServerMessage) => {
    chain = chain
      .then(async () => {
        if (m.type === 'challenge') out.write({ type: m.event, challenge: m.challenge });
        else if (m.type === 'game.started') {
          const line = await gameLine(m.gameId);
          if (line) out.write(line);
        } else if (m.type === 'game.finished')
          out.write({
            type: 'gameFinish',
            game: { id: m.gameId, gameId: m.gameId, status: m.status, ...(m.outcome ? { outcome: m.outcome } : {}) },
          });
      })
      .catch((e: unknown) => hub.log.warn({ err: e }, 'event stream line not written'));
  };
  const client = listener(user, receive, out, session);
  hub.attach(client);
  out.onClose(() => hub.detach(client));
  // what is under way already, then what comes
  chain = chain.then(async () => {
    const rows = await history.startsInPlayOf(user.id);
    for (const id of new Set(rows.map((r) => r.id))) {
      const row = rows.find((r) => r.id === id)!;
      out.write({ type: 'gameStart', game: gameOf(row, user.id) });
    }
    const open = await challenges.openOf(user.id);
    for (const c of [...open.in, ...open.out]) out.write({ type: 'challenge', challenge: c });
  });
  await chain.catch(() => undefined);
};
