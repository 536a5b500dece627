/**
 * Tokens kept by their SHA-256 only: the single-use links mailed to a player (`account_tokens`: confirming an address,
 * resetting a password) and the personal API tokens of the Bot and Board API (`api_tokens`). Hashing and checking
 * expiry are the callers' (account-tokens.ts, api-tokens.ts); this file stores and finds.
 */
import { Prepared } from '../db/prepared.js';
import type { Store } from '../store.js';

export type LinkKind = 'confirm' | 'reset';

/** A link's token as issued: for whom, to which address, until when. */
export interface StoredLink {
  readonly userId: string;
  readonly email: string;
  readonly expiresAt: number;
}

export class AccountTokenRepo {
  constructor(private readonly store: Store) {}

  /** Stores a new link of `kind` for the account, in one transaction with ending its earlier links of that kind. */
  async replace(hash: string, userId: string, kind: LinkKind, email: string, expiresAt: number): Promise<void> {
    await this.store.transaction(async (tx) => {
      await tx.q.deleteFrom('account_tokens').where('user_id', '=', userId).where('kind', '=', kind).execute();
      await tx.q
        .insertInto('account_tokens')
        .values({ hash, user_id: userId, kind, email, expires_at: expiresAt })
        .execute();
    });
  }

  /**
   * Deletes the link `hash` of `kind` and gives what it was issued for, expired or not; undefined when there is no
   * such link of that kind (a link of the other kind is left as it is). One statement, so of two requests racing
   * with the same token only one gets it.
   */
  async take(hash: string, kind: LinkKind): Promise<StoredLink | undefined> {
    const row = await this.store.q
      .deleteFrom('account_tokens')
      .where('hash', '=', hash)
      .where('kind', '=', kind)
      .returning(['user_id', 'email', 'expires_at'])
      .executeTakeFirst();
    return row ? { userId: row.user_id, email: row.email, expiresAt: row.expires_at } : undefined;
  }

  /** Ends every link of `kind` of an account; how many there were. */
  async dropAll(userId: string, kind: LinkKind): Promise<number> {
    const r = await this.store.q
      .deleteFrom('account_tokens')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

/** An API token as its owner sees it listed (never the token itself, which is not stored). */
export interface StoredApiToken {
  readonly id: string;
  readonly description: string;
  /** The scopes as stored: a JSON list. */
  readonly scopes: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

/** The account a token speaks for, with the token's id, scopes and last use. */
export interface ApiTokenHolderRow {
  readonly id: string;
  readonly name: string;
  readonly guest: number;
  readonly bot: number;
  readonly token_id: string;
  readonly scopes: string;
  readonly last_used_at: number | null;
}

/** Every request of the Bot and Board API asks this: compiled once per engine. */
const holderOfHash = new Prepared<{ hash: string }, ApiTokenHolderRow>((q, p) =>
  q
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'users.id',
      'users.name',
      'users.guest',
      'users.bot',
      'api_tokens.id as token_id',
      'api_tokens.scopes',
      'api_tokens.last_used_at',
    ])
    .where('api_tokens.hash', '=', p.hash)
    .where('users.banned_at', 'is', null)
    .where('users.closed_at', 'is', null)
    .where('users.guest', '=', 0),
);

export class ApiTokenRepo {
  constructor(private readonly store: Store) {}

  /** How many tokens the account holds. */
  async countOf(userId: string): Promise<number> {
    const row = await this.store.q
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async create(t: {
    id: string;
    hash: string;
    userId: string;
    description: string;
    scopes: string;
    createdAt: number;
  }): Promise<void> {
    await this.store.q
      .insertInto('api_tokens')
      .values({
        id: t.id,
        hash: t.hash,
        user_id: t.userId,
        description: t.description,
        scopes: t.scopes,
        created_at: t.createdAt,
      })
      .execute();
  }

  /** The account's tokens, newest first (ties by id). */
  async listOf(userId: string): Promise<StoredApiToken[]> {
    const rows = await this.store.q
      .selectFrom('api_tokens')
      .select(['id', 'description', 'scopes', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      description: r.description,
      scopes: r.scopes,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
    }));
  }

  /** Deletes one of the account's tokens; false when it holds no token of that id. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const r = await this.store.q
      .deleteFrom('api_tokens')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r.numDeletedRows === 1n;
  }

  /** The account the token with this hash speaks for, unless it is banned, closed or a guest. */
  async holderOf(hash: string): Promise<ApiTokenHolderRow | undefined> {
    return (await holderOfHash.run(this.store, { hash })).rows[0];
  }

  /** Notes the token's last use. */
  async touch(id: string, at: number): Promise<void> {
    await this.store.q.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
