import { describe, expect, it } from 'vitest';
import { ccMove, moveCount, poll, useSite } from './harness.js';
import { CC_RACE } from './lines.js';
import { createSeek, registerAs, status } from './online-ui.js';

/** What a newcomer met online (issue #21), through the real server. */
const site = useSite({ server: true });

describe('online, as a newcomer met it', () => {
  it('calls a resigned game resigned in its replay, not cancelled', { timeout: 180_000 }, async () => {
    const host = await site.newPage();
    const id = await createSeek(host, site.url, 'chinese-checkers', { clock: 'none' });
    const guest = await site.newPage();
    await guest.goto(await host.getByTestId('invite-link').inputValue());
    await guest.getByTestId('language').selectOption('en');
    await guest.getByTestId('join').click();
    await poll(() => status(host)).toBe('Your move (Red)');
    await ccMove(host, CC_RACE[0]!);
    await poll(() => moveCount(guest)).toBe(1);
    await guest.getByTestId('resign').click();
    await guest.getByTestId('resign-yes').click();
    await poll(() => status(host)).toMatch(/^Game over: .*resignation/);
    await host.goto(`${site.url}#/replay/${encodeURIComponent(id)}`);
    await poll(() => host.getByTestId('replay-status').textContent()).toBe('Game over: Red wins · resignation');
    // its record carries the headers of where, when and between whom it was played
    const exported = await host.getByTestId('export').inputValue();
    expect(exported).toMatch(
      /^\[Event "Qiyuan casual unlimited game"\]\n\[Site "http:\/\/127\.0\.0\.1:\d+"\]\n\[Date "\d{4}\.\d\d\.\d\d"\]/,
    );
    expect(exported).toMatch(/^\[Seat1 "Guest-[A-Za-z0-9]+"\]$/m);
    expect(exported).toContain('[TimeControl "-"]');
    expect(exported).toContain('[Termination "resignation"]');
    await host.context().close();
    await guest.context().close();
  });

  it('opens an account menu in the header: profile, account settings, log out', { timeout: 120_000 }, async () => {
    const page = await site.newPage();
    await registerAs(page, site.url, 'menu_tester', 'a long enough password');
    expect(await page.getByTestId('account-menu').count()).toBe(0);
    await page.getByTestId('who-toggle').click();
    await page.getByTestId('menu-profile').click();
    await poll(() => page.url()).toContain('#/profile/menu_tester');
    // a new page closes it; Escape closes it too
    expect(await page.getByTestId('account-menu').count()).toBe(0);
    await page.getByTestId('who-toggle').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('account-menu').waitFor({ state: 'detached' });
    await page.getByTestId('who-toggle').click();
    await page.getByTestId('menu-account').click();
    await poll(() => page.getByTestId('signed-in').textContent()).toBe('Signed in as menu_tester');
    await page.getByTestId('who-toggle').click();
    await page.getByTestId('menu-logout').click();
    // out: a new guest, who is offered the way back in
    await poll(() => page.getByTestId('who-name').textContent()).toMatch(/^Guest-/);
    await page.getByTestId('login-link').first().waitFor();
    await page.context().close();
  });
});
