import { hash, verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { verifyPassword } from '../src/login-timing.js';
import { passwordProblem } from '../src/passwords.js';
import { BACKENDS, startTestServer } from './helpers.js';
import { rowOf, sql } from './sql.js';

/**
 * Accounts open to strangers: a password is more than spaces, one repeated character, control characters or a few
 * emoji counted as UTF-16 units; a name cannot pass for a guest's; and a login's work (so its time) is the same
 * whether the name has an account or not.
 */

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the password rule counts what people count', () => {
  it.each([
    ['8 spaces', ' '.repeat(8), 'password-blank'],
    ['spaces of every width', ' \u3000\u00a0 \t '.replace('\t', ' ').repeat(2), 'password-blank'],
    ['one letter repeated', 'aaaaaaaa', 'password-repeated'],
    ['one digit repeated, long', '7'.repeat(40), 'password-repeated'],
    ['one emoji repeated', '🐝'.repeat(9), 'password-repeated'],
    ['8 NULs', '\u0000'.repeat(8), 'password-control'],
    ['a tab inside', 'seven\tpurple hexagons', 'password-control'],
    ['a new line inside', 'seven purple\nhexagons', 'password-control'],
    ['half a UTF-16 pair', 'seven purple \ud83d hexagons', 'password-control'],
    ['4 emoji (8 UTF-16 units)', '🐝🦗🐞🐜', 'bad-password'],
    [
      '7 letters with accents made of two code points each',
      'e\u0301a\u0301o\u0301u\u0301i\u0301n\u0303c\u0327',
      'bad-password',
    ],
    ['4 family emoji (44 UTF-16 units)', '👨‍👩‍👧‍👦👩‍👩‍👦👨‍👨‍👧🧑‍🧑‍🧒', 'bad-password'],
    ['201 characters', `${'xy'.repeat(100)}z`, 'bad-password'],
  ])('refuses %s', (_, password, code) => {
    expect(passwordProblem(password)?.code).toBe(code);
  });

  it.each([
    ['8 different emoji', '🐝🦗🐞🐜🦋🐛🐌🕷'],
    ['Chinese words', '蜂巢军棋跳棋好玩'],
    ['words with spaces', 'seven purple hexagons'],
    ['a space around', ' seven purple hexagons '],
  ])('takes %s', (_, password) => {
    expect(passwordProblem(password)).toBeUndefined();
  });
});

describe.each(BACKENDS)('registering and logging in, open to strangers (%s)', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend, { authPerMinute: 10_000 });
  });
  afterAll(() => server?.close());
  const users = async () => Number((await rowOf(server.store, sql<{ n: number }>`SELECT COUNT(*) AS n FROM users`))?.n);

  it('refuses weak passwords at registration, saying why, and stores nothing', async () => {
    const before = await users();
    for (const [password, code] of [
      [' '.repeat(8), 'password-blank'],
      ['aaaaaaaa', 'password-repeated'],
      ['\u0000'.repeat(8), 'password-control'],
      ['🐝🦗🐞🐜', 'bad-password'],
    ] as const) {
      const res = await post(server.url, '/api/register', { username: 'stranger', password });
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(await res.json()).toMatchObject({ code });
    }
    expect(await users()).toBe(before);
  });

  it('keeps guests’ names for guests, in any case', async () => {
    const before = await users();
    for (const username of ['Guest-wly8u8', 'guest-abc123', 'GUEST_x1', 'gUeSt7', 'guest']) {
      const res = await post(server.url, '/api/register', { username, password: 'seven purple hexagons' });
      expect(res.status, username).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'guest-name' });
    }
    // the pages' guest words (游客-, 訪客-) are no username at all: a name has ASCII letters, digits, _ and - only
    for (const username of ['游客-abc123', '訪客-abc123']) {
      const res = await post(server.url, '/api/register', { username, password: 'seven purple hexagons' });
      expect(await res.json()).toMatchObject({ code: 'bad-username' });
    }
    expect(await users()).toBe(before);
    const ok = await post(server.url, '/api/register', { username: 'Guesthouse', password: 'seven purple hexagons' });
    expect(ok.status).toBe(200);
  });

  it('answers an unknown name exactly as a wrong password', async () => {
    const made = await post(server.url, '/api/register', { username: 'known1', password: 'seven purple hexagons' });
    expect(made.status).toBe(200);
    const wrong = await post(server.url, '/api/login', { username: 'known1', password: 'eight purple hexagons' });
    const unknown = await post(server.url, '/api/login', {
      username: 'nobody-here',
      password: 'eight purple hexagons',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(await unknown.json()).toEqual(await wrong.json());
  });
});

describe('a login does the same work whether the account exists', () => {
  it('runs argon2 once against a stand-in hash of the same settings for an unknown name, and refuses', async () => {
    const real = await hash('seven purple hexagons', { algorithm: 2 as never });
    const check = vi.fn(verify);
    expect(await verifyPassword(real, 'eight purple hexagons', check)).toBe(false);
    expect(await verifyPassword(real, 'seven purple hexagons', check)).toBe(true);
    expect(await verifyPassword(undefined, 'seven purple hexagons', check)).toBe(false);
    expect(check).toHaveBeenCalledTimes(3);
    const standIn = String(check.mock.calls[2]![0]);
    expect(standIn).not.toBe(real);
    // argon2id, its version, memory, time and lanes: the same cost as a real account's hash
    expect(standIn.split('$').slice(0, 4)).toEqual(real.split('$').slice(0, 4));
    // even a password that matched the stand-in would be refused: there is no account
    const always = vi.fn(async () => true);
    expect(await verifyPassword(undefined, 'anything at all', always)).toBe(false);
    expect(always).toHaveBeenCalledTimes(1);
  });
});
