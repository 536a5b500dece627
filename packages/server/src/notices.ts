import { gameEntry } from '@qiyuan/games';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { DEFAULT_MAIL_LIMITS, MailBudget, type MailKind, type MailLimits } from './mail-budget.js';
import { NoticeAddresses } from './repos/notice-addresses.js';
import type { Store } from './store.js';

/**
 * E-mail to players who gave an address (account settings) and confirmed it: it is their move in a correspondence
 * game, and the reminder before their time runs out; and the links of account-mail.ts. Sent over SMTP by nodemailer, configured by the environment
 * (docs/DEPLOY.md); with no `QIYUAN_SMTP_URL` nothing is ever sent.
 */

export interface MailSettings {
  /** `smtp://user:password@host:port` (or `smtps://`), as nodemailer takes it. */
  readonly url: string;
  /** The sender, e.g. `Qiyuan <noreply@example.org>`. */
  readonly from: string;
  /** The site's address, for the link to the game (default none: the mail names the game only). */
  readonly siteUrl?: string;
}

/** The mail settings of the environment, or undefined when e-mail is not configured. */
export const mailSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): MailSettings | undefined => {
  const url = env.QIYUAN_SMTP_URL?.trim();
  if (!url) return undefined;
  if (!/^smtps?:\/\//.test(url)) throw new Error('QIYUAN_SMTP_URL must start with smtp:// or smtps://');
  const siteUrl = env.QIYUAN_SITE_URL?.trim();
  return {
    url,
    from: env.QIYUAN_MAIL_FROM?.trim() || 'Qiyuan <noreply@localhost>',
    ...(siteUrl ? { siteUrl: siteUrl.replace(/\/+$/, '') } : {}),
  };
};

/** The longest address SMTP carries (RFC 5321: 254 characters, 64 before the @). */
const MAX_ADDRESS = 254;

/**
 * Why `text` is not an e-mail address we would send to, or undefined when it is one: a local part and a domain with
 * at least one dot, no spaces, no control or angle characters (nothing that could inject a header).
 */
export const emailProblem = (text: string): string | undefined => {
  if (text.length === 0) return 'the address is empty';
  if (text.length > MAX_ADDRESS) return `the address is longer than ${MAX_ADDRESS} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\s<>()[\]\\,;:"\u0000-\u001f\u007f]/.test(text)) return 'the address has a space or a character not allowed';
  const at = text.lastIndexOf('@');
  if (at <= 0 || text.indexOf('@') !== at) return 'the address needs one @ with a name before it';
  if (at > 64) return 'the part before the @ is longer than 64 characters';
  const domain = text.slice(at + 1);
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(domain))
    return 'the part after the @ is not a domain name such as example.org';
  return undefined;
};

/** A mail's subject and text: English, 简体中文 and 繁體中文 (the server does not know the reader's language). */
export const compose = (
  what: 'turn' | 'reminder',
  game: string,
  gameId: string,
  deadline: number,
  siteUrl: string | undefined,
): { subject: string; text: string } => {
  // the game's name in the three languages of the site, from its registry entry
  const names = gameEntry(game)?.names;
  const [en, cn, tw] = names ? [names.en, names['zh-CN'], names['zh-TW']] : [game, game, game];
  const when = new Date(deadline).toISOString().replace('T', ' ').slice(0, 16);
  const link = siteUrl ? `${siteUrl}/#/online/${gameId}` : `#/online/${gameId}`;
  if (what === 'reminder') {
    return {
      subject: `Qiyuan: your time is running out (${en}) · 时间快到了 · 時間快到了`,
      text: [
        `Your time to move in your ${en} correspondence game runs out at ${when} UTC.`,
        `你在${cn}通信对局中的走棋时间将于 ${when}（协调世界时）用完。`,
        `你在${tw}通信對局中的走棋時間將於 ${when}（協調世界時）用完。`,
        '',
        link,
      ].join('\n'),
    };
  }
  return {
    subject: `Qiyuan: your move (${en}) · 轮到你走棋 · 輪到你走棋`,
    text: [
      `It is your move in your ${en} correspondence game; your time runs out at ${when} UTC.`,
      `${cn}通信对局轮到你走棋，走棋时间于 ${when}（协调世界时）用完。`,
      `${tw}通信對局輪到你走棋，走棋時間於 ${when}（協調世界時）用完。`,
      '',
      link,
    ].join('\n'),
  };
};

/** A mail's subject and text. */
export interface Mail {
  readonly subject: string;
  readonly text: string;
}

/** What became of the mails this process was asked to send (for the operator's log and the tests). */
export interface MailCounts {
  sent: number;
  /** Not sent: the address is not confirmed (a notice), or there is none. */
  unconfirmed: number;
  /** Not sent: a daily cap of the address or the account was reached (mail-budget.ts). */
  overBudget: number;
  /** Refused by the mail server, or it was not reached. */
  failed: number;
}

export class Notices {
  private readonly transport: Transporter | undefined;
  /** The caps on mail per address and per account, counted in the store. */
  readonly budget: MailBudget;
  readonly counts: MailCounts = { sent: 0, unconfirmed: 0, overBudget: 0, failed: 0 };
  private readonly addresses: NoticeAddresses;

  constructor(
    store: Store,
    private readonly log: Logger,
    private readonly settings: MailSettings | undefined,
    options: { readonly limits?: MailLimits; readonly now?: () => number } = {},
  ) {
    this.transport = settings ? nodemailer.createTransport(settings.url) : undefined;
    this.budget = new MailBudget(store, options.limits ?? DEFAULT_MAIL_LIMITS, options.now);
    this.addresses = new NoticeAddresses(store);
  }

  /** The site's address, for links in mails (none: the mail names the page only). */
  get siteUrl(): string | undefined {
    return this.settings?.siteUrl;
  }

  /** Whether e-mail is configured (otherwise every notice is in the page only). */
  get mailing(): boolean {
    return this.transport !== undefined;
  }

  /** The player's time in a correspondence game runs out soon. */
  remind(userId: string, gameId: string, game: string, deadline: number): Promise<boolean> {
    return this.mail(userId, compose('reminder', game, gameId, deadline, this.settings?.siteUrl));
  }

  /** It is the player's move in a correspondence game. */
  yourTurn(userId: string, gameId: string, game: string, deadline: number): Promise<boolean> {
    return this.mail(userId, compose('turn', game, gameId, deadline, this.settings?.siteUrl));
  }

  /**
   * Sends a notice to the player's address, if e-mail is configured and they gave one and confirmed it (an address
   * nobody confirmed is mailed its confirmation link and nothing else); whether a mail was accepted.
   */
  private async mail(userId: string, m: { subject: string; text: string }): Promise<boolean> {
    if (!this.transport || !this.settings) return false;
    const address = await this.addresses.of(userId);
    const to = address?.email;
    if (!to || !address.confirmed) {
      this.counts.unconfirmed++;
      return false;
    }
    return this.send(to, userId, 'notice', m);
  }

  /**
   * Sends one mail of `kind` to `to` on behalf of `userId`, within the caps of the address and the account; whether
   * the mail server accepted it. The callers decide who may be mailed what (only a confirmation to an address not
   * confirmed yet). A mail holding a link is composed only once its place is taken (`compose`), so a mail refused by
   * a cap issues no link that would end the one sent before.
   */
  async send(to: string, userId: string, kind: MailKind, mail: Mail | (() => Promise<Mail>)): Promise<boolean> {
    if (!this.transport || !this.settings) return false;
    if (!(await this.budget.take(to, userId, kind))) {
      this.counts.overBudget++;
      this.log.info({ userId, kind }, 'mail not sent: the daily cap of the address or the account is reached');
      return false;
    }
    const m = typeof mail === 'function' ? await mail() : mail;
    try {
      await this.transport.sendMail({ from: this.settings.from, to, subject: m.subject, text: m.text });
      this.counts.sent++;
      return true;
    } catch (e) {
      // a mail server that is down costs the player a notice, never the game
      this.counts.failed++;
      this.log.warn({ err: e, userId, kind }, 'mail not sent');
      return false;
    }
  }

  close(): void {
    this.transport?.close();
  }
}
