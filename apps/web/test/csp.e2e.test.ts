import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { moveCount, poll, useSite } from './harness.js';
import { createSeek } from './online-ui.js';
import { startLocal } from './ui.js';

/**
 * The app under the server's Content-Security-Policy: every route of the app (router.ts) is visited as a player
 * reaches it — boards of the four games drawn, a game against the AI (its Web Worker), the service worker, the
 * online waiting room, replays, rules, profiles, settings, the account page — and the browser reports no violation
 * of the policy, neither as a `securitypolicyviolation` event nor as a console error.
 */
const site = useSite({ server: true, serviceWorker: true });

/** A page that records every violation of the policy, and every console line that speaks of one. */
const watchedPage = async (): Promise<{ page: Page; violations: string[] }> => {
  const page = await site.newPage();
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportViolation(t: string): void }).__reportViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  const speaksOfPolicy = (text: string) => /Content Security Policy|Refused to/i.test(text);
  page.on('console', (m) => {
    if (m.type() === 'error' && speaksOfPolicy(m.text())) violations.push(`console: ${m.text()}`);
  });
  page.on('worker', (w) => {
    w.on('console', (m) => {
      if (speaksOfPolicy(m.text())) violations.push(`worker console: ${m.text()}`);
    });
  });
  return { page, violations };
};

/** Opens a route and waits for what shows it was drawn. */
const visit = async (page: Page, hash: string, drawn: string): Promise<void> => {
  await page.goto(`${site.url}${hash}`);
  try {
    await page.locator(drawn).first().waitFor({ timeout: 30_000 });
  } catch (e) {
    // say what the page showed instead
    throw new Error(`${hash} never showed ${drawn}; it showed: ${await page.locator('#app').innerText()}`, {
      cause: e,
    });
  }
};

describe('the Content-Security-Policy', () => {
  it('is sent with the app and catches what breaks it (the check itself works)', async () => {
    const { page, violations } = await watchedPage();
    const res = await page.goto(site.url);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await page.getByTestId('game-hive').waitFor();
    // an inline script, as an injection would bring, is refused and reported
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.body.append(s);
    });
    await poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
  });

  it('is kept by every route of the app', async () => {
    const { page, violations } = await watchedPage();
    // home, and the service worker it registers
    await visit(page, '#/', '[data-testid=game-hive]');
    await poll(() =>
      page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.active))),
    ).toBe(true);
    // rules, of every game
    await visit(page, '#/rules', 'section.rules');
    for (const game of ['hive', 'junqi', 'abalone', 'chinese-checkers']) {
      await visit(page, `#/rules/${game}`, 'section.rules h2, section.rules article');
    }
    await visit(page, '#/settings', '#set-theme');
    // the board of each game, at one screen
    for (const game of ['hive', 'junqi', 'abalone', 'chinese-checkers']) {
      await startLocal(page, site.url, game, 'hotseat');
    }
    // a game against the AI, which moves first: its Web Worker runs
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('game-chinese-checkers').click();
    await page.locator('input[name=mode][value=ai]').check();
    await page.locator('#ai-level').selectOption('1');
    await page.locator('#ai-side').selectOption('1');
    await page.getByTestId('start').click();
    await poll(() => moveCount(page), 60_000).toBeGreaterThan(0);
    const localId = decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '');
    // its replay on this device (not over yet: the page says so and leads back to the game)
    await visit(page, `#/local/${encodeURIComponent(localId)}/replay`, `a[href="#/local/${localId}"]`);
    // online: a seek's waiting room, then its replay (still being played: the page leads to it)
    const onlineId = await createSeek(page, site.url, 'chinese-checkers');
    await visit(page, `#/online/${encodeURIComponent(onlineId)}`, '[data-testid=waiting]');
    await visit(
      page,
      `#/replay/${encodeURIComponent(onlineId)}`,
      '[data-testid=replay-status], main a[href^="#/online/"]',
    );
    // the account page, its password rule, and profiles (the guest's own, then an account's)
    await visit(page, '#/account', '[data-testid=register-form]');
    await visit(page, '#/profile', '[data-testid=guest-profile], [data-testid=profile-name]');
    await visit(page, '#/profile/nobody-here', 'main');
    expect(violations).toEqual([]);
  }, 300_000);

  it('lets the account page explain the password rule, and say why a common password is refused', async () => {
    const { page, violations } = await watchedPage();
    await visit(page, '#/account', '[data-testid=register-form]');
    await page.getByTestId('language').selectOption('en');
    const form = page.getByTestId('register-form');
    // the rule is there before anything is sent
    await expect.poll(() => form.textContent()).toContain('not one of the passwords people use most');
    await form.locator('input[name=username]').fill('common_pw');
    await form.locator('input[name=password]').fill('password');
    await form.locator('input[name=confirm]').fill('password');
    await page.getByTestId('register-submit').click();
    await poll(() => page.getByTestId('register-error').textContent()).toContain('one of the most common');
    await form.locator('input[name=password]').fill('seven purple hexagons');
    await form.locator('input[name=confirm]').fill('seven purple hexagons');
    await page.getByTestId('register-submit').click();
    await poll(() => page.getByTestId('profile-name').textContent()).toContain('common_pw');
    expect(violations).toEqual([]);
  });
});
