import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { startServer } from '../src/index.js';
import { emailProblem, mailSettingsFromEnv } from '../src/notices.js';
import { ManualClock } from '../src/server-clock.js';
import { BACKENDS, Bot, createSeek, guestCookie, testOptions } from './helpers.js';
import { confirmAddress, mailbox } from './mailbox.js';

/**
 * E-mail notices of correspondence games (issue #23), received by an SMTP server this test starts: the address is
 * checked when a player gives it; a player to move gets "your move", and the reminder once before their time runs
 * out; a player without an address gets none; a server without SMTP settings sends nothing.
 */

/** A real day, on a ManualClock the test moves on: the reminder of a one-day move comes a fifth of it before the flag. */
const DAY_MS = 86_400_000;

const account = async (url: string, name: string): Promise<Bot> => {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await guestCookie(url) },
    body: JSON.stringify({ username: name, password: 'seven purple hexagons' }),
  });
  expect(res.status).toBe(200);
  return Bot.connect(url, (res.headers.get('set-cookie') ?? '').split(';')[0]!);
};

const putEmail = (url: string, cookie: string, email: unknown) =>
  fetch(`${url}/api/me/email`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ email }),
  });

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

describe('e-mail addresses', () => {
  it('refuses what is not an address, with a reason', () => {
    for (const bad of [
      '',
      'plain',
      'a@b',
      '@example.org',
      'a b@example.org',
      'a@@example.org',
      'x@example.org\r\nBcc: y',
    ])
      expect(emailProblem(bad), bad).toBeDefined();
    expect(emailProblem(`${'a'.repeat(65)}@example.org`)).toContain('64');
    for (const good of ['ana@example.org', 'li.wei+qiyuan@mail.example.cn']) expect(emailProblem(good)).toBeUndefined();
  });

  it('reads the SMTP settings from the environment, and none when unset', () => {
    expect(mailSettingsFromEnv({})).toBeUndefined();
    expect(mailSettingsFromEnv({ QIYUAN_SMTP_URL: 'smtp://mail:25', QIYUAN_SITE_URL: 'https://q.example/' })).toEqual({
      url: 'smtp://mail:25',
      from: 'Qiyuan <noreply@localhost>',
      siteUrl: 'https://q.example',
    });
    expect(() => mailSettingsFromEnv({ QIYUAN_SMTP_URL: 'http://mail' })).toThrow(/smtp/);
  });
});

describe.each(BACKENDS)('correspondence notices by e-mail on %s', (backend) => {
  let smtp: Awaited<ReturnType<typeof mailbox>>;
  let server: ServerHandle;
  let quiet: ServerHandle;
  const clock = new ManualClock();
  beforeAll(async () => {
    smtp = await mailbox();
    server = await startServer(
      testOptions(backend, {
        authPerMinute: 1000,
        clock,
        mail: { url: `smtp://127.0.0.1:${smtp.port}`, from: 'Qiyuan <noreply@qiyuan.test>' },
      }),
    );
    quiet = await startServer(testOptions(backend, { authPerMinute: 1000, mail: null }));
  });
  afterAll(async () => {
    await server?.close();
    await quiet?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  it('mails "your move" and one reminder to the player who gave an address, nothing to the other', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const a = await account(server.url, `ana_${suffix}`);
    const b = await account(server.url, `bo_${suffix}`);
    // a bad address is refused with its reason; a good one is kept
    const bad = await putEmail(server.url, a.cookie!, 'ana at example');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'bad-email' });
    expect(await (await putEmail(server.url, a.cookie!, 'ana@example.org')).json()).toEqual({
      email: 'ana@example.org',
      confirmed: false,
      sent: true,
    });
    // notices go only to a confirmed address: its owner follows the link mailed to it
    await confirmAddress(smtp, server.url, 'ana@example.org');
    const me = await fetch(`${server.url}/api/me/email`, { headers: { cookie: a.cookie! } }).then((r) => r.json());
    expect(me).toEqual({ email: 'ana@example.org', confirmed: true, mailing: true });
    // a guest has no address to give
    expect((await putEmail(server.url, await guestCookie(server.url), 'g@example.org')).status).toBe(403);

    const created = await createSeek(a, {
      game: 'chinese-checkers',
      options: { players: 2 },
      clock: { kind: 'correspondence', daysPerMove: 1 },
      seats: [{ kind: 'me' }, { kind: 'open' }],
    });
    const gameId = created.seek.id;
    expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
    for (const bot of [a, b]) {
      bot.send({ type: 'game.watch', gameId, legal: true });
      await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId);
    }
    // the game's start is a's turn: a is told in the page and by mail
    await a.next((m) => m.type === 'your-turn' && m.gameId === gameId);
    const move = async (bot: Bot, seat: number, seq: number): Promise<number> => {
      const f = (await bot.next(
        (m) =>
          (m.type === 'game.sync' || m.type === 'game.update') &&
          m.gameId === gameId &&
          m.seq === seq &&
          m.legal?.[String(seat)] !== undefined,
      )) as Frame;
      const ack = await bot.request({ type: 'game.move', gameId, seq, move: f.legal![String(seat)]![0] });
      expect(ack).toMatchObject({ type: 'ack' });
      return (ack as { seq: number }).seq;
    };
    let seq = await move(a, 0, 1);
    seq = await move(b, 1, seq);
    // a's turn again: the reminder comes before the flag, once, in the page and by mail, when a fifth of the day is left
    const reminded = (m: ServerMessage) => m.type === 'your-turn' && m.gameId === gameId && m.reminder === true;
    const turnStart = clock.now();
    await clock.advance(0.8 * DAY_MS - 1);
    expect(a.frames.some(reminded)).toBe(false);
    await clock.advance(2000);
    const reminder = await a.next(reminded, 20_000);
    expect(reminder).toMatchObject({ game: 'chinese-checkers' });
    const reminders = () => smtp.received.filter((m) => m.text.includes('Your time to move'));
    await expect.poll(() => reminders().length, { timeout: 20_000 }).toBe(1);
    expect(reminders()[0]!.to).toEqual(['ana@example.org']);
    expect(reminders()[0]!.text).toContain(`#/online/${gameId}`);
    // a moves in time; the game goes on, and no second reminder of that turn comes: the reminder now waiting is b's,
    // which b is shown (b gave no address) when b's own fifth of the day is left
    seq = await move(a, 0, seq);
    const bTurn = clock.now();
    expect(bTurn).toBeGreaterThan(turnStart);
    expect(await server.hub.deadlines.get(`remind:${gameId}`)).toMatchObject({ dueAt: bTurn + 0.8 * DAY_MS });
    await clock.advance(0.8 * DAY_MS + 1000);
    await b.next(reminded, 20_000);
    expect(reminders()).toHaveLength(1);
    const turns = smtp.received.filter((m) => m.text.includes('It is your move'));
    expect(turns.length).toBeGreaterThanOrEqual(2);
    // b gave no address: every mail went to a
    expect(smtp.received.every((m) => m.to.join() === 'ana@example.org')).toBe(true);
    expect(await b.request({ type: 'game.resign', gameId, seq })).toMatchObject({ type: 'ack' });
    a.close();
    b.close();
  }, 60_000);

  it('sends nothing when SMTP is not configured', async () => {
    const before = smtp.received.length;
    const suffix = Math.random().toString(36).slice(2, 8);
    const a = await account(quiet.url, `cy_${suffix}`);
    expect((await putEmail(quiet.url, a.cookie!, 'cy@example.org')).status).toBe(200);
    const me = await fetch(`${quiet.url}/api/me/email`, { headers: { cookie: a.cookie! } }).then((r) => r.json());
    expect(me).toEqual({ email: 'cy@example.org', confirmed: false, mailing: false });
    expect(quiet.hub.notices.mailing).toBe(false);
    expect(await quiet.hub.notices.remind(a.user!.id, 'g', 'hive', quiet.hub.now())).toBe(false);
    expect(smtp.received.length).toBe(before);
    a.close();
  });
});
