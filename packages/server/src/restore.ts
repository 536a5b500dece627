import type { GameId } from '@qiyuan/core';
import type { ClockSpec, UserInfo } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import type { ClockState } from './clock.js';
import { engineFor } from './games.js';
import type { GameChat } from './repos/game-chat.js';
import type { GameRow } from './repos/games.js';
import { Room, type RoomHost, type RoomMeta, type RoomStatus } from './room.js';
import { gameAt, movesSince } from './stored-game.js';

export type { GameRow } from './repos/games.js';

/** Statuses of a game that has an owner: a seek and a game being played. */
export const LIVE: ReadonlySet<string> = new Set(['seeking', 'playing']);

/** A room rebuilt from its stored row, or undefined (logged) when the row cannot be played here. */
export const roomFromRow = (row: GameRow, host: RoomHost, log: Logger): Room | undefined => {
  try {
    const def = engineFor(row.game);
    if (!def || row.snapshot === null) return undefined;
    const moves = movesSince(row);
    const game = gameAt(def, row.snapshot, moves);
    if (!game.ok) {
      log.error({ gameId: row.id, error: game.error }, 'cannot restore game');
      return undefined;
    }
    const clock = JSON.parse(row.clock_state ?? 'null') as ClockState;
    // the salt of the commitment is stored beside the seed; the engine's options never hold it
    const { salt, ...options } = JSON.parse(row.options) as RoomMeta['options'];
    const meta: RoomMeta = {
      id: row.id,
      game: row.game as GameId,
      options,
      ...(typeof salt === 'string' ? { salt } : {}),
      clock: JSON.parse(row.clock) as ClockSpec,
      speed: row.speed as RoomMeta['speed'],
      rated: row.rated !== 0,
      private: row.private !== 0,
      creator: JSON.parse(row.creator) as UserInfo,
      createdAt: row.created_at,
      ...(row.tournament_id === null ? {} : { tournament: row.tournament_id }),
      ...(row.allow_bots !== 0 ? { allowBots: true } : {}),
    };
    return new Room(
      meta,
      def,
      game.value,
      {
        seq: row.seq,
        status: row.status as RoomStatus,
        seats: JSON.parse(row.seats),
        clock,
        snapshot: row.snapshot,
        movesSince: moves,
      },
      host,
    );
  } catch (e) {
    log.error({ err: e, gameId: row.id }, 'cannot restore game');
    return undefined;
  }
};

/** The game's latest chat lines (and who hides the spectators' ones) from the store, into a restored room. */
export const loadChat = async (chat: GameChat, log: Logger, room: Room | undefined): Promise<void> => {
  if (!room) return;
  const stored = await chat.latest(room.id).catch((e: unknown) => {
    log.warn({ err: e, gameId: room.id }, 'chat not loaded');
    return [];
  });
  const quiet = await chat.quietIn(room.id).catch(() => []);
  for (const userId of quiet) room.spectatorChatOff.add(userId);
  const known = new Set(room.chat.map((l) => `${l.at}|${l.from.id}|${l.text}`));
  const lines = stored
    .map((r) => ({
      from: r.from,
      text: r.text,
      at: r.at,
      ...(r.spectator ? { spectator: true } : {}),
      ...(r.team === undefined ? {} : { team: r.team }),
    }))
    .filter((l) => !known.has(`${l.at}|${l.from.id}|${l.text}`));
  if (lines.length === 0) return;
  // lines that arrived (pub/sub) while the store was read stay, in time order
  const merged = [...lines, ...room.chat].sort((a, b) => a.at - b.at);
  room.chat.splice(0, room.chat.length);
  for (const l of merged) room.addChat(l);
};
