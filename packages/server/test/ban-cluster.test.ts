import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, setRoleFromConsole } from '../src/index.js';
import { call, login, register, until } from './accounts.js';
import { ClusterHarness } from './cluster-harness.js';
import { Bot, createSeek } from './helpers.js';
import { describeWith, needs, TEST_DATABASE_URL } from './services.js';

/**
 * A ban takes effect at once on every process: the banned player's sockets there close with the reason, their cookie
 * speaks for nobody on any process, their seek owned by one process is cancelled there and their game owned by
 * another is resigned by that owner, through the room's own queue.
 */
describeWith([needs.postgres, needs.redis], 'a ban across server processes', () => {
  const cluster = new ClusterHarness(1500);
  beforeAll(async () => {
    await cluster.start(3);
  });
  afterAll(async () => {
    await cluster.close();
  });

  it('ends sessions and sockets everywhere, cancels the seek on its owner and resigns the game on its owner', async () => {
    const [p1, p2, p3] = cluster.procs as [
      (typeof cluster.procs)[0],
      (typeof cluster.procs)[0],
      (typeof cluster.procs)[0],
    ];
    const mod = await register(p1.url);
    const store = await openStore({ databaseUrl: TEST_DATABASE_URL!, pgSchema: cluster.schema, dataDir: '' });
    try {
      expect((await setRoleFromConsole(store, mod.name, 'moderator')).ok).toBe(true);
    } finally {
      await store.close();
    }
    const cheat = await register(p2.url);
    const victim = await register(p3.url);
    // the seek is owned by P1, the game by P2 (each by the process its creator used)
    const onP1 = await Bot.connect(p1.url, cheat.cookie);
    const seek = await createSeek(onP1, { game: 'abalone', options: {}, seats: [{ kind: 'me' }, { kind: 'open' }] });
    const v = await Bot.connect(p2.url, victim.cookie);
    const game = await createSeek(v, {
      game: 'chinese-checkers',
      options: { players: 2 },
      seats: [{ kind: 'me' }, { kind: 'open' }],
    });
    const onP3 = await Bot.connect(p3.url, cheat.cookie);
    expect(await onP3.request({ type: 'seek.join', seekId: game.seek.id })).toMatchObject({ type: 'ack' });
    const gameId = game.seek.id;
    v.send({ type: 'game.watch', gameId });
    await v.next((m) => m.type === 'game.sync' && m.info.id === gameId);
    for (const p of [p1, p2, p3]) expect((await call(p.url, 'GET', '/api/me', cheat.cookie)).status).toBe(200);

    const banned = await call(p3.url, 'POST', `/api/mod/users/${cheat.name}/ban`, mod.cookie, { reason: 'boosting' });
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ seeks: 1, games: 1 });
    for (const p of [p1, p2, p3]) expect((await call(p.url, 'GET', '/api/me', cheat.cookie)).status).toBe(401);
    await until(
      () => onP1.closed !== undefined && onP3.closed !== undefined,
      10_000,
      'the sockets on P1 and P3 to close',
    );
    for (const b of [onP1, onP3]) expect(b.closed).toEqual({ code: 4003, reason: 'your account was banned: boosting' });
    const refused = await login(p2.url, cheat.name);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('banned');
    // the game ended by resignation on its owner, and the victim (on P2) was told
    const over = await v.next((m) => m.type === 'game.update' && m.gameId === gameId && m.event === 'resign', 10_000);
    expect(over).toMatchObject({ outcome: { reason: 'resignation', results: ['win', 'loss'] } });
    expect((await cluster.row(gameId)).status).toBe('finished');
    expect((await cluster.row(seek.seek.id)).status).toBe('aborted');
    // the lobby of every process no longer lists the seek
    for (const p of [p1, p2, p3]) {
      const seeks = (await call(p.url, 'GET', '/api/seeks')).body.seeks as { id: string }[];
      expect(seeks.some((s) => s.id === seek.seek.id)).toBe(false);
    }
    v.close();
  }, 60_000);
});
