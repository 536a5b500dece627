import type { StoredGame } from './game-summary.js';
import type { Store } from './store.js';

/**
 * A player's games as another may list them (`/api/users/:name/games`), newest first, 50 at a time. A private game
 * (played by invitation, kept out of the lobby and the live list) is listed to others only once it is over, as
 * lichess lists a player's finished games: while it is played (or waits for its players) only the players who sit
 * in it see it here, so nobody who merely knows a name learns where to find it.
 */
export const gamesOfPlayer = (
  store: Store,
  userId: string,
  viewerId: string | undefined,
  before: number,
): Promise<StoredGame[]> =>
  store.all<StoredGame>(
    `SELECT games.* FROM game_players JOIN games ON games.id = game_players.game_id
     WHERE game_players.user_id = ? AND games.created_at < ?
       AND (games.private = 0 OR games.status NOT IN ('seeking', 'playing')
            OR EXISTS (SELECT 1 FROM game_players AS mine WHERE mine.game_id = games.id AND mine.user_id = ?))
     ORDER BY games.created_at DESC LIMIT 50`,
    [userId, before, viewerId ?? ''],
  );
