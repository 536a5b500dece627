import type { Store } from '../store.js';

/** Where a player's notices may be mailed: the address of the account and whether its owner confirmed it. */
export interface NoticeAddress {
  readonly email: string | null;
  readonly confirmed: boolean;
}

/** The addresses the move notices are sent to (the accounts' own reads of them are the accounts' repository's). */
export class NoticeAddresses {
  constructor(private readonly store: Store) {}

  /** The account's address and whether it is confirmed; undefined when there is no such account. */
  async of(userId: string): Promise<NoticeAddress | undefined> {
    const row = await this.store.q
      .selectFrom('users')
      .select(['email', 'email_confirmed'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ? { email: row.email, confirmed: row.email_confirmed !== 0 } : undefined;
  }
}
