import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { closeEndedSessions } from '../src/session-ends.js';
import { call, register, until } from './accounts.js';
import { BACKENDS, Bot, startTestServer } from './helpers.js';

/**
 * Logging out ends the session for good: the stored row is the truth, so the cookie speaks for nobody afterwards,
 * and a socket opened with it before the logout is closed with a reason instead of acting as the account.
 */
describe.each(BACKENDS)('logout on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend, { authPerMinute: 1000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('closes a socket opened before the logout, and the cookie then speaks for a guest', async () => {
    const a = await register(server.url);
    expect((await call(server.url, 'GET', '/api/me', a.cookie)).status).toBe(200);
    const open = await Bot.connect(server.url, a.cookie);
    expect(open.user).toMatchObject({ id: a.user.id, guest: false });
    // another session of the same account stays
    const other = await call(server.url, 'POST', '/api/login', undefined, {
      username: a.name,
      password: 'a long enough password',
    });
    const otherCookie = (other.headers.get('set-cookie') ?? '').split(';')[0]!;
    const otherSocket = await Bot.connect(server.url, otherCookie);

    expect((await call(server.url, 'POST', '/api/logout', a.cookie)).status).toBe(200);
    await until(() => open.closed !== undefined, 5000, 'the socket to close');
    expect(open.closed).toEqual({ code: 4003, reason: 'logged out' });
    expect((await call(server.url, 'GET', '/api/me', a.cookie)).status).toBe(401);
    const again = await Bot.connect(server.url, a.cookie);
    expect(again.user).toMatchObject({ guest: true });
    expect(again.user?.id).not.toBe(a.user.id);

    // the other session is untouched
    expect(otherSocket.closed).toBeUndefined();
    expect((await call(server.url, 'GET', '/api/me', otherCookie)).body.user.id).toBe(a.user.id);
    for (const b of [again, otherSocket]) b.close();
  });

  it('closes a socket whose session row went without news of it (Redis away): the sweep asks the store', async () => {
    const a = await register(server.url);
    const open = await Bot.connect(server.url, a.cookie);
    // as if another process had ended it and the news never came: only the stored row is gone
    await server.store.q.deleteFrom('sessions').where('user_id', '=', a.user.id).execute();
    const stop = closeEndedSessions(server.hub, server.sessions, undefined, 50);
    try {
      await until(() => open.closed !== undefined, 5000, 'the sweep to close the socket');
      expect(open.closed).toEqual({ code: 4003, reason: 'the session ended' });
    } finally {
      stop();
    }
  });

  it('ends every session of an account with endAllFor, and closes all its sockets with the reason', async () => {
    const a = await register(server.url);
    const first = await Bot.connect(server.url, a.cookie);
    const second = await Bot.connect(server.url, a.cookie);
    await server.sessions.endAllFor(a.user.id, 'the password was changed');
    await until(() => first.closed !== undefined && second.closed !== undefined, 5000, 'both sockets to close');
    expect(first.closed).toEqual({ code: 4003, reason: 'the password was changed' });
    expect((await call(server.url, 'GET', '/api/me', a.cookie)).status).toBe(401);
  });
});
