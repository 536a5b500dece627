import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';

/**
 * The links the site mails, driven in the browser against the real server and an SMTP server of this test's own:
 * an address given on the account page is confirmed by its link, and a forgotten password is reset from "Forgot
 * password?" on the login form through the link mailed to that confirmed address.
 */

const inbox: { to: string[]; text: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    let text = '';
    stream.on('data', (d: Buffer) => {
      text += d.toString('utf8');
    });
    stream.on('end', () => {
      // quoted-printable soft breaks joined: the link is read whole
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), text: text.replace(/=\r?\n/g, '') });
      done();
    });
  },
});
const smtpPort = await new Promise<number>((resolve) =>
  smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
);
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const site = useSite({
  server: true,
  authPerMinute: 1000,
  mail: { url: `smtp://127.0.0.1:${smtpPort}`, from: 'Qiyuan <noreply@qiyuan.test>' },
});

/** The path of the latest link to `page` mailed to `to` (quoted-printable writes `=` as `=3D`), once it came. */
const linkTo = async (to: string, page: string, after = 0): Promise<string> => {
  const find = () =>
    inbox
      .slice(after)
      .filter((m) => m.to.includes(to))
      .map((m) => new RegExp(`/#/${page}\\?token(?:=3D|=)([A-Za-z0-9_-]+)`).exec(m.text)?.[1])
      .filter(Boolean)
      .at(-1);
  await poll(() => find() !== undefined).toBe(true);
  return `#/${page}?token=${find()}`;
};

describe('mailed links in the browser', () => {
  it('confirms an address from its link, then resets a forgotten password from the login form', {
    timeout: 180_000,
  }, async () => {
    const name = `rose${Date.now().toString(36).slice(-6)}`;
    const address = `${name}@example.org`;
    const page = await site.newPage();
    await registerAs(page, site.url, name, 'seven purple hexagons');

    // the account page: the address is kept unconfirmed, mailed a link, and can be mailed it again
    await page.goto(`${site.url}#/account`);
    const form = page.getByTestId('email-form');
    await form.locator('input[name=email]').fill(address);
    await page.getByTestId('email-save').click();
    await poll(() => page.getByTestId('email-confirmed').textContent()).toContain('Not confirmed yet');
    const first = await linkTo(address, 'confirm-email');
    await page.getByTestId('email-resend').click();
    await poll(() => page.getByTestId('email-resent').textContent()).toContain('Sent.');
    await poll(() => inbox.filter((m) => m.to.includes(address)).length).toBe(2);
    const link = await linkTo(address, 'confirm-email');
    // the first link was replaced by the second
    await page.goto(`${site.url}${first}`);
    await poll(() => page.getByTestId('confirm-state').textContent()).toContain('expired or was already used');
    await page.goto(`${site.url}${link}`);
    await poll(() => page.getByTestId('confirm-state').textContent()).toContain(`Your address ${address} is confirmed`);
    await page.goto(`${site.url}#/account`);
    await poll(() => page.getByTestId('email-confirmed').textContent()).toContain('Confirmed');
    await page.context().close();

    // another browser, logged out: "Forgot password?" on the login form
    const other = await site.newPage();
    await other.goto(`${site.url}#/account`);
    await other.getByTestId('language').selectOption('en');
    await other.getByTestId('forgot-password').click();
    await poll(() => other.locator('h1').textContent()).toBe('Reset your password');
    const before = inbox.length;
    await other.locator('#reset-email').fill(address);
    await other.getByTestId('reset-ask-submit').click();
    await poll(() => other.getByTestId('reset-ask-state').textContent()).toContain('a link is on its way');
    const reset = await linkTo(address, 'reset-password', before);
    await other.goto(`${site.url}${reset}`);
    // a password registering refuses is refused here, in the player's words
    await other.locator('#reset-password').fill('password');
    await other.locator('#reset-confirm').fill('password');
    await other.getByTestId('reset-submit').click();
    await poll(() => other.getByTestId('reset-error').textContent()).toContain('most common');
    await other.locator('#reset-password').fill('a brand new passphrase');
    await other.locator('#reset-confirm').fill('a brand new passphrase');
    await other.getByTestId('reset-submit').click();
    await poll(() => other.getByTestId('reset-done').textContent()).toContain('Your password is changed');
    // the link works once
    await other.reload();
    await other.locator('#reset-password').fill('another passphrase here');
    await other.locator('#reset-confirm').fill('another passphrase here');
    await other.getByTestId('reset-submit').click();
    await poll(() => other.getByTestId('reset-error').textContent()).toContain('expired or was already used');
    // the old password fails, the new one logs in
    await other.goto(`${site.url}#/account`);
    const login = other.getByTestId('login-form');
    await login.locator('input[name=username]').fill(name);
    await login.locator('input[name=password]').fill('seven purple hexagons');
    await other.getByTestId('login-submit').click();
    await poll(() => other.getByTestId('login-error').textContent()).toBe('Wrong username or password.');
    await login.locator('input[name=password]').fill('a brand new passphrase');
    await other.getByTestId('login-submit').click();
    await poll(() => other.getByTestId('who-name').textContent()).toBe(name);
    await poll(() => other.getByTestId('profile-name').textContent()).toContain(name);
    // the page in Chinese words the reset page too
    await other.goto(`${site.url}#/reset-password`);
    await other.getByTestId('language').selectOption('zh-CN');
    await poll(() => other.locator('h1').textContent()).toBe('重设密码');
    await other.context().close();
  });
});
