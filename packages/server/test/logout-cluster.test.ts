import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, register, until } from './accounts.js';
import { ClusterHarness } from './cluster-harness.js';
import { Bot } from './helpers.js';
import { describeWith, needs } from './services.js';

/**
 * A logout through one process ends the session on every process at once: the others had the token looked up (and
 * believed) and a socket open with it, and neither may act as the account afterwards.
 */
describeWith([needs.postgres, needs.redis], 'logout across server processes', () => {
  const cluster = new ClusterHarness(1500);
  beforeAll(async () => {
    await cluster.start(3);
  });
  afterAll(async () => {
    await cluster.close();
  });

  it('answers 401 on the other processes and closes their sockets; a new socket there is a guest', async () => {
    const [p1, p2, p3] = cluster.procs as [
      (typeof cluster.procs)[0],
      (typeof cluster.procs)[0],
      (typeof cluster.procs)[0],
    ];
    const a = await register(p1!.url);
    // every process has looked the token up, so each would believe it from memory
    for (const p of [p1, p2, p3]) expect((await call(p.url, 'GET', '/api/me', a.cookie)).status).toBe(200);
    const on2 = await Bot.connect(p2.url, a.cookie);
    const on3 = await Bot.connect(p3.url, a.cookie);
    expect(on2.user).toMatchObject({ id: a.user.id, guest: false });

    expect((await call(p1.url, 'POST', '/api/logout', a.cookie)).status).toBe(200);
    // at once: the very next request to P2 is refused
    expect((await call(p2.url, 'GET', '/api/me', a.cookie)).status).toBe(401);
    expect((await call(p3.url, 'GET', '/api/me', a.cookie)).status).toBe(401);
    await until(() => on2.closed !== undefined && on3.closed !== undefined, 5000, 'the sockets on P2 and P3 to close');
    expect(on2.closed).toEqual({ code: 4003, reason: 'logged out' });
    expect(on3.closed).toEqual({ code: 4003, reason: 'logged out' });
    const fresh = await Bot.connect(p2.url, a.cookie);
    expect(fresh.user?.guest).toBe(true);
    expect(fresh.user?.id).not.toBe(a.user.id);
    fresh.close();
  }, 30_000);
});
