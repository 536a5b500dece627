import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { gameIdOf, registerAs } from './online-ui.js';

/**
 * Bots in the pages: a bot account (made and driven here through the Bot API, as `qiyuan bot` would) is tagged BOT
 * on its profile and at the board; a person challenges it from its profile with the new-game form and the game opens
 * when the bot accepts; the bot challenges the person, who sees the challenge on the page and accepts it there.
 */

const site = useSite({ server: true });
const PASSWORD = 'a long enough password';
const at = (path: string) => new URL(path, site.url).href;

/** A bot account: registered, given a token with the bot's scopes, and upgraded through the API. */
const makeBot = async (name: string): Promise<string> => {
  const reg = await fetch(at('api/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: PASSWORD }),
  });
  expect(reg.status).toBe(200);
  const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0]!;
  const made = await fetch(at('api/tokens'), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ description: 'e2e bot', scopes: ['bot:play', 'challenge:write'] }),
  });
  expect(made.status).toBe(200);
  const { token } = (await made.json()) as { token: string };
  const up = await fetch(at('api/bot/account/upgrade'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(up.status).toBe(200);
  return token;
};

const api = async (token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(at(path), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: each call reads its own route's answer
  return { status: res.status, body: (await res.json()) as any };
};

describe('bots and challenges in the pages', () => {
  it('tags a bot BOT, and a challenge each way is accepted and opens the game', async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const botName = `robo${stamp}`;
    const personName = `ann${stamp}`;
    const token = await makeBot(botName);
    const page = await site.newPage();
    await registerAs(page, site.url, personName, PASSWORD);

    // the bot's profile: its name tagged BOT, and a Challenge button
    await page.goto(`${site.url}#/profile/${botName}`);
    await poll(() => page.getByTestId('profile-name').textContent()).toContain(botName);
    await expect.poll(() => page.getByTestId('profile-name').getByTestId('bot-tag').textContent()).toBe('BOT');
    await page.getByTestId('challenge').click();
    await page.locator('#challenge-game').selectOption('hive');
    await page.getByRole('button', { name: 'Send the challenge' }).click();
    await poll(() => page.getByTestId('challenge-sent').textContent()).toContain(botName);

    // the bot sees it waiting, and accepts: the person's page opens the game
    const waiting = await api(token, 'GET', 'api/challenge');
    expect(waiting.status).toBe(200);
    const mine = waiting.body.in as { id: string; challenger: { name: string }; game: string }[];
    expect(mine.map((c) => [c.challenger.name, c.game])).toEqual([[personName, 'hive']]);
    const accepted = await api(token, 'POST', `api/challenge/${mine[0]!.id}/accept`);
    expect(accepted.status).toBe(200);
    const first = accepted.body.challenge.gameId as string;
    await poll(() => gameIdOf(page)).toBe(first);
    // at the board, the bot's seat is tagged
    await poll(() => page.locator('.players .bot-tag').count()).toBe(1);
    expect(await page.locator('.players li', { hasText: botName }).getByTestId('bot-tag').textContent()).toBe('BOT');

    // the bot challenges the person, who sees it on the page (tagged BOT) and accepts it there
    const made = await api(token, 'POST', `api/challenge/${personName}`, {
      game: 'abalone',
      options: {},
      clock: { kind: 'fischer', initialMs: 300_000, incrementMs: 3000 },
      rated: false,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const row = page.getByTestId(`challenge-${made.body.challenge.id}`);
    await poll(() => row.textContent()).toContain(`${botName}BOT challenges you:`);
    expect(await row.textContent()).toContain('Abalone');
    await row.getByTestId('challenge-accept').click();
    await poll(() => gameIdOf(page)).not.toBe(first);
    const second = gameIdOf(page);
    await poll(() => page.getByTestId('incoming-challenges').count()).toBe(0);
    // the challenge is answered: gone from the bot's list, and the new game's seats tag the bot too
    const after = await api(token, 'GET', 'api/challenge');
    expect(after.body.out).toEqual([]);
    expect(second).toBeTruthy();
    await poll(() => page.locator('.players .bot-tag').count()).toBe(1);
    await page.context().close();
  }, 180_000);
});
