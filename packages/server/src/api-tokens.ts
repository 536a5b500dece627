import { createHash, randomBytes } from 'node:crypto';
import type { UserInfo } from '@qiyuan/protocol';
import { newId } from './clients.js';
import { type UserRow, userInfo } from './session.js';
import type { Store } from './store.js';

/**
 * Personal API tokens (the Bot and Board API): a random 32-byte token shown once to its owner; the store keeps only
 * its SHA-256, so a copy of the database speaks for nobody. A token grants its scopes and nothing more, and stops
 * working when it is revoked or its account is banned or closed (checked on every request, like a session).
 */

/** What a token may be allowed to do: the allow-list. */
export const SCOPES = ['bot:play', 'board:play', 'challenge:write'] as const;
export type Scope = (typeof SCOPES)[number];

/** Tokens one account may hold at once. */
export const MAX_TOKENS = 20;
/** The token's prefix: tells a reader (and a secret scanner) what it is. */
const PREFIX = 'qyp_';

export interface TokenInfo {
  readonly id: string;
  readonly description: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

/** The account a token speaks for, and what it may do. */
export interface TokenHolder {
  readonly user: UserInfo;
  readonly scopes: ReadonlySet<Scope>;
  readonly tokenId: string;
}

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

export const isScope = (s: unknown): s is Scope => typeof s === 'string' && (SCOPES as readonly string[]).includes(s);

interface TokenRow {
  id: string;
  description: string;
  scopes: string;
  created_at: number | string;
  last_used_at: number | string | null;
  [k: string]: unknown;
}

const infoOf = (r: TokenRow): TokenInfo => ({
  id: r.id,
  description: r.description,
  scopes: (JSON.parse(r.scopes) as unknown[]).filter(isScope),
  createdAt: Number(r.created_at),
  lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
});

export class ApiTokens {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  /** A new token for `userId`: its id, and the token itself (shown this once). */
  async create(
    userId: string,
    description: string,
    scopes: readonly Scope[],
  ): Promise<{ id: string; token: string } | { refused: string }> {
    const held = await this.store.get<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM api_tokens WHERE user_id = ?',
      [userId],
    );
    if (Number(held?.n ?? 0) >= MAX_TOKENS) return { refused: `an account holds at most ${MAX_TOKENS} tokens` };
    const token = PREFIX + randomBytes(32).toString('base64url');
    const id = newId();
    await this.store.run(
      'INSERT INTO api_tokens (id, hash, user_id, description, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [id, hashOf(token), userId, description, JSON.stringify([...new Set(scopes)]), this.now()],
    );
    return { id, token };
  }

  async list(userId: string): Promise<TokenInfo[]> {
    const rows = await this.store.all<TokenRow>(
      'SELECT * FROM api_tokens WHERE user_id = ? ORDER BY created_at DESC, id',
      [userId],
    );
    return rows.map(infoOf);
  }

  /** Revokes one of the account's tokens; false when it has no such token. */
  async revoke(userId: string, id: string): Promise<boolean> {
    return (await this.store.run('DELETE FROM api_tokens WHERE id = ? AND user_id = ?', [id, userId])) === 1;
  }

  /** Who a bearer token speaks for: nobody when it is unknown, revoked, or its account is banned or closed. */
  async holderOf(token: string): Promise<TokenHolder | undefined> {
    if (!token.startsWith(PREFIX) || token.length > 100) return undefined;
    const row = await this.store.get<UserRow & { token_id: string; scopes: string; last_used_at: unknown }>(
      `SELECT users.*, api_tokens.id AS token_id, api_tokens.scopes AS scopes, api_tokens.last_used_at AS last_used_at
       FROM api_tokens JOIN users ON users.id = api_tokens.user_id
       WHERE api_tokens.hash = ? AND users.banned_at IS NULL AND users.closed_at IS NULL AND users.guest = 0`,
      [hashOf(token)],
    );
    if (!row) return undefined;
    const now = this.now();
    // the last use is written at most once a minute: a bot's every move is no write
    if (row.last_used_at === null || now - Number(row.last_used_at) > 60_000) {
      await this.store.run('UPDATE api_tokens SET last_used_at = ? WHERE id = ?', [now, row.token_id]).catch(() => 0);
    }
    const scopes = new Set((JSON.parse(row.scopes) as unknown[]).filter(isScope));
    return { user: userInfo(row), scopes, tokenId: row.token_id };
  }
}
