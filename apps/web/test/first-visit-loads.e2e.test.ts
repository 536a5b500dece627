import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtApp, moveCount, poll, useSite } from './harness.js';
import { startLocal } from './ui.js';

/**
 * What a first visit fetches (issue 44): a guest's page goes without the socket's client, the incoming challenges and
 * the turn count (an account's page loads them, and hears a challenge made to it); a Junqi game against the AI
 * starts its AI's worker once the player has deployed, not with the page; the page lists the app's frame for the
 * browser to fetch beside the entry.
 */

const site = useSite({ server: true });
const PASSWORD = 'a long enough password';
const at = (path: string) => new URL(path, site.url).href;

const SOCKET_CLIENT = /\/assets\/client-[\w-]+\.js$/;
const CHALLENGES = /\/assets\/challenges-[\w-]+\.js$/;
const TURNS = /\/assets\/turns-[\w-]+\.js$/;

/** Every script and API path the page requests, and whether it opened a socket, from now on. */
const watch = (page: Page) => {
  const scripts: string[] = [];
  const paths: string[] = [];
  let sockets = 0;
  page.on('request', (r) => {
    paths.push(new URL(r.url()).pathname);
    if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
  });
  page.on('websocket', () => sockets++);
  return {
    fetched: (re: RegExp) => scripts.some((s) => re.test(s)),
    asked: (path: string) => paths.some((p) => p.endsWith(path)),
    get sockets() {
      return sockets;
    },
  };
};

/**
 * Opens Hive's rules page (loads it again when `again`) and waits until the frame is complete: the text drawn, and
 * for an account the header's turn count asked (a guest that has not been online has no game to count).
 */
const openRules = async (page: Page, again = false, member = false) => {
  const turns = member ? page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/me/turns')) : undefined;
  if (again) await page.reload();
  else await page.goto(at('#/rules/hive'));
  await page.locator('.rules article.prose').waitFor();
  await turns;
};

/** Registers an account through the API; its session cookie. */
const register = async (name: string): Promise<string> => {
  const r = await fetch(at('api/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: PASSWORD }),
  });
  expect(r.status).toBe(200);
  return (r.headers.get('set-cookie') ?? '').split(';')[0]!;
};

describe('the socket on a first visit', () => {
  it('is not fetched for a guest, and comes with the challenges for an account, which hears one', async () => {
    const page = await site.newPage();
    const seen = watch(page);
    await openRules(page);
    // the header's guest name is drawn from /api/session alone
    await poll(() => page.getByTestId('who-name').count()).toBe(1);
    expect(seen.fetched(SOCKET_CLIENT)).toBe(false);
    // nor the turn count: a guest that has never been online has no game
    expect(seen.fetched(TURNS)).toBe(false);
    expect(seen.asked('/api/me/turns')).toBe(false);
    expect(seen.fetched(CHALLENGES)).toBe(false);
    expect(seen.sockets).toBe(0);

    // the same browser logs in as an account (its cookie set by the page's own request) and opens the page again
    const stamp = Date.now().toString(36).slice(-5);
    const name = `fv${stamp}`;
    const status = await page.evaluate(
      async ([username, password]) =>
        (
          await fetch('api/register', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password }),
          })
        ).status,
      [name, PASSWORD] as const,
    );
    expect(status).toBe(200);
    const connected = page.waitForEvent('websocket');
    await openRules(page, true, true);
    await connected;
    await poll(() => page.getByTestId('who-name').textContent()).toBe(name);
    expect(seen.fetched(SOCKET_CLIENT)).toBe(true);
    expect(seen.fetched(CHALLENGES)).toBe(true);
    expect(seen.fetched(TURNS)).toBe(true);

    // another account challenges this one: the rules page shows it, with Accept and Decline
    const cookie = await register(`fw${stamp}`);
    const made = await fetch(at(`api/challenge/${name}`), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'abalone',
        options: {},
        clock: { kind: 'fischer', initialMs: 300_000, incrementMs: 3000 },
        rated: false,
      }),
    });
    expect(made.status).toBe(200);
    const { challenge } = (await made.json()) as { challenge: { id: string } };
    const row = page.getByTestId(`challenge-${challenge.id}`);
    await poll(() => row.textContent()).toContain(`fw${stamp}`);
    expect(await row.getByTestId('challenge-accept').count()).toBe(1);
    await page.context().close();
  }, 120_000);
});

describe("Junqi's AI on a first visit", () => {
  it('starts its worker once the player has deployed, then deploys', async () => {
    const page = await site.newPage();
    await startLocal(page, site.url, 'junqi', 'ai');
    await page.locator('svg.jq-board .jq-tile').first().waitFor();
    // both armies are still to deploy: the player's first, the AI's after it (its worker would have been started
    // with the game's session, before the board was drawn)
    await page.getByTestId('jq-confirm').waitFor();
    expect(await moveCount(page)).toBe(0);
    expect(page.workers().filter((w) => w.url().includes('ai.worker'))).toEqual([]);
    await page.getByTestId('jq-confirm').click();
    // the player's deployment and the AI's enter the move list; the AI's worker was started for it
    await poll(() => moveCount(page), 60_000).toBe(2);
    expect(page.workers().filter((w) => w.url().includes('ai.worker')).length).toBe(1);
    await page.context().close();
  }, 120_000);
});

describe('the page itself', () => {
  it('lists the frame main.tsx imports on demand, with its imports and style sheet, for the browser to fetch at once', async () => {
    const html = await (await fetch(site.url)).text();
    const listed = (rel: string) =>
      [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="\\./([^"]+)"`, 'g'))].map((m) => m[1]!);
    const manifest = JSON.parse(readFileSync(join(await builtApp(), '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; name?: string; imports?: string[]; css?: string[] }
    >;
    const preloaded = listed('modulepreload');
    // the entry itself is the page's script
    const inPage = [
      ...preloaded,
      ...[...html.matchAll(/<script type="module"[^>]*src="\.\/([^"]+)"/g)].map((m) => m[1]!),
    ];
    // the frame's modules are one chunk named `frame` (frame-chunk.ts), which no module's key names
    const app = Object.values(manifest).find((c) => c.name === 'frame')!;
    expect(app).toBeDefined();
    expect(preloaded).toContain(app.file);
    for (const i of app.imports ?? []) expect(inPage).toContain(manifest[i]!.file);
    expect(app.css?.length).toBeGreaterThan(0);
    for (const c of app.css ?? []) expect(listed('stylesheet')).toContain(c);
    // nothing the frame imports on demand only (the socket's client, the challenges) is listed
    expect(preloaded.filter((f) => SOCKET_CLIENT.test(`/${f}`) || CHALLENGES.test(`/${f}`))).toEqual([]);
  });
});
