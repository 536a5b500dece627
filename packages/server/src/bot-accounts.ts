/**
 * Bot accounts: an account that has played no game may become a bot, for good (its games from then on are a
 * program's, and its ratings are not counted among people's). A bot plays through the Bot API; the Board API and
 * seeks that do not allow bots are closed to it.
 */
import { UserRepo } from './repos/users.js';
import type { Store } from './store.js';

export type UpgradeResult = { ok: true } | { ok: false; code: string; reason: string };

/**
 * Turns the account into a bot, unless it has played (or sits in) a game, or is one already. The callers hold the
 * store (bot-api.ts, lobby.ts), so the repository is made here from it.
 */
export const upgradeToBot = (store: Store, userId: string): Promise<UpgradeResult> => {
  const users = new UserRepo(store);
  return store.transaction(async (tx) => {
    const bot = await users.isBot(userId, tx);
    if (bot === undefined) return { ok: false, code: 'not-found', reason: 'no such account' };
    if (bot) return { ok: false, code: 'already-bot', reason: 'this account is a bot already' };
    if (await users.hasPlayed(userId, tx))
      return { ok: false, code: 'has-played', reason: 'only an account that has played no game can become a bot' };
    // a seek waiting with the account in it would start a game a person's seat was promised for
    if (await users.hasOpenSeeks(userId, tx))
      return { ok: false, code: 'has-seeks', reason: 'cancel your open seeks before becoming a bot' };
    await users.markBot(userId, tx);
    return { ok: true };
  });
};

/** Whether an account is a bot (read from the store: the truth, whatever a session was told). */
export const isBot = async (store: Store, userId: string): Promise<boolean> =>
  (await new UserRepo(store).isBot(userId)) === true;
