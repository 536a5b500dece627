import { newId } from './clients.js';
import { systemClock } from './server-clock.js';
import type { Store } from './store.js';

/**
 * How much mail one address and one account may receive: every mail is written to `mail_log` before it is sent and
 * counted there, so the caps hold across the processes of a cluster and across restarts. Two accounts playing a
 * correspondence game against themselves cannot bomb an address, and links asked for again and again (an address's
 * confirmation, a password reset) have tighter caps of their own.
 */

export type MailKind = 'notice' | 'confirm' | 'reset';

export interface MailLimits {
  /** Mails of any kind to one address in a day. */
  readonly perAddressPerDay: number;
  /** Mails of any kind to one account's addresses in a day. */
  readonly perAccountPerDay: number;
  /** Confirmation links to one address, and to one account (whatever address it gives), in a day. */
  readonly confirmPerAddressPerDay: number;
  readonly confirmPerAccountPerDay: number;
  /** Password-reset links to one address in an hour, and in a day. */
  readonly resetPerAddressPerHour: number;
  readonly resetPerAddressPerDay: number;
}

export const DEFAULT_MAIL_LIMITS: MailLimits = {
  perAddressPerDay: 20,
  perAccountPerDay: 30,
  confirmPerAddressPerDay: 3,
  confirmPerAccountPerDay: 5,
  resetPerAddressPerHour: 3,
  resetPerAddressPerDay: 6,
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The mailbox an address reaches, for counting: case does not matter, and `name+anything@` reaches `name@`, so
 * spelling an address another way earns no new budget.
 */
export const mailboxKey = (address: string): string => {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${lower.slice(at)}`;
};

/** Every this many mails, the rows no cap looks at any more (older than two days) are deleted. */
const PRUNE_EVERY = 100;

export class MailBudget {
  private taken = 0;

  constructor(
    private readonly store: Store,
    readonly limits: MailLimits = DEFAULT_MAIL_LIMITS,
    private readonly now: () => number = systemClock.now,
  ) {}

  /**
   * Takes a place for one mail of `kind` to `address` for `userId`; false (and nothing taken) when a cap is reached.
   * The place is written first and the caps counted after, so two processes racing for the last place cannot both
   * take it (at worst both give it up).
   */
  async take(address: string, userId: string, kind: MailKind): Promise<boolean> {
    const key = mailboxKey(address);
    const now = this.now();
    if (++this.taken % PRUNE_EVERY === 0) await this.store.run('DELETE FROM mail_log WHERE at < ?', [now - 2 * DAY]);
    const id = newId();
    await this.store.run('INSERT INTO mail_log (id, address, user_id, kind, at) VALUES (?, ?, ?, ?, ?)', [
      id,
      key,
      userId,
      kind,
      now,
    ]);
    const count = async (sql: string, params: unknown[]): Promise<number> =>
      Number((await this.store.get<{ n: number | string }>(sql, params))?.n ?? 0);
    const l = this.limits;
    const checks: [string, unknown[], number][] = [
      ['SELECT COUNT(*) AS n FROM mail_log WHERE address = ? AND at > ?', [key, now - DAY], l.perAddressPerDay],
      ['SELECT COUNT(*) AS n FROM mail_log WHERE user_id = ? AND at > ?', [userId, now - DAY], l.perAccountPerDay],
    ];
    if (kind === 'confirm') {
      checks.push(
        [
          'SELECT COUNT(*) AS n FROM mail_log WHERE address = ? AND kind = ? AND at > ?',
          [key, kind, now - DAY],
          l.confirmPerAddressPerDay,
        ],
        [
          'SELECT COUNT(*) AS n FROM mail_log WHERE user_id = ? AND kind = ? AND at > ?',
          [userId, kind, now - DAY],
          l.confirmPerAccountPerDay,
        ],
      );
    }
    if (kind === 'reset') {
      checks.push(
        [
          'SELECT COUNT(*) AS n FROM mail_log WHERE address = ? AND kind = ? AND at > ?',
          [key, kind, now - HOUR],
          l.resetPerAddressPerHour,
        ],
        [
          'SELECT COUNT(*) AS n FROM mail_log WHERE address = ? AND kind = ? AND at > ?',
          [key, kind, now - DAY],
          l.resetPerAddressPerDay,
        ],
      );
    }
    for (const [sql, params, cap] of checks) {
      if ((await count(sql, params)) > cap) {
        await this.store.run('DELETE FROM mail_log WHERE id = ?', [id]);
        return false;
      }
    }
    return true;
  }
}
