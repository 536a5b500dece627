/**
 * Accounts in `users` as the account modules see them: registering (a guest becoming an account), logging in, the
 * e-mail address and its confirmation, a new password, and becoming a bot. Moderation's view of the same rows (bans,
 * mutes, roles) is its own repository's.
 */
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.js';
import type { Store, Tx } from '../store.js';

/** An account's stored row, whole: the login reads it to check the password and whether the account is barred. */
export type AccountRow = Selectable<UsersTable>;

/** The account's e-mail address and whether its owner confirmed it (the link of account-mail.ts). */
export interface EmailState {
  readonly name: string;
  readonly email: string | null;
  readonly confirmed: boolean;
}

/** An account a password-reset link may be mailed to. */
export interface ResetAddressee {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

/** Accounts that may be sent a reset link at one address: an address confirmed by many is not mailed for them all. */
const RESET_ACCOUNTS_MAX = 5;

export class UserRepo {
  constructor(private readonly store: Store) {}

  /** Whether an account (or a guest that registered) already has this name, compared without case. */
  async nameTaken(nameKey: string): Promise<boolean> {
    const row = await this.store.q.selectFrom('users').select('id').where('name_key', '=', nameKey).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Makes the stored guest `id` the account `name`; false when there is no such guest row (a guest that never sat
   * in a game has none, and one that registered already is no guest). Throws a unique violation if the name is taken.
   */
  async upgradeGuest(id: string, a: { name: string; nameKey: string; passwordHash: string }): Promise<boolean> {
    const r = await this.store.q
      .updateTable('users')
      .set({ name: a.name, name_key: a.nameKey, password_hash: a.passwordHash, guest: 0 })
      .where('id', '=', id)
      .where('guest', '=', 1)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** A new account. Throws a unique violation if the id or the name is taken. */
  async createAccount(a: {
    id: string;
    name: string;
    nameKey: string;
    passwordHash: string;
    createdAt: number;
  }): Promise<void> {
    await this.store.q
      .insertInto('users')
      .values({
        id: a.id,
        name: a.name,
        name_key: a.nameKey,
        password_hash: a.passwordHash,
        guest: 0,
        created_at: a.createdAt,
      })
      .execute();
  }

  /** The account with this name (compared without case), for a login. */
  byNameKey(nameKey: string): Promise<AccountRow | undefined> {
    return this.store.q.selectFrom('users').selectAll().where('name_key', '=', nameKey).executeTakeFirst();
  }

  async emailStateOf(userId: string): Promise<EmailState | undefined> {
    const row = await this.store.q
      .selectFrom('users')
      .select(['name', 'email', 'email_confirmed'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ? { name: row.name, email: row.email, confirmed: row.email_confirmed === 1 } : undefined;
  }

  /** A new address (or none), not confirmed yet; false when there is no such account. */
  async setEmail(userId: string, email: string | null): Promise<boolean> {
    const r = await this.store.q
      .updateTable('users')
      .set({ email, email_confirmed: 0 })
      .where('id', '=', userId)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** Confirms `email` for the account, if it is still the account's address (exactly); whether it was. */
  async confirmEmail(userId: string, email: string): Promise<boolean> {
    const r = await this.store.q
      .updateTable('users')
      .set({ email_confirmed: 1 })
      .where('id', '=', userId)
      .where('email', '=', email)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** The accounts (not guests) whose confirmed address is `email` in any case, oldest first, at most five. */
  accountsByConfirmedEmail(email: string): Promise<ResetAddressee[]> {
    return this.store.q
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('email_confirmed', '=', 1)
      .where('guest', '=', 0)
      .where('email', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .limit(RESET_ACCOUNTS_MAX)
      .$narrowType<{ email: string }>()
      .execute();
  }

  /** A new password hash for an account (never a guest's); whether there was such an account. */
  async setPasswordHash(userId: string, hash: string): Promise<boolean> {
    const r = await this.store.q
      .updateTable('users')
      .set({ password_hash: hash })
      .where('id', '=', userId)
      .where('guest', '=', 0)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** Whether the account is a bot; undefined when there is no such account. */
  async isBot(userId: string, tx: Tx = this.store): Promise<boolean | undefined> {
    const row = await tx.q.selectFrom('users').select('bot').where('id', '=', userId).executeTakeFirst();
    return row === undefined ? undefined : row.bot === 1;
  }

  /** Whether the account sits, or sat, in any game. */
  async hasPlayed(userId: string, tx: Tx = this.store): Promise<boolean> {
    const row = await tx.q
      .selectFrom('game_players')
      .select('game_id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Whether a seek waiting for players names the account, as its creator or in a seat (both stored as JSON, so the
   * quoted id is looked for in the text). LIKE may match more than the id (`_` is any one character, and SQLite
   * ignores ASCII case): a false match only asks the account to cancel seeks it may not have, never lets one through.
   */
  async hasOpenSeeks(userId: string, tx: Tx = this.store): Promise<boolean> {
    const quoted = `%"${userId}"%`;
    const row = await tx.q
      .selectFrom('games')
      .select('id')
      .where('status', '=', 'seeking')
      .where((eb) => eb.or([eb('creator', 'like', quoted), eb('seats', 'like', quoted)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Makes the account a bot; false when it is one already or does not exist. */
  async markBot(userId: string, tx: Tx = this.store): Promise<boolean> {
    const r = await tx.q
      .updateTable('users')
      .set({ bot: 1 })
      .where('id', '=', userId)
      .where('bot', '=', 0)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }
}
