import type { Store } from './store.js';

/** The account's e-mail address and whether its owner confirmed it (the link of account-mail.ts), in `users`. */

export interface EmailState {
  readonly name: string;
  readonly email: string | null;
  readonly confirmed: boolean;
}

export const emailStateOf = async (store: Store, userId: string): Promise<EmailState | undefined> => {
  const row = await store.get<{ name: string; email: string | null; email_confirmed: number | boolean }>(
    'SELECT name, email, email_confirmed FROM users WHERE id = ?',
    [userId],
  );
  return row
    ? { name: row.name, email: row.email ?? null, confirmed: Boolean(Number(row.email_confirmed)) }
    : undefined;
};

/** A new address (or none), not confirmed yet. */
export const setEmail = (store: Store, userId: string, email: string | null): Promise<number> =>
  store.run('UPDATE users SET email = ?, email_confirmed = 0 WHERE id = ?', [email, userId]);

/** Confirms `email` for the account, if it is still the account's address; whether it was. */
export const confirmEmail = async (store: Store, userId: string, email: string): Promise<boolean> =>
  (await store.run('UPDATE users SET email_confirmed = 1 WHERE id = ? AND email = ?', [userId, email])) === 1;

/** The accounts whose confirmed address is `email` (any case), oldest first, for a password reset. */
export const accountsByConfirmedEmail = (
  store: Store,
  email: string,
): Promise<{ id: string; name: string; email: string }[]> =>
  store.all<{ id: string; name: string; email: string }>(
    'SELECT id, name, email FROM users WHERE LOWER(email) = ? AND email_confirmed = 1 AND guest = 0 ORDER BY created_at LIMIT 5',
    [email.toLowerCase()],
  );

/** A new password hash for the account. */
export const setPasswordHash = (store: Store, userId: string, hash: string): Promise<number> =>
  store.run('UPDATE users SET password_hash = ? WHERE id = ? AND guest = 0', [hash, userId]);
