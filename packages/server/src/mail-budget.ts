import { newId } from './clients.js';
import { type MailKind, MailLogRepo } from './repos/mail.js';
import { systemClock } from './server-clock.js';
import type { Store } from './store.js';

/**
 * How much mail one address and one account may receive: every mail is written to `mail_log` before it is sent and
 * counted there, so the caps hold across the processes of a cluster and across restarts. Two accounts playing a
 * correspondence game against themselves cannot bomb an address, and links asked for again and again (an address's
 * confirmation, a password reset) have tighter caps of their own.
 */

export type { MailKind };

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
  private readonly log: MailLogRepo;

  constructor(
    store: Store,
    readonly limits: MailLimits = DEFAULT_MAIL_LIMITS,
    private readonly now: () => number = systemClock.now,
  ) {
    this.log = new MailLogRepo(store);
  }

  /**
   * Takes a place for one mail of `kind` to `address` for `userId`; false (and nothing taken) when a cap is reached.
   * The place is written first and the caps counted after, so two processes racing for the last place cannot both
   * take it (at worst both give it up).
   */
  async take(address: string, userId: string, kind: MailKind): Promise<boolean> {
    const key = mailboxKey(address);
    const now = this.now();
    if (++this.taken % PRUNE_EVERY === 0) await this.log.pruneBefore(now - 2 * DAY);
    const id = newId();
    await this.log.record({ id, address: key, userId, kind, at: now });
    const n = await this.log.counts(key, userId, now - DAY, now - HOUR);
    const l = this.limits;
    const over =
      n.toAddress > l.perAddressPerDay ||
      n.toAccount > l.perAccountPerDay ||
      (kind === 'confirm' &&
        (n.confirmToAddress > l.confirmPerAddressPerDay || n.confirmToAccount > l.confirmPerAccountPerDay)) ||
      (kind === 'reset' &&
        (n.resetToAddressInHour > l.resetPerAddressPerHour || n.resetToAddress > l.resetPerAddressPerDay));
    if (over) await this.log.remove(id);
    return !over;
  }
}
