import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

/** An SMTP server of a test's own, keeping every message it is given, and the links mailed to players. */

export interface Received {
  readonly to: string[];
  readonly text: string;
}

/** A message's body as read: quoted-printable soft breaks joined and its bytes decoded (UTF-8). */
export const readable = (raw: string): string => {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
};

/** An SMTP server on a free port that keeps every message it is given. */
/** `delayMs`: how long the server takes to accept each message (a slow mail server). */
export const mailbox = async (delayMs = 0): Promise<{ server: SMTPServer; port: number; received: Received[] }> => {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let text = '';
      stream.on('data', (d: Buffer) => {
        text += d.toString('utf8');
      });
      stream.on('end', () => {
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: readable(text) });
          done();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received };
};

export type Mailbox = Awaited<ReturnType<typeof mailbox>>;

/** Waits until `pred` holds of what `smtp` received (mail is sent after the answer that caused it, or at once). */
export const received = async (smtp: Mailbox, pred: (all: Received[]) => boolean, timeoutMs = 10_000) => {
  await expect.poll(() => pred(smtp.received), { timeout: timeoutMs, interval: 25 }).toBe(true);
};

/** The token of the latest link to `page` (`confirm-email`, `reset-password`) mailed to `to`. */
export const tokenMailed = (smtp: Mailbox, to: string, page: string): string | undefined => {
  const mine = smtp.received.filter((m) => m.to.includes(to) && m.text.includes(`#/${page}?token=`));
  return /token=([A-Za-z0-9_-]+)/.exec(mine.at(-1)?.text.split(`#/${page}?`)[1] ?? '')?.[1];
};

/** Follows the confirmation link mailed to `to`, as its owner does. */
export const confirmAddress = async (smtp: Mailbox, url: string, to: string): Promise<void> => {
  await received(smtp, () => tokenMailed(smtp, to, 'confirm-email') !== undefined);
  const res = await fetch(`${url}/api/me/email/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: tokenMailed(smtp, to, 'confirm-email') }),
  });
  expect(res.status).toBe(200);
};
