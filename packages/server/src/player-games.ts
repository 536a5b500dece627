import type { GameHistory, GameRecord } from './repos/game-history.js';

/**
 * A player's games as another may list them (`/api/users/:name/games`), newest first, 50 at a time. A private game
 * (played by invitation, kept out of the lobby and the live list) is listed to others only once it is over, as
 * lichess lists a player's finished games: while it is played (or waits for its players) only the players who sit
 * in it see it here, so nobody who merely knows a name learns where to find it. The rule is the query's
 * (GameHistory.listedGamesOf), so that a page of 50 is 50 games the viewer may see.
 */
export const gamesOfPlayer = (
  history: GameHistory,
  userId: string,
  viewerId: string | undefined,
  before: number,
): Promise<GameRecord[]> => history.listedGamesOf(userId, viewerId, before);
