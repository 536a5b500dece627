/**
 * Arena pauses, as lichess runs them: a player who lets a first move lapse is taken out of the pairing (withdrawn
 * from the next wave on) until they press Join again. The pause remembers the aborted game that caused it, so the
 * same game never pauses a player a second time once they have come back; a later lapse pauses them again.
 */
import type { TournamentRepository } from './repos/tournaments.js';
import type { LoadedTournament, TournamentGame } from './tournament-records.js';

/** Each player's latest game in the tournament (the last round's, the last of a match). */
const latestGames = (t: LoadedTournament): Map<string, TournamentGame> => {
  const latest = new Map<string, TournamentGame>();
  // the games come ordered by round, board and game number; the last one seen is the latest
  for (const g of t.games) for (const p of g.players) latest.set(p, g);
  return latest;
};

/** Whether this player let the first move of this game lapse (the game was aborted for it). */
const lapsedIn = (g: TournamentGame, userId: string): boolean =>
  g.status === 'aborted' && g.lapsed.some((seat) => g.players[seat] === userId);

/**
 * The players to pause now: those whose latest game was aborted because their own first move lapsed, and whom that
 * game has not paused yet (a player who came back after it is not paused again for it).
 */
export const lapsedPlayers = (t: LoadedTournament): { userId: string; gameId: string }[] => {
  const out: { userId: string; gameId: string }[] = [];
  for (const [userId, g] of latestGames(t)) {
    if (!lapsedIn(g, userId)) continue;
    const row = t.entrantRows.find((e) => e.user_id === userId);
    if (!row || row.withdrawn_round !== null) continue;
    if (row.paused_by === g.gameId) continue;
    out.push({ userId, gameId: g.gameId });
  }
  return out;
};

/**
 * Pauses every arena player whose first move lapsed and who has not been paused for it yet, from wave `round` on;
 * true when someone was paused. Guarded on `paused_by`, so processes doing it at once pause a player once.
 */
export const pauseLapsed = async (
  tournaments: TournamentRepository,
  t: LoadedTournament,
  round: number,
): Promise<boolean> => {
  let changed = false;
  for (const { userId, gameId } of lapsedPlayers(t)) {
    const paused = await tournaments.pause(t.info.id, userId, round, gameId);
    changed = paused || changed;
  }
  return changed;
};

/** The players paused now for a lapsed first move (not withdrawn of their own accord): their pause is their latest game. */
export const pausedPlayers = (t: LoadedTournament): Set<string> => {
  const latest = latestGames(t);
  const out = new Set<string>();
  for (const row of t.entrantRows) {
    if (row.withdrawn_round === null) continue;
    const g = latest.get(row.user_id);
    if (g && row.paused_by === g.gameId && lapsedIn(g, row.user_id)) out.add(row.user_id);
  }
  return out;
};
