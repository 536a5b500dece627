import { createHash, randomBytes } from 'node:crypto';
import type { UserInfo } from '@qiyuan/protocol';
import { newId } from './clients.js';
import { ApiTokenRepo } from './repos/tokens.js';
import { userInfo } from './session.js';
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

const scopesOf = (stored: string): Scope[] => (JSON.parse(stored) as unknown[]).filter(isScope);

/** The last use is written at most once in this long: a bot's every move is no write. */
const TOUCH_EVERY_MS = 60_000;

export class ApiTokens {
  private readonly repo: ApiTokenRepo;

  /** Built from the store where the Bot API is set up (bot-api.ts); the repository is this module's alone. */
  constructor(
    store: Store,
    private readonly now: () => number,
  ) {
    this.repo = new ApiTokenRepo(store);
  }

  /** A new token for `userId`: its id, and the token itself (shown this once). */
  async create(
    userId: string,
    description: string,
    scopes: readonly Scope[],
  ): Promise<{ id: string; token: string } | { refused: string }> {
    if ((await this.repo.countOf(userId)) >= MAX_TOKENS)
      return { refused: `an account holds at most ${MAX_TOKENS} tokens` };
    const token = PREFIX + randomBytes(32).toString('base64url');
    const id = newId();
    await this.repo.create({
      id,
      hash: hashOf(token),
      userId,
      description,
      scopes: JSON.stringify([...new Set(scopes)]),
      createdAt: this.now(),
    });
    return { id, token };
  }

  async list(userId: string): Promise<TokenInfo[]> {
    return (await this.repo.listOf(userId)).map((t) => ({ ...t, scopes: scopesOf(t.scopes) }));
  }

  /** Revokes one of the account's tokens; false when it has no such token. */
  revoke(userId: string, id: string): Promise<boolean> {
    return this.repo.revoke(userId, id);
  }

  /** Who a bearer token speaks for: nobody when it is unknown, revoked, or its account is banned or closed. */
  async holderOf(token: string): Promise<TokenHolder | undefined> {
    if (!token.startsWith(PREFIX) || token.length > 100) return undefined;
    const row = await this.repo.holderOf(hashOf(token));
    if (!row) return undefined;
    const now = this.now();
    if (row.last_used_at === null || now - row.last_used_at > TOUCH_EVERY_MS) {
      // a failed note of the last use does not refuse the request it was for
      await this.repo.touch(row.token_id, now).catch(() => undefined);
    }
    return { user: userInfo(row), scopes: new Set(scopesOf(row.scopes)), tokenId: row.token_id };
  }
}
