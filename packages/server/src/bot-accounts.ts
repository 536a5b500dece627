/**
 * Bot accounts: an account that has played no game may become a bot, for good (its games from then on are a
 * program's, and its ratings are not counted among people's). A bot plays through the Bot API; the Board API and
 * seeks that do not allow bots are closed to it.
 */
import type { Store } from './store.js';

export type UpgradeResult = { ok: true } | { ok: false; code: string; reason: string };

/** Turns the account into a bot, unless it has played (or sits in) a game, or is one already. */
export const upgradeToBot = (store: Store, userId: string): Promise<UpgradeResult> =>
  store.transaction(async (tx) => {
    const [row] = await tx.all<{ bot: number | string }>('SELECT bot FROM users WHERE id = ?', [userId]);
    if (!row) return { ok: false, code: 'not-found', reason: 'no such account' };
    if (Number(row.bot)) return { ok: false, code: 'already-bot', reason: 'this account is a bot already' };
    const [played] = await tx.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM game_players WHERE user_id = ?', [
      userId,
    ]);
    if (Number(played?.n ?? 0) > 0)
      return { ok: false, code: 'has-played', reason: 'only an account that has played no game can become a bot' };
    // a seek waiting with the account in it would start a game a person's seat was promised for
    const [seeking] = await tx.all<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM games WHERE status = 'seeking' AND (creator LIKE ? OR seats LIKE ?)",
      [`%"${userId}"%`, `%"${userId}"%`],
    );
    if (Number(seeking?.n ?? 0) > 0)
      return { ok: false, code: 'has-seeks', reason: 'cancel your open seeks before becoming a bot' };
    await tx.run('UPDATE users SET bot = 1 WHERE id = ? AND bot = 0', [userId]);
    return { ok: true };
  });

/** Whether an account is a bot (read from the store: the truth, whatever a session was told). */
export const isBot = async (store: Store, userId: string): Promise<boolean> => {
  const row = await store.get<{ bot: number | string }>('SELECT bot FROM users WHERE id = ?', [userId]);
  return Boolean(Number(row?.bot ?? 0));
};
