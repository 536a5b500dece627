/**
 * A tournament's games: a round's pairings stored once, each game's row written once and its game started through
 * the lobby (a seek with every seat taken), and a game stored but not started picked up where it is held.
 */
import type { UserInfo } from '@qiyuan/protocol';
import type { Pairing } from '@qiyuan/tournament';
import type { Logger } from 'pino';
import { newId } from './clients.js';
import { engineFor } from './games.js';
import type { Lobby } from './lobby.js';
import { newGame } from './lobby-options.js';
import type { TournamentRepository } from './repos/tournaments.js';
import type { RoomMeta } from './room.js';
import type { RoomRegistry } from './room-registry.js';
import { drawSalt } from './seed.js';
import { isUniqueViolation } from './store.js';
import { botsAmong, type LoadedTournament } from './tournament-records.js';

/** What a tournament's games need of the live server (the hub): the lobby that starts them, the rooms, the clock. */
export interface TournamentGamesHost {
  readonly lobby: Pick<Lobby, 'seatOf' | 'openRoom' | 'startRoom'>;
  readonly rooms: Pick<RoomRegistry, 'get'>;
  readonly log: Logger;
  now(): number;
}

/** Stores a new round once (its primary key), then the next pass starts its games. */
export const addRound = async (
  tournaments: TournamentRepository,
  now: number,
  t: LoadedTournament,
  round: number,
  pairings: readonly Pairing[],
): Promise<boolean> => {
  // false: paired by another process, and the next pass reads it; either way the tournament changed
  await tournaments.addRound(t.info.id, round, JSON.stringify(pairings), now);
  return true;
};

/** Writes a game's row once (its primary key), then starts the game. */
export const addGame = async (
  hub: TournamentGamesHost,
  tournaments: TournamentRepository,
  t: LoadedTournament,
  round: number,
  board: number,
  gameNo: number,
  players: string[],
  tieBreak: boolean,
): Promise<boolean> => {
  const gameId = newId();
  const now = hub.now();
  const added = await tournaments.addGame({
    tournamentId: t.info.id,
    round,
    board,
    gameNo,
    players,
    tieBreak,
    gameId,
    now,
  });
  // a row there already: another process wrote it and starts its game
  if (added) await startGame(hub, t, { players, gameId });
  return true;
};

/**
 * Creates and starts a paired game through the lobby's own path (a seek with every seat taken): options with a
 * fresh secret seed, the players' ratings in their seats, rated as the tournament is, named with the tournament.
 */
export const startGame = async (
  hub: TournamentGamesHost,
  t: LoadedTournament,
  g: { players: readonly string[]; gameId: string },
): Promise<boolean> => {
  const def = engineFor(t.info.game);
  if (!def) return false;
  const created = newGame(def, t.info.options);
  if (!created.ok) {
    hub.log.error({ tid: t.info.id, error: created.refusal }, 'a tournament game cannot be created');
    return false;
  }
  const { loose } = created;
  // a team game seats each team's players opposite each other: white's at 0 and 2, black's at 1 and 3
  const [w, b] = g.players.map((p) => t.members.get(p) ?? []);
  const people = t.info.teams ? [w![0]!, b![0]!, w![1]!, b![1]!] : g.players;
  const seats = [];
  const bots = botsAmong(t.entrantRows);
  for (const p of people) {
    const user: UserInfo = { id: p, name: t.names.get(p) ?? p, guest: false, ...(bots.has(p) ? { bot: true } : {}) };
    seats.push(await hub.lobby.seatOf(user, t.info.game, t.info.speed));
  }
  const now = hub.now();
  const meta: RoomMeta = {
    id: g.gameId,
    game: def.id,
    options: loose,
    salt: drawSalt(),
    clock: t.info.clock,
    speed: t.info.speed,
    rated: t.info.rated,
    private: t.info.private,
    creator: { id: t.info.creator.id, name: t.info.creator.name, guest: false },
    createdAt: now,
    tournament: t.info.id,
  };
  try {
    const room = await hub.lobby.openRoom(meta, def, created.game, seats, now);
    if (!room) return false;
    return await hub.lobby.startRoom(room, seats);
  } catch (e) {
    if (isUniqueViolation(e)) return false; // another process started it
    throw e;
  }
};

export const startStored = async (hub: TournamentGamesHost, gameId: string): Promise<boolean> => {
  const room = hub.rooms.get(gameId);
  if (room?.status !== 'seeking' || room.seats.some((s) => s.kind === 'open')) return false;
  return hub.lobby.startRoom(room, room.seats);
};
