import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../src/index.js';
import { DEFAULT_MAIL_LIMITS, mailboxKey } from '../src/mail-budget.js';
import { BACKENDS, Bot, createSeek, guestCookie, testOptions } from './helpers.js';
import { confirmAddress, type Mailbox, mailbox, received } from './mailbox.js';

/**
 * E-mail bombing (two accounts playing a correspondence game against themselves sent 201 mails in 5 s to a victim's
 * address): an address is mailed nothing but its confirmation link until its owner follows it, confirmation mails
 * have caps of their own, and every address and account has a daily cap counted in the store, so it holds after a
 * restart (and across processes). The server's clock is the test's.
 */

const json = { 'content-type': 'application/json' };

const account = async (url: string, prefix: string): Promise<Bot> => {
  const name = `${prefix}_${Math.random().toString(36).slice(2, 8)}`;
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { ...json, cookie: await guestCookie(url) },
    body: JSON.stringify({ username: name, password: 'seven purple hexagons' }),
  });
  expect(res.status).toBe(200);
  return Bot.connect(url, (res.headers.get('set-cookie') ?? '').split(';')[0]!);
};

const putEmail = async (url: string, bot: Bot, email: string | null) => {
  const res = await fetch(`${url}/api/me/email`, {
    method: 'PUT',
    headers: { ...json, cookie: bot.cookie! },
    body: JSON.stringify({ email }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const resend = (url: string, bot: Bot) =>
  fetch(`${url}/api/me/email/resend`, { method: 'POST', headers: { cookie: bot.cookie! } });

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

/** A correspondence game of Chinese Checkers between `a` (seat 0) and `b`, and a way to play its moves in turn. */
const correspondence = async (a: Bot, b: Bot) => {
  const created = await createSeek(a, {
    game: 'chinese-checkers',
    options: { players: 2 },
    clock: { kind: 'correspondence', daysPerMove: 3 },
    seats: [{ kind: 'me' }, { kind: 'open' }],
  });
  const gameId = created.seek.id;
  expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
  for (const bot of [a, b]) {
    bot.send({ type: 'game.watch', gameId, legal: true });
    await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId);
  }
  let seq = 1;
  /** Plays `n` moves, the players in turn; the moves are the legal ones the server lists, varied. */
  const play = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const [bot, seat] = i % 2 === 0 ? [a, 0] : [b, 1];
      const f = (await bot.next(
        (m) =>
          (m.type === 'game.sync' || m.type === 'game.update') &&
          m.gameId === gameId &&
          m.seq === seq &&
          m.legal?.[String(seat)] !== undefined,
      )) as Frame;
      const moves = f.legal![String(seat)]!;
      const ack = await bot.request({ type: 'game.move', gameId, seq, move: moves[(i * 7) % moves.length] });
      expect(ack).toMatchObject({ type: 'ack' });
      seq = (ack as { seq: number }).seq;
    }
    return seq;
  };
  return { gameId, play };
};

const to = (smtp: Mailbox, address: string) => smtp.received.filter((m) => m.to.includes(address));
const confirmations = (smtp: Mailbox, address: string) =>
  to(smtp, address).filter((m) => m.text.includes('#/confirm-email?token='));

describe('mail budget', () => {
  it('counts one mailbox however its address is spelled', () => {
    expect(mailboxKey('Ana+spam1@Example.org')).toBe('ana@example.org');
    expect(mailboxKey(' ana@example.org ')).toBe('ana@example.org');
    expect(mailboxKey('+x@example.org')).toBe('+x@example.org');
  });
});

describe.each(BACKENDS)('e-mail bombing on %s', (backend) => {
  let now = 1_800_000_000_000;
  let smtp: Mailbox;
  let options: ReturnType<typeof testOptions>;
  let server: ServerHandle;
  beforeAll(async () => {
    smtp = await mailbox();
    options = testOptions(backend, {
      authPerMinute: 1000,
      now: () => now,
      mail: { url: `smtp://127.0.0.1:${smtp.port}`, from: 'Qiyuan <noreply@qiyuan.test>', siteUrl: 'https://q.test' },
    });
    server = await startServer(options);
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  it('mails an address nobody confirmed its confirmation link and nothing else', async () => {
    const victim = `victim.${backend}@example.org`;
    const [a, b] = [await account(server.url, 'ann'), await account(server.url, 'bob')];
    // two accounts give the victim's address: each is mailed one link, nothing is confirmed
    for (const bot of [a, b])
      expect(await putEmail(server.url, bot, victim)).toEqual({
        status: 200,
        body: { email: victim, confirmed: false, sent: true },
      });
    // the same address again sends nothing; asking again is capped per address (3 a day, whichever account asks)
    expect((await putEmail(server.url, a, victim)).body).toMatchObject({ sent: false });
    const again = [];
    for (let i = 0; i < 4; i++) again.push((await resend(server.url, a)).status);
    expect(again).toEqual([200, 429, 429, 429]);
    expect(confirmations(smtp, victim)).toHaveLength(DEFAULT_MAIL_LIMITS.confirmPerAddressPerDay);
    // they play a correspondence game against each other: every turn would be a mail, none is sent
    const before = server.hub.notices.counts.unconfirmed;
    const { gameId, play } = await correspondence(a, b);
    const seq = await play(12);
    // the start and each move began a turn: each notice was looked at and not sent
    await expect.poll(() => server.hub.notices.counts.unconfirmed - before, { timeout: 10_000, interval: 25 }).toBe(13);
    expect(to(smtp, victim)).toHaveLength(DEFAULT_MAIL_LIMITS.confirmPerAddressPerDay);
    expect(to(smtp, victim).every((m) => m.text.includes('#/confirm-email?token='))).toBe(true);
    const me = await fetch(`${server.url}/api/me/email`, { headers: { cookie: a.cookie! } }).then((r) => r.json());
    expect(me).toEqual({ email: victim, confirmed: false, mailing: true });
    expect(await a.request({ type: 'game.resign', gameId, seq })).toMatchObject({ type: 'ack' });
    a.close();
    b.close();
  }, 60_000);

  it('caps a confirmed address at its daily budget however fast the mails come, across a restart', async () => {
    now += 2 * 86_400_000;
    const address = `busy.${backend}@example.org`;
    const [c, d] = [await account(server.url, 'cy'), await account(server.url, 'di')];
    for (const [i, bot] of [c, d].entries()) {
      expect((await putEmail(server.url, bot, address)).body).toMatchObject({ sent: true });
      await received(smtp, () => confirmations(smtp, address).length === i + 1);
      await confirmAddress(smtp, server.url, address);
    }
    const cap = DEFAULT_MAIL_LIMITS.perAddressPerDay;
    const { gameId, play } = await correspondence(c, d);
    await play(30);
    // the reproduction: 201 "your move" notices to the address within a few seconds, on top of the game's own
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 201 }, (_, i) =>
        server.hub.notices.yourTurn(i % 2 ? c.user!.id : d.user!.id, gameId, 'chinese-checkers', now + 86_400_000),
      ),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    await received(smtp, () => to(smtp, address).length >= cap);
    // every attempt is answered (sent or refused): 31 turns of the game, 201 more
    const c0 = server.hub.notices.counts;
    await expect.poll(() => c0.sent + c0.overBudget, { timeout: 10_000, interval: 25 }).toBeGreaterThanOrEqual(232);
    expect(to(smtp, address)).toHaveLength(cap);
    expect(confirmations(smtp, address)).toHaveLength(2);

    // the count is in the store: a restarted server (or another process) sends no more today
    await server.close();
    server = await startServer(options);
    expect(await server.hub.notices.yourTurn(c.user!.id, gameId, 'chinese-checkers', now + 86_400_000)).toBe(false);
    expect(server.hub.notices.counts.overBudget).toBe(1);
    // a day later the address is mailed again
    now += 86_400_000 + 1;
    expect(await server.hub.notices.yourTurn(c.user!.id, gameId, 'chinese-checkers', now + 86_400_000)).toBe(true);
    expect(to(smtp, address)).toHaveLength(cap + 1);
    c.close();
    d.close();
  }, 90_000);

  it('caps the confirmation links one account asks for, whatever addresses it gives', async () => {
    now += 2 * 86_400_000;
    const e = await account(server.url, 'eve');
    const sent = [];
    for (let i = 0; i < 8; i++) sent.push((await putEmail(server.url, e, `t${i}.${backend}@example.net`)).body.sent);
    const cap = DEFAULT_MAIL_LIMITS.confirmPerAccountPerDay;
    expect(sent).toEqual([...Array(cap).fill(true), ...Array(8 - cap).fill(false)]);
    // a link of an address given up no longer confirms anything
    const first = smtp.received.find((m) => m.to.includes(`t0.${backend}@example.net`))!;
    const token = /token=([A-Za-z0-9_-]+)/.exec(first.text)![1];
    const res = await fetch(`${server.url}/api/me/email/confirm`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad-token' });
    e.close();
  }, 60_000);

  it('confirms with a link once, and not after a day', async () => {
    now += 2 * 86_400_000;
    const f = await account(server.url, 'fay');
    const address = `fay.${backend}@example.org`;
    await putEmail(server.url, f, address);
    await received(smtp, () => confirmations(smtp, address).length === 1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(confirmations(smtp, address)[0]!.text)![1];
    const confirm = (t: string) =>
      fetch(`${server.url}/api/me/email/confirm`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ token: t }),
      });
    // a day and a millisecond later the link has expired
    now += 86_400_000 + 1;
    expect((await confirm(token!)).status).toBe(400);
    expect((await resend(server.url, f)).status).toBe(200);
    await received(smtp, () => confirmations(smtp, address).length === 2);
    const fresh = /token=([A-Za-z0-9_-]+)/.exec(confirmations(smtp, address)[1]!.text)![1]!;
    expect(confirmations(smtp, address)[1]!.text).toContain('https://q.test/#/confirm-email?token=');
    expect(await (await confirm(fresh)).json()).toEqual({ email: address, confirmed: true });
    expect((await confirm(fresh)).status).toBe(400);
    expect((await resend(server.url, f)).status).toBe(400);
    // the token is stored only as its hash
    const rows = await server.store.q.selectFrom('account_tokens').select('hash').execute();
    expect(rows.some((r) => r.hash === fresh)).toBe(false);
    f.close();
  }, 60_000);
});
