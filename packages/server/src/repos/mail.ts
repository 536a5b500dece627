/**
 * `mail_log`: one row for every mail the server took a place for (mail-budget.ts), by mailbox, account, kind and
 * time, so that the caps hold across the processes of a cluster and across restarts.
 */
import { Prepared } from '../db/prepared.js';
import type { Store } from '../store.js';

export type MailKind = 'notice' | 'confirm' | 'reset';

/** The mails that count against the caps of one mail to `address` for one account (mail-budget.ts). */
export interface MailCounts {
  /** Since `dayStart`: every mail to the address, and to the account. */
  readonly toAddress: number;
  readonly toAccount: number;
  /** Since `dayStart`: confirmation links to the address, and to the account. */
  readonly confirmToAddress: number;
  readonly confirmToAccount: number;
  /** Password-reset links to the address since `hourStart`, and since `dayStart`. */
  readonly resetToAddressInHour: number;
  readonly resetToAddress: number;
}

/**
 * Prepared although a mail is no hot path: built with the builder on each call, this statement of six filtered
 * aggregates cost more to build and compile than to run (four times the raw statements it replaced, on SQLite).
 */
const countsOf = new Prepared<{ address: string; userId: string; dayStart: number; hourStart: number }, MailCounts>(
  (q, p) =>
    q
      .selectFrom('mail_log')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('address', '=', p.address).as('toAddress'),
        eb.fn.countAll<number>().filterWhere('user_id', '=', p.userId).as('toAccount'),
        eb.fn
          .countAll<number>()
          .filterWhere((f) => f.and([f('address', '=', p.address), f('kind', '=', 'confirm')]))
          .as('confirmToAddress'),
        eb.fn
          .countAll<number>()
          .filterWhere((f) => f.and([f('user_id', '=', p.userId), f('kind', '=', 'confirm')]))
          .as('confirmToAccount'),
        eb.fn
          .countAll<number>()
          .filterWhere((f) => f.and([f('address', '=', p.address), f('kind', '=', 'reset'), f('at', '>', p.hourStart)]))
          .as('resetToAddressInHour'),
        eb.fn
          .countAll<number>()
          .filterWhere((f) => f.and([f('address', '=', p.address), f('kind', '=', 'reset')]))
          .as('resetToAddress'),
      ])
      .where('at', '>', p.dayStart)
      .where((eb) => eb.or([eb('address', '=', p.address), eb('user_id', '=', p.userId)])),
);

export class MailLogRepo {
  constructor(private readonly store: Store) {}

  async record(m: { id: string; address: string; userId: string; kind: MailKind; at: number }): Promise<void> {
    await this.store.q
      .insertInto('mail_log')
      .values({ id: m.id, address: m.address, user_id: m.userId, kind: m.kind, at: m.at })
      .execute();
  }

  /** Gives up the place `id` took. */
  async remove(id: string): Promise<void> {
    await this.store.q.deleteFrom('mail_log').where('id', '=', id).execute();
  }

  /** Deletes the rows older than `before`; how many. */
  async pruneBefore(before: number): Promise<number> {
    const r = await this.store.q.deleteFrom('mail_log').where('at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /**
   * Every count the caps look at, in one statement: the rows of the address or the account later than `dayStart`
   * (each found through its own index), each count an aggregate with its own FILTER (both engines have it: SQLite
   * since 3.30). Times are strictly later than the window's start, as `at > start`.
   */
  async counts(address: string, userId: string, dayStart: number, hourStart: number): Promise<MailCounts> {
    const { rows } = await countsOf.run(this.store, { address, userId, dayStart, hourStart });
    const row = rows[0];
    if (!row) throw new Error('an aggregate query gave no row');
    return row;
  }
}
