/**
 * A player who withdraws from a running tournament resigns the game they are playing in it, so that its round can
 * end (lichess does the same when a player leaves a Swiss or an arena). The resignation is `resignFor`'s
 * (resign-for.ts), the way a player's own goes.
 */
import type { LoadedTournament } from './tournament-records.js';

/** The games of the tournament this player is sitting in now (as themselves or in their team). */
export const gamesBeingPlayedBy = (t: LoadedTournament, userId: string): string[] => {
  const ids = new Set([userId]);
  for (const [team, members] of t.members) if (members.includes(userId)) ids.add(team);
  return t.games.filter((g) => g.status === 'playing' && g.players.some((p) => ids.has(p))).map((g) => g.gameId);
};
