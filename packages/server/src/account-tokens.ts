import { createHash, randomBytes } from 'node:crypto';
import type { AccountTokenRepo, LinkKind } from './repos/tokens.js';

/**
 * Single-use links mailed to a player: confirming an address (`confirm`) and resetting a password (`reset`). The link
 * holds a random token; the store keeps only its SHA-256, so a copy of the database opens no account. Issuing one
 * ends the account's earlier links of that kind; redeeming one deletes it, so it works once.
 */

export type TokenKind = LinkKind;

export interface RedeemedToken {
  readonly userId: string;
  readonly email: string;
}

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

export class AccountTokens {
  constructor(private readonly repo: AccountTokenRepo) {}

  /** A new link's token for `userId`, valid until `expiresAt` (the earlier ones of that kind stop working). */
  async issue(userId: string, kind: TokenKind, email: string, expiresAt: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.repo.replace(hashOf(token), userId, kind, email, expiresAt);
    return token;
  }

  /**
   * The account and address a token was issued for, once: the token is deleted whether or not it has expired.
   * Undefined for a token that is unknown, of another kind, used already (by a request racing this one too) or past
   * `now`.
   */
  async redeem(token: string, kind: TokenKind, now: number): Promise<RedeemedToken | undefined> {
    if (token.length === 0 || token.length > 100) return undefined;
    const link = await this.repo.take(hashOf(token), kind);
    if (!link || link.expiresAt <= now) return undefined;
    return { userId: link.userId, email: link.email };
  }

  /** Ends every link of `kind` of an account (its address changed, its password was reset). */
  drop(userId: string, kind: TokenKind): Promise<number> {
    return this.repo.dropAll(userId, kind);
  }
}
