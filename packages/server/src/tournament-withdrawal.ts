/**
 * A player who withdraws from a running tournament resigns the game they are playing in it, so that its round can
 * end (lichess does the same when a player leaves a Swiss or an arena). The resignation goes the way a player's own
 * would: a `game.resign` handled by the hub, which hands it to the room that owns the game (on another process in a
 * cluster) and runs it in that room's queue, at the game's sequence number as the store or the room knows it.
 */
import type { ServerMessage, UserInfo } from '@qiyuan/protocol';
import { type Client, newId } from './clients.js';
import type { Hub } from './hub.js';
import type { LoadedTournament } from './tournament-records.js';

/** How many times a resignation is sent again when the game moved on meanwhile (a move crossed it). */
const TRIES = 5;

/** The games of the tournament this player is sitting in now (as themselves or in their team). */
export const gamesBeingPlayedBy = (t: LoadedTournament, userId: string): string[] => {
  const ids = new Set([userId]);
  for (const [team, members] of t.members) if (members.includes(userId)) ids.add(team);
  return t.games.filter((g) => g.status === 'playing' && g.players.some((p) => ids.has(p))).map((g) => g.gameId);
};

/** A stand-in connection of the player, whose answers are kept. */
const standIn = (user: UserInfo, answers: ServerMessage[]): Client => ({
  id: newId(),
  user,
  hello: true,
  lobby: false,
  watching: new Set(),
  legalFor: new Set(),
  send: (m) => answers.push(m),
  close: () => {},
});

const seqOf = async (hub: Hub, gameId: string): Promise<number | undefined> => {
  const room = hub.rooms.get(gameId);
  if (room) return room.seq;
  const row = await hub.store.get<{ seq: number | string }>('SELECT seq FROM games WHERE id = ?', [gameId]);
  return row ? Number(row.seq) : undefined;
};

/** Resigns one game for the player; true once it is resigned or over. */
export const resignFor = async (hub: Hub, user: UserInfo, gameId: string): Promise<boolean> => {
  for (let i = 0; i < TRIES; i++) {
    const seq = await seqOf(hub, gameId);
    if (seq === undefined) return false;
    const answers: ServerMessage[] = [];
    await hub.handle(standIn(user, answers), { type: 'game.resign', id: 'withdraw', gameId, seq });
    const answer = answers.find((a) => 'id' in a && a.id === 'withdraw');
    if (answer?.type === 'ack') return true;
    if (answer?.type === 'error' && answer.code === 'game-over') return true;
    // the game moved on since its sequence was read (or its owner is changing): read it again and resend
    if (answer?.type === 'error' && (answer.code === 'stale-seq' || answer.code === 'unavailable')) continue;
    hub.log.warn({ gameId, answer }, 'a withdrawing player could not resign their game');
    return false;
  }
  return false;
};
