import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../src/index.js';
import { DEFAULT_MAIL_LIMITS } from '../src/mail-budget.js';
import { BACKENDS, guestCookie, testOptions } from './helpers.js';
import { confirmAddress, type Mailbox, mailbox, received, tokenMailed } from './mailbox.js';

/**
 * A forgotten password: the request answers the same whether or not the address is an account's (no enumeration),
 * and mails a single-use link that expires within an hour to confirmed addresses only; the new password follows the
 * rules of registering, every session of the account ends and the old password stops working. The server's clock is
 * the test's.
 */

const json = { 'content-type': 'application/json' };
const PASSWORD = 'seven purple hexagons';

const post = async (url: string, path: string, body: unknown, cookie?: string) => {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...json, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, res };
};

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!;

/** A new account with `email` as its address (confirmed when `confirm`); its name and session cookie. */
const accountWith = async (server: ServerHandle, smtp: Mailbox, prefix: string, email: string, confirm: boolean) => {
  const name = `${prefix}_${Math.random().toString(36).slice(2, 8)}`;
  const reg = await post(
    server.url,
    '/api/register',
    { username: name, password: PASSWORD },
    await guestCookie(server.url),
  );
  expect(reg.status).toBe(200);
  const cookie = cookieOf(reg.res);
  const put = await fetch(`${server.url}/api/me/email`, {
    method: 'PUT',
    headers: { ...json, cookie },
    body: JSON.stringify({ email }),
  });
  expect(put.status).toBe(200);
  if (confirm) await confirmAddress(smtp, server.url, email);
  else await received(smtp, () => smtp.received.some((m) => m.to.includes(email)));
  return { name, cookie };
};

const me = async (url: string, cookie: string) => (await fetch(`${url}/api/me`, { headers: { cookie } })).status;
const login = (url: string, username: string, password: string) => post(url, '/api/login', { username, password });

describe.each(BACKENDS)('password reset on %s', (backend) => {
  let now = 1_800_000_000_000;
  let smtp: Mailbox;
  let server: ServerHandle;
  beforeAll(async () => {
    smtp = await mailbox();
    server = await startServer(
      testOptions(backend, {
        authPerMinute: 1000,
        now: () => now,
        mail: { url: `smtp://127.0.0.1:${smtp.port}`, from: 'Qiyuan <noreply@qiyuan.test>', siteUrl: 'https://q.test' },
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  it('answers alike for an account, an unconfirmed address and nobody; mails the confirmed address only', async () => {
    const known = `known.${backend}@example.org`;
    const pending = `pending.${backend}@example.org`;
    const nobody = `nobody.${backend}@example.org`;
    await accountWith(server, smtp, 'kim', known, true);
    await accountWith(server, smtp, 'pat', pending, false);
    const answers = [];
    for (const email of [known, pending, nobody, known.toUpperCase()])
      answers.push(await post(server.url, '/api/password/reset', { email }));
    for (const a of answers)
      expect({ status: a.status, body: a.body }).toEqual({ status: answers[0]!.status, body: answers[0]!.body });
    expect(answers[0]!.status).toBe(200);
    await server.passwordResets.settled();
    // two links to the known address (any case finds it); the one not confirmed got only its confirmation; nobody, none
    const resets = smtp.received.filter((m) => m.text.includes('#/reset-password?token='));
    expect(resets.map((m) => m.to.join())).toEqual([known, known]);
    expect(resets[1]!.text).toContain('https://q.test/#/reset-password?token=');
    expect(smtp.received.filter((m) => m.to.includes(pending))).toHaveLength(1);
    expect(smtp.received.some((m) => m.to.includes(nobody))).toBe(false);
    // bad input is refused for its shape alone
    expect((await post(server.url, '/api/password/reset', { mail: known })).status).toBe(400);
  }, 60_000);

  it('sets a new password by the rules of registering, once, and ends every session of the account', async () => {
    const address = `lee.${backend}@example.org`;
    const { name, cookie } = await accountWith(server, smtp, 'lee', address, true);
    const other = cookieOf((await login(server.url, name, PASSWORD)).res);
    expect(await me(server.url, cookie)).toBe(200);
    expect(await me(server.url, other)).toBe(200);
    expect((await post(server.url, '/api/password/reset', { email: address })).status).toBe(200);
    await server.passwordResets.settled();
    const token = tokenMailed(smtp, address, 'reset-password')!;
    const confirm = (password: string, t = token) =>
      post(server.url, '/api/password/reset/confirm', { token: t, password });
    // a password registering refuses is refused here too, and the link still works after
    expect(await confirm('short')).toMatchObject({ status: 400, body: { code: 'bad-password' } });
    expect(await confirm('password')).toMatchObject({ status: 400, body: { code: 'common-password' } });
    expect(await confirm('a brand new passphrase')).toMatchObject({ status: 200, body: { ok: true } });
    // every session ended; the old password no longer works, the new one does
    expect(await me(server.url, cookie)).toBe(401);
    expect(await me(server.url, other)).toBe(401);
    expect((await login(server.url, name, PASSWORD)).status).toBe(401);
    expect((await login(server.url, name, 'a brand new passphrase')).status).toBe(200);
    // the link works once
    expect(await confirm('another new passphrase')).toMatchObject({ status: 400, body: { code: 'bad-token' } });
    expect(await confirm('another new passphrase', 'made-up')).toMatchObject({
      status: 400,
      body: { code: 'bad-token' },
    });
  }, 60_000);

  it('refuses a link after an hour, and caps the links one address is sent', async () => {
    now += 2 * 86_400_000;
    const address = `max.${backend}@example.org`;
    const { name } = await accountWith(server, smtp, 'max', address, true);
    expect((await post(server.url, '/api/password/reset', { email: address })).status).toBe(200);
    await server.passwordResets.settled();
    const token = tokenMailed(smtp, address, 'reset-password')!;
    now += 3_600_000;
    expect(
      await post(server.url, '/api/password/reset/confirm', { token, password: 'a brand new passphrase' }),
    ).toMatchObject({
      status: 400,
      body: { code: 'bad-token' },
    });
    expect((await login(server.url, name, PASSWORD)).status).toBe(200);
    // asked again and again within an hour: three links, the rest answered alike and not sent
    const before = smtp.received.filter((m) => m.to.includes(address)).length;
    // (one after the other, so the last link mailed is the last one issued)
    for (let i = 0; i < 6; i++) {
      expect((await post(server.url, '/api/password/reset', { email: address })).status).toBe(200);
      await server.passwordResets.settled();
    }
    expect(smtp.received.filter((m) => m.to.includes(address)).length - before).toBe(
      DEFAULT_MAIL_LIMITS.resetPerAddressPerHour,
    );
    // only the newest link works
    const links = smtp.received.filter((m) => m.to.includes(address) && m.text.includes('reset-password?token='));
    const older = /token=([A-Za-z0-9_-]+)/.exec(links.at(-2)!.text)![1]!;
    const newest = /token=([A-Za-z0-9_-]+)/.exec(links.at(-1)!.text)![1]!;
    expect(
      (await post(server.url, '/api/password/reset/confirm', { token: older, password: 'a brand new passphrase' }))
        .status,
    ).toBe(400);
    expect(
      (await post(server.url, '/api/password/reset/confirm', { token: newest, password: 'a brand new passphrase' }))
        .status,
    ).toBe(200);
  }, 60_000);
});

describe('password reset with a slow mail server', () => {
  let smtp: Mailbox;
  let server: ServerHandle;
  beforeAll(async () => {
    smtp = await mailbox(3000);
    server = await startServer(
      testOptions('sqlite', {
        authPerMinute: 1000,
        mail: { url: `smtp://127.0.0.1:${smtp.port}`, from: 'q@qiyuan.test' },
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  it('answers before the account is looked up or mailed, so its time tells nothing', async () => {
    const address = 'slow@example.org';
    await accountWith(server, smtp, 'sam', address, true);
    const started = Date.now();
    expect((await post(server.url, '/api/password/reset', { email: address })).status).toBe(200);
    // the mail server takes 3 s to accept the link: the answer did not wait for it
    expect(Date.now() - started).toBeLessThan(1500);
    await server.passwordResets.settled();
    expect(tokenMailed(smtp, address, 'reset-password')).toBeDefined();
  }, 60_000);
});
