/**
 * Who may put a tournament on the public list. A throwaway account could otherwise push real tournaments off it,
 * a few empty tournaments per account. As lichess asks for a record before a player enters most of its tournaments
 * (a number of rated games) and limits how many tournaments an account creates, an organiser here needs a little
 * standing for a public tournament: an account of some age with some rated games. Anyone with an account may still
 * create a private tournament, found through its link. The public list itself ranks tournaments by their players
 * (tournament-list.ts), so an empty one sinks below those people play in.
 */
import type { TournamentRepository } from './repos/tournaments.js';

export interface OrganiserStanding {
  /** How old an account must be, in ms. */
  readonly minAgeMs: number;
  /** Rated games the account must have finished, in all games and speeds together. */
  readonly minRatedGames: number;
}

/** A day's age and ten rated games (what a regular player has after an evening; a throwaway account has not). */
export const DEFAULT_ORGANISER_STANDING: OrganiserStanding = { minAgeMs: 24 * 3_600_000, minRatedGames: 10 };

/** What an account lacks to organise a public tournament; undefined when it has the standing. */
export const missingStanding = async (
  tournaments: TournamentRepository,
  userId: string,
  standing: OrganiserStanding,
  now: number,
): Promise<{ readonly games: number; readonly days: number } | undefined> => {
  const { createdAt, ratedGames: games } = await tournaments.organiserRecord(userId);
  const old = createdAt !== undefined && now - createdAt >= standing.minAgeMs;
  if (old && games >= standing.minRatedGames) return undefined;
  return { games: standing.minRatedGames, days: Math.ceil(standing.minAgeMs / 86_400_000) };
};
