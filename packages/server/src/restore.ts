import type { GameId } from '@qiyuan/core';
import type { ClockSpec, UserInfo } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import type { ClockState } from './clock.js';
import { engineFor } from './games.js';
import { Room, type RoomHost, type RoomMeta, type RoomStatus } from './room.js';
import type { Store } from './store.js';

/** A row of the `games` table. */
export interface GameRow {
  id: string;
  game: string;
  options: string;
  clock: string;
  speed: string;
  rated: number | boolean;
  private: number | boolean;
  seats: string;
  creator: string;
  status: string;
  seq: number;
  snapshot: string | null;
  clock_state: string | null;
  created_at: number | string;
  fence?: number | string;
  [k: string]: unknown;
}

/** Statuses of a game that has an owner: a seek and a game being played. */
export const LIVE: ReadonlySet<string> = new Set(['seeking', 'playing']);

/** A room rebuilt from its stored row, or undefined (logged) when the row cannot be played here. */
export const roomFromRow = (row: GameRow, host: RoomHost, log: Logger): Room | undefined => {
  try {
    const def = engineFor(row.game);
    if (!def || row.snapshot === null) return undefined;
    const game = def.fromSnapshot(JSON.parse(row.snapshot));
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
      rated: Boolean(Number(row.rated)),
      private: Boolean(Number(row.private)),
      creator: JSON.parse(row.creator) as UserInfo,
      createdAt: Number(row.created_at),
      ...(typeof row.tournament_id === 'string' ? { tournament: row.tournament_id } : {}),
      ...(Number(row.allow_bots ?? 0) ? { allowBots: true } : {}),
    };
    return new Room(
      meta,
      def,
      game.value,
      {
        seq: Number(row.seq),
        status: row.status as RoomStatus,
        seats: JSON.parse(row.seats),
        clock,
        snapshot: row.snapshot,
      },
      host,
    );
  } catch (e) {
    log.error({ err: e, gameId: row.id }, 'cannot restore game');
    return undefined;
  }
};

/** The game's latest chat lines (and who hides the spectators' ones) from the store, into a restored room. */
export const loadChat = async (store: Store, log: Logger, room: Room | undefined): Promise<void> => {
  if (!room) return;
  const rows = await store
    .all<{ from_user: string; text: string; spectator: number | boolean; at: number | string; team: number | null }>(
      'SELECT from_user, text, spectator, at, team FROM game_chat WHERE game_id = ? ORDER BY at DESC LIMIT 100',
      [room.id],
    )
    .catch((e: unknown) => {
      log.warn({ err: e, gameId: room.id }, 'chat not loaded');
      return [];
    });
  const quiet = await store
    .all<{ user_id: string }>('SELECT user_id FROM game_chat_quiet WHERE game_id = ?', [room.id])
    .catch(() => []);
  for (const q of quiet) room.spectatorChatOff.add(q.user_id);
  const known = new Set(room.chat.map((l) => `${l.at}|${l.from.id}|${l.text}`));
  const lines = rows
    .reverse()
    .map((r) => ({
      from: JSON.parse(r.from_user) as UserInfo,
      text: r.text,
      at: Number(r.at),
      ...(Number(r.spectator) ? { spectator: true } : {}),
      ...(r.team !== null && r.team !== undefined ? { team: Number(r.team) } : {}),
    }))
    .filter((l) => !known.has(`${l.at}|${l.from.id}|${l.text}`));
  if (lines.length === 0) return;
  // lines that arrived (pub/sub) while the store was read stay, in time order
  const merged = [...lines, ...room.chat].sort((a, b) => a.at - b.at);
  room.chat.splice(0, room.chat.length);
  for (const l of merged) room.addChat(l);
};
