import { createHash, randomBytes } from 'node:crypto';
import type { Store } from './store.js';

/**
 * Single-use links mailed to a player: confirming an address (`confirm`) and resetting a password (`reset`). The link
 * holds a random token; the store keeps only its SHA-256, so a copy of the database opens no account. Issuing one
 * ends the account's earlier links of that kind; redeeming one deletes it, so it works once.
 */

export type TokenKind = 'confirm' | 'reset';

export interface RedeemedToken {
  readonly userId: string;
  readonly email: string;
}

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new link's token for `userId`, valid until `expiresAt` (the earlier ones of that kind stop working). */
export const issueToken = async (
  store: Store,
  userId: string,
  kind: TokenKind,
  email: string,
  expiresAt: number,
): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  await store.transaction(async (tx) => {
    await tx.run('DELETE FROM account_tokens WHERE user_id = ? AND kind = ?', [userId, kind]);
    await tx.run('INSERT INTO account_tokens (hash, user_id, kind, email, expires_at) VALUES (?, ?, ?, ?, ?)', [
      hashOf(token),
      userId,
      kind,
      email,
      expiresAt,
    ]);
  });
  return token;
};

/**
 * The account and address a token was issued for, once: the token is deleted whether or not it has expired. Undefined
 * for a token that is unknown, of another kind, used already (by a request racing this one too) or past `now`.
 */
export const redeemToken = async (
  store: Store,
  token: string,
  kind: TokenKind,
  now: number,
): Promise<RedeemedToken | undefined> => {
  if (token.length === 0 || token.length > 100) return undefined;
  const hash = hashOf(token);
  const row = await store.get<{ user_id: string; kind: string; email: string; expires_at: number | string }>(
    'SELECT user_id, kind, email, expires_at FROM account_tokens WHERE hash = ?',
    [hash],
  );
  if (!row || row.kind !== kind) return undefined;
  if ((await store.run('DELETE FROM account_tokens WHERE hash = ?', [hash])) !== 1) return undefined;
  if (Number(row.expires_at) <= now) return undefined;
  return { userId: row.user_id, email: row.email };
};

/** Ends every link of `kind` of an account (its address changed, its password was reset). */
export const dropTokens = (store: Store, userId: string, kind: TokenKind): Promise<number> =>
  store.run('DELETE FROM account_tokens WHERE user_id = ? AND kind = ?', [userId, kind]);
