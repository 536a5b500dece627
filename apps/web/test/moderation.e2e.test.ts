import { setRoleFromConsole } from '@qiyuan/server';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { createSeek, registerAs } from './online-ui.js';

/**
 * Reporting and blocking from a profile and a game page, and the moderators' area: the queue with the report, closing
 * it with a note, a player's history, a mute and a ban with their reasons, and the log that records them.
 */
const site = useSite({ server: true, authPerMinute: 1000 });

const PASSWORD = 'a long enough password';
const stamp = Date.now().toString(36).slice(-5);

/** An account made over HTTP, for a player the test only needs as a name; its session cookie. */
const registerQuietly = async (name: string): Promise<string> => {
  const res = await fetch(`${site.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
};

const reportFrom = async (page: Page, scope: ReturnType<Page['getByTestId']>, text: string) => {
  await scope.getByTestId('report').click();
  await scope.getByTestId('report-reason').selectOption('abuse');
  await scope.getByTestId('report-text').fill(text);
  await scope.getByTestId('report-send').click();
  await poll(() => scope.getByTestId('report-block-note').textContent()).toContain('Thank you');
  void page;
};

describe('moderation in the browser', () => {
  const alice = `alice${stamp}`;
  const bob = `bob${stamp}`;
  const carol = `carol${stamp}`;

  it('reports and blocks from a profile and from a game page', async () => {
    await registerQuietly(alice);
    const b = await site.newPage();
    await registerAs(b, site.url, bob, PASSWORD);
    await b.goto(`${site.url}#/profile/${alice}`);
    const box = b.getByTestId(`report-block-${alice}`);
    await reportFrom(b, box, 'rude in chat');
    await box.getByTestId('block').click();
    await poll(() => box.getByTestId('report-block-note').textContent()).toContain(`You have blocked ${alice}`);
    await box.getByTestId('unblock').waitFor();
    // the block holds after a reload: it is the server's
    await b.reload();
    await b.getByTestId(`report-block-${alice}`).getByTestId('unblock').waitFor();
    // and nobody sees buttons on their own profile
    await b.goto(`${site.url}#/profile/${bob}`);
    await poll(() => b.getByTestId('profile-name').textContent()).toContain(bob);
    expect(await b.getByTestId(`report-block-${bob}`).count()).toBe(0);

    // a game page: bob plays carol, and reports her from beside the board
    const c = await site.newPage();
    await registerAs(c, site.url, carol, PASSWORD);
    const gameId = await createSeek(b, site.url, 'abalone');
    await c.goto(`${site.url}#/online/${gameId}`);
    await c.getByTestId('sit-1').click();
    await b.getByTestId('online-game').waitFor();
    await b.getByTestId('game-report').locator('summary').click();
    const inGame = b.getByTestId(`report-block-${carol}`);
    await reportFrom(b, inGame, 'stalling');
    const reports = await site
      .server!.store.q.selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.reporter_id')
      .select(['reports.game_id', 'reports.text'])
      .where('users.name', '=', bob)
      .orderBy('reports.created_at')
      .execute();
    expect(reports.map((r) => r.text)).toEqual(['rude in chat', 'stalling']);
    expect(reports[0]!.game_id).toBeNull();
    expect(reports[1]!.game_id).not.toBeNull();
    for (const p of [b, c]) await p.close();
  }, 120_000);

  it('lets a moderator work the queue, look at a player, mute and ban with reasons, and read the log', async () => {
    const mod = `mod${stamp}`;
    const alice = `al2${stamp}`;
    const bob = `bo2${stamp}`;
    const a = await site.newPage();
    await registerAs(a, site.url, alice, PASSWORD);
    const bobCookie = await registerQuietly(bob);
    const reported = await fetch(`${site.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: bobCookie },
      body: JSON.stringify({ user: alice, reason: 'abuse', text: 'shouted in the chat' }),
    });
    expect(reported.status).toBe(201);
    const m = await site.newPage();
    await registerAs(m, site.url, mod, PASSWORD);
    expect((await setRoleFromConsole(site.server!.store, mod, 'moderator')).ok).toBe(true);
    await m.reload();
    await m.getByTestId('who-toggle').click();
    await m.getByTestId('menu-mod').click();
    const queue = m.getByTestId('mod-queue');
    await poll(() => queue.textContent()).toContain(`${bob} reports ${alice}`);
    const first = queue.getByTestId('mod-report').filter({ hasText: 'shouted in the chat' });
    await first.getByTestId('mod-note').fill('warned by mail');
    await first.getByTestId('mod-close-report').click();
    // closed, it moves among the closed ones with the moderator's note
    await poll(() => first.textContent()).toContain(`closed by ${mod}: warned by mail`);
    expect(await first.getByTestId('mod-note').count()).toBe(0);

    await m.getByTestId('mod-lookup').fill(alice);
    await m.getByTestId('mod-lookup').press('Enter');
    const player = m.getByTestId('mod-player');
    await poll(() => player.getByTestId('mod-player-reports').textContent()).toContain('warned by mail');
    await player.getByTestId('mod-reason').fill('insults');
    await player.getByTestId('mod-minutes').fill('30');
    await player.getByTestId('mod-mute').click();
    await poll(() => player.getByTestId('mod-standing').textContent()).toContain('muted until');
    await player.getByTestId('mod-reason').fill('repeated abuse');
    await player.getByTestId('mod-ban').click();
    await poll(() => player.getByTestId('mod-standing').textContent()).toContain('banned: repeated abuse');
    const login = await fetch(`${site.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: alice, password: PASSWORD }),
    });
    expect(login.status).toBe(403);
    // the banned player's open page is told why it was signed out, and is a guest now
    await poll(() => a.getByTestId('session-ended').textContent()).toContain(
      'Your account was banned by the moderators: repeated abuse',
    );
    await poll(() => a.getByTestId('who-name').textContent()).toContain('Guest');

    await m.goto(`${site.url}#/mod`);
    const log = m.getByTestId('mod-log');
    await poll(() => log.textContent()).toContain(`${mod} · ban · ${alice} · repeated abuse`);
    expect(await log.textContent()).toContain(`${mod} · mute · ${alice} · insults`);
    expect(await log.textContent()).toContain(`${mod} · report closed · ${alice} · warned by mail`);

    // a player who is not a moderator is told so
    const other = await site.newPage();
    await registerAs(other, site.url, `pl${stamp}`, PASSWORD);
    await other.goto(`${site.url}#/mod`);
    await poll(() => other.locator('.moderation .error').textContent()).toContain('Only moderators');
    for (const p of [m, other, a]) await p.close();
  }, 120_000);

  it('downloads a player’s data and closes the account from the account page', async () => {
    const name = `dan${stamp}`;
    const p = await site.newPage();
    await registerAs(p, site.url, name, PASSWORD);
    await p.goto(`${site.url}#/account`);
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('export-data').click()]);
    expect(download.suggestedFilename()).toBe(`qiyuan-${name}.json`);
    p.on('dialog', (d) => void d.accept());
    await p.getByTestId('close-password').fill('not my password!');
    await p.getByTestId('close-account').click();
    await poll(() => p.getByTestId('close-note').textContent()).toContain('The password is wrong');
    await p.getByTestId('close-password').fill(PASSWORD);
    await p.getByTestId('close-account').click();
    await poll(() => p.getByTestId('guest-intro').count()).toBe(1);
    const login = await fetch(`${site.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: name, password: PASSWORD }),
    });
    expect(login.status).toBe(403);
    await p.close();
  }, 120_000);
});
