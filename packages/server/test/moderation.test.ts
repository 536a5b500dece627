import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, setRoleFromConsole } from '../src/index.js';
import { REPORTS_PER_HOUR } from '../src/moderation-routes.js';
import { call, login, PASSWORD, register, until } from './accounts.js';
import { BACKENDS, Bot, createSeek, startPairGame, startTestServer, testOptions } from './helpers.js';
import { rowOf, sql } from './sql.js';
import { createTournament } from './tournament-harness.js';

/**
 * Moderation on each store: roles (from the console and from a moderator), reports, blocks, mutes, bans, and a
 * player's own data (export, closing the account).
 */

const cli = fileURLToPath(new URL('../../../apps/cli/bin/qiyuan.js', import.meta.url));

/** Every moderator route, with a body that would be accepted from a moderator. */
const MOD_ROUTES = (name: string): [string, string, unknown?][] => [
  ['GET', '/api/mod/reports'],
  ['POST', '/api/mod/reports/nothing/close', { note: 'x' }],
  ['GET', `/api/mod/users/${name}`],
  ['POST', `/api/mod/users/${name}/mute`, { minutes: 5, reason: 'x' }],
  ['POST', `/api/mod/users/${name}/unmute`, { reason: 'x' }],
  ['POST', `/api/mod/users/${name}/ban`, { reason: 'x' }],
  ['POST', `/api/mod/users/${name}/unban`, { reason: 'x' }],
  ['POST', `/api/mod/users/${name}/role`, { role: 'moderator' }],
  ['GET', '/api/mod/log'],
];

describe.each(BACKENDS)('moderation on %s', (backend) => {
  let server: ServerHandle;
  // the server's clock runs with the real one, plus what a test moves it on by (a mute running out)
  let ahead = 0;
  const options = testOptions(backend, { authPerMinute: 10_000, now: () => Date.now() + ahead });
  let mod: Awaited<ReturnType<typeof register>>;
  beforeAll(async () => {
    server = await startTestServer(backend, options);
    mod = await register(server.url);
    const r = await setRoleFromConsole(server.store, mod.name, 'moderator');
    expect(r.ok).toBe(true);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('appoints a moderator from the command line, on the store the server uses', () => {
    return (async () => {
      const p = await register(server.url);
      expect((await call(server.url, 'GET', '/api/mod/log', p.cookie)).status).toBe(403);
      const env = {
        ...process.env,
        ...(backend === 'postgres'
          ? { DATABASE_URL: String(options.databaseUrl), QIYUAN_PG_SCHEMA: String(options.pgSchema) }
          : { QIYUAN_DATA_DIR: String(options.dataDir), DATABASE_URL: '' }),
      };
      const r = spawnSync(process.execPath, [cli, 'admin', 'role', p.name, 'moderator'], { env, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('is a moderator');
      // the running server sees it with the next request
      expect((await call(server.url, 'GET', '/api/mod/log', p.cookie)).status).toBe(200);
      expect((await call(server.url, 'GET', '/api/me/role', p.cookie)).body.role).toBe('moderator');
      const none = spawnSync(process.execPath, [cli, 'admin', 'role', p.name, 'none'], { env, encoding: 'utf8' });
      expect(none.status, none.stderr).toBe(0);
      expect((await call(server.url, 'GET', '/api/mod/log', p.cookie)).status).toBe(403);
      const unknown = spawnSync(process.execPath, [cli, 'admin', 'role', 'nobody-at-all', 'moderator'], {
        env,
        encoding: 'utf8',
      });
      expect(unknown.status).not.toBe(0);
      expect(unknown.stderr).toContain('no account named nobody-at-all');
    })();
  }, 60_000);

  it('answers a player (and a guest) with 403 on every moderator route; a moderator can appoint another', async () => {
    const p = await register(server.url);
    const guest = (await call(server.url, 'GET', '/api/session')).headers.get('set-cookie')!.split(';')[0]!;
    for (const [method, path, body] of MOD_ROUTES(mod.name)) {
      expect((await call(server.url, method, path, p.cookie, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(server.url, method, path, guest, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(
      (
        await call(server.url, 'POST', `/api/mod/users/${p.name}/role`, mod.cookie, {
          role: 'moderator',
          reason: 'helps',
        })
      ).status,
    ).toBe(200);
    expect((await call(server.url, 'GET', '/api/mod/reports', p.cookie)).status).toBe(200);
    const log = (await call(server.url, 'GET', `/api/mod/log?user=${p.name}`, mod.cookie)).body.log;
    expect(log[0]).toMatchObject({
      action: 'role:moderator',
      moderator: { name: mod.name },
      user: { name: p.name },
      reason: 'helps',
    });
  });

  it('takes reports (rate-limited per reporter), lists open ones first with the game, and closes them with a note', async () => {
    const reporter = await register(server.url);
    const target = await register(server.url);
    const a = await Bot.connect(server.url, reporter.cookie);
    const b = await Bot.connect(server.url, target.cookie);
    const gameId = await startPairGame(a, b);
    expect(
      (await call(server.url, 'POST', '/api/reports', reporter.cookie, { user: target.name, reason: 'spam', text: '' }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(server.url, 'POST', '/api/reports', reporter.cookie, {
          user: reporter.name,
          reason: 'abuse',
          text: '',
        })
      ).status,
    ).toBe(400);
    const first = await call(server.url, 'POST', '/api/reports', reporter.cookie, {
      user: target.name,
      reason: 'abuse',
      text: 'insults in chat',
      gameId,
    });
    expect(first.status).toBe(201);
    expect(typeof first.body.id).toBe('string');
    for (let i = 1; i < REPORTS_PER_HOUR; i++) {
      expect(
        (
          await call(server.url, 'POST', '/api/reports', reporter.cookie, {
            user: target.name,
            reason: 'other',
            text: `${i}`,
          })
        ).status,
      ).toBe(201);
    }
    const over = await call(server.url, 'POST', '/api/reports', reporter.cookie, {
      user: target.name,
      reason: 'other',
      text: 'again',
    });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('rate-limited');
    // another reporter is not held back by this one's reports
    const other = await register(server.url);
    expect(
      (await call(server.url, 'POST', '/api/reports', other.cookie, { user: target.name, reason: 'cheat', text: '' }))
        .status,
    ).toBe(201);

    expect(
      (await call(server.url, 'POST', `/api/mod/reports/${first.body.id}/close`, mod.cookie, { note: 'warned' }))
        .status,
    ).toBe(200);
    expect(
      (await call(server.url, 'POST', `/api/mod/reports/${first.body.id}/close`, mod.cookie, { note: 'again' })).status,
    ).toBe(409);
    const queue = (await call(server.url, 'GET', '/api/mod/reports', mod.cookie)).body.reports as {
      id: string;
      closedAt: number | null;
      game: string | null;
      note: string | null;
    }[];
    const firstClosed = queue.findIndex((r) => r.closedAt !== null);
    expect(queue.slice(0, firstClosed).every((r) => r.closedAt === null)).toBe(true);
    expect(queue.slice(firstClosed).every((r) => r.closedAt !== null)).toBe(true);
    expect(queue.find((r) => r.id === first.body.id)).toMatchObject({
      game: `/#/replay/${encodeURIComponent(gameId)}`,
      note: 'warned',
    });
    const history = (await call(server.url, 'GET', `/api/mod/users/${target.name}`, mod.cookie)).body;
    expect(history.reports).toHaveLength(REPORTS_PER_HOUR + 1);
    a.close();
    b.close();
  });

  it('keeps a blocked player out of the blocker’s seeks and chat', async () => {
    const blocker = await register(server.url);
    const pest = await register(server.url);
    const friend = await register(server.url);
    expect((await call(server.url, 'POST', `/api/users/${pest.name}/block`, blocker.cookie)).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/me/blocks', blocker.cookie)).body.blocks).toEqual([
      expect.objectContaining({ name: pest.name }),
    ]);
    const a = await Bot.connect(server.url, blocker.cookie);
    const p = await Bot.connect(server.url, pest.cookie);
    const f = await Bot.connect(server.url, friend.cookie);
    const seek = await createSeek(a, {
      game: 'abalone',
      options: {},
      seats: [{ kind: 'me' }, { kind: 'open' }],
      private: true,
    });
    expect(await p.request({ type: 'seek.join', seekId: seek.seek.id })).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      refusal: 'blocked-by-creator',
    });
    // the seek is still open for anyone else
    expect(await f.request({ type: 'seek.join', seekId: seek.seek.id })).toMatchObject({ type: 'ack' });
    // the blocked player watching the blocker's game cannot chat into it; the friend can
    p.send({ type: 'game.watch', gameId: seek.seek.id });
    expect(await p.request({ type: 'game.chat', gameId: seek.seek.id, text: 'hello' })).toMatchObject({
      type: 'error',
      refusal: 'chat-blocked',
    });
    expect(await f.request({ type: 'game.chat', gameId: seek.seek.id, text: 'good luck' })).toMatchObject({
      type: 'ack',
    });
    expect(a.frames.some((m) => m.type === 'game.chat' && 'text' in m && m.text === 'hello')).toBe(false);
    // unblocked: the join works again
    expect((await call(server.url, 'DELETE', `/api/users/${pest.name}/block`, blocker.cookie)).status).toBe(200);
    const again = await createSeek(a, { game: 'abalone', options: {}, seats: [{ kind: 'me' }, { kind: 'open' }] });
    expect(await p.request({ type: 'seek.join', seekId: again.seek.id })).toMatchObject({ type: 'ack' });
    for (const x of [a, p, f]) x.close();
  });

  it('does not show a watching blocker the chat lines of a player it blocked, live or in a sync', async () => {
    const blocker = await register(server.url);
    const pest = await register(server.url);
    const friend = await register(server.url);
    const w = await Bot.connect(server.url, blocker.cookie);
    const p = await Bot.connect(server.url, pest.cookie);
    const f = await Bot.connect(server.url, friend.cookie);
    const gameId = await startPairGame(p, f);
    // blocked after the blocker's socket said hello: that socket hides the lines from then on
    expect((await call(server.url, 'POST', `/api/users/${pest.name}/block`, blocker.cookie)).status).toBe(200);
    w.send({ type: 'game.watch', gameId });
    await w.next((m) => m.type === 'game.sync' && m.gameId === gameId);
    expect(await p.request({ type: 'game.chat', gameId, text: 'psst' })).toMatchObject({ type: 'ack' });
    expect(await f.request({ type: 'game.chat', gameId, text: 'hi all' })).toMatchObject({ type: 'ack' });
    // lines of one game arrive in order: the friend's line comes after where the pest's would have been
    await w.next((m) => m.type === 'game.chat' && m.text === 'hi all');
    expect(w.frames.some((m) => m.type === 'game.chat' && m.text === 'psst')).toBe(false);
    // a new socket of the blocker (a reload) gets the game's chat without the pest's line
    const again = await Bot.connect(server.url, blocker.cookie);
    again.send({ type: 'game.watch', gameId });
    const sync = await again.next((m) => m.type === 'game.sync' && m.gameId === gameId);
    if (sync.type !== 'game.sync') throw new Error('no sync');
    expect((sync.chat ?? []).map((l) => l.text)).toEqual(['hi all']);
    for (const x of [w, p, f, again]) x.close();
  });

  it('does not show the blocker the seeks of a player it blocked', async () => {
    const blocker = await register(server.url);
    const pest = await register(server.url);
    expect((await call(server.url, 'POST', `/api/users/${pest.name}/block`, blocker.cookie)).status).toBe(200);
    const p = await Bot.connect(server.url, pest.cookie);
    const before = await createSeek(p, { game: 'abalone', options: {}, seats: [{ kind: 'me' }, { kind: 'open' }] });
    const a = await Bot.connect(server.url, blocker.cookie);
    const other = await Bot.guest(server.url);
    for (const b of [a, other]) b.send({ type: 'lobby.subscribe' });
    const listed = (m: ServerMessage) => (m.type === 'lobby' ? m.seeks.map((x) => x.id) : []);
    expect(listed(await a.next((m) => m.type === 'lobby'))).not.toContain(before.seek.id);
    expect(listed(await other.next((m) => m.type === 'lobby'))).toContain(before.seek.id);
    const after = await createSeek(p, { game: 'abalone', options: {}, seats: [{ kind: 'me' }, { kind: 'open' }] });
    await other.next((m) => m.type === 'seek.added' && m.seek.id === after.seek.id);
    // the blocker's own socket heard the same lobby in the same order: a later seek of someone else arrives, not this
    const third = await createSeek(other, { game: 'abalone', options: {}, seats: [{ kind: 'me' }, { kind: 'open' }] });
    await a.next((m) => m.type === 'seek.added' && m.seek.id === third.seek.id);
    expect(a.frames.some((m) => m.type === 'seek.added' && m.seek.creator.id === pest.user.id)).toBe(false);
    for (const b of [a, p, other]) b.close();
  });

  it('refuses a muted player’s chat with a reason they can read, until the mute ends', async () => {
    const loud = await register(server.url);
    const other = await register(server.url);
    const a = await Bot.connect(server.url, loud.cookie);
    const b = await Bot.connect(server.url, other.cookie);
    const gameId = await startPairGame(a, b);
    const muted = await call(server.url, 'POST', `/api/mod/users/${loud.name}/mute`, mod.cookie, {
      minutes: 15,
      reason: 'insults',
    });
    expect(muted.status).toBe(200);
    const refused = await a.request({ type: 'game.chat', gameId, text: 'you fool' });
    expect(refused).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      refusal: 'chat-muted',
      values: { reason: 'insults' },
    });
    expect(refused.type === 'error' && refused.reason).toContain('muted until');
    expect((await call(server.url, 'GET', '/api/me/role', loud.cookie)).body).toMatchObject({ muteReason: 'insults' });
    // the mute runs out on the server's clock: 16 minutes on, the line is taken; muted again, it is refused again
    ahead += 16 * 60_000;
    expect(await a.request({ type: 'game.chat', gameId, text: 'calm now' })).toMatchObject({ type: 'ack' });
    expect(
      (await call(server.url, 'POST', `/api/mod/users/${loud.name}/mute`, mod.cookie, { minutes: 15, reason: 'again' }))
        .status,
    ).toBe(200);
    expect(await a.request({ type: 'game.chat', gameId, text: 'fool' })).toMatchObject({ refusal: 'chat-muted' });
    expect(
      (await call(server.url, 'POST', `/api/mod/users/${loud.name}/mute`, mod.cookie, { minutes: 0, reason: 'x' }))
        .status,
    ).toBe(400);
    expect(
      (await call(server.url, 'POST', `/api/mod/users/${loud.name}/mute`, mod.cookie, { minutes: 5 })).status,
    ).toBe(400);
    expect(
      (await call(server.url, 'POST', `/api/mod/users/${loud.name}/unmute`, mod.cookie, { reason: 'served' })).status,
    ).toBe(200);
    expect(await a.request({ type: 'game.chat', gameId, text: 'sorry' })).toMatchObject({ type: 'ack' });
    a.close();
    b.close();
  });

  it('bans at once: sessions end, sockets close, login refused, seeks gone, games resigned; unban restores login', async () => {
    const cheat = await register(server.url);
    const victim = await register(server.url);
    const c = await Bot.connect(server.url, cheat.cookie);
    const v = await Bot.connect(server.url, victim.cookie);
    const gameId = await startPairGame(c, v);
    const seek = await createSeek(c, { game: 'abalone', options: {}, seats: [{ kind: 'me' }, { kind: 'open' }] });
    const tournamentId = await createTournament(v, { game: 'hive', format: { system: 'swiss', rounds: 3 } });
    expect(await c.request({ type: 'tournament.join', tournamentId })).toMatchObject({ type: 'ack' });
    v.send({ type: 'game.watch', gameId });
    await v.next((m) => m.type === 'game.sync' && m.info.id === gameId);

    const banned = await call(server.url, 'POST', `/api/mod/users/${cheat.name}/ban`, mod.cookie, {
      reason: 'engine use',
    });
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ seeks: 1, games: 1, tournaments: 1 });
    await until(() => c.closed !== undefined, 5000, 'the banned socket to close');
    // out of the tournament (withdrawn, or gone from a tournament not begun)
    const entered = await rowOf(
      server.store,
      sql<{
        n: number;
      }>`SELECT COUNT(*) AS n FROM tournament_players WHERE tournament_id = ${tournamentId} AND user_id = ${cheat.user.id} AND withdrawn_round IS NULL`,
    );
    expect(Number(entered?.n)).toBe(0);
    expect(c.closed).toEqual({ code: 4003, reason: 'your account was banned: engine use' });
    expect((await call(server.url, 'GET', '/api/me', cheat.cookie)).status).toBe(401);
    const refused = await login(server.url, cheat.name);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('banned');
    // a wrong password learns nothing about the ban
    expect((await login(server.url, cheat.name, 'not the password at all')).status).toBe(401);
    const row = await rowOf(
      server.store,
      sql<{ status: string; outcome: string }>`SELECT status, outcome FROM games WHERE id = ${gameId}`,
    );
    expect(row?.status).toBe('finished');
    expect(JSON.parse(row!.outcome)).toMatchObject({ results: ['loss', 'win'] });
    const over = await v.next((m) => m.type === 'game.update' && m.gameId === gameId && m.event === 'resign');
    expect(over).toMatchObject({ outcome: { reason: 'resignation', results: ['loss', 'win'] } });
    expect(
      (await rowOf(server.store, sql<{ status: string }>`SELECT status FROM games WHERE id = ${seek.seek.id}`))?.status,
    ).toBe('aborted');
    const log = (await call(server.url, 'GET', '/api/mod/log', mod.cookie)).body.log;
    expect(log[0]).toMatchObject({
      action: 'ban',
      user: { name: cheat.name },
      moderator: { name: mod.name },
      reason: 'engine use',
    });
    expect(typeof log[0].at).toBe('number');

    expect(
      (await call(server.url, 'POST', `/api/mod/users/${cheat.name}/unban`, mod.cookie, { reason: 'appeal' })).status,
    ).toBe(200);
    const back = await login(server.url, cheat.name);
    expect(back.status).toBe(200);
    expect((await call(server.url, 'GET', '/api/me', back.cookie)).status).toBe(200);
    v.close();
  });

  it('exports a player’s own data as a JSON download', async () => {
    const me = await register(server.url);
    const other = await register(server.url);
    const a = await Bot.connect(server.url, me.cookie);
    const b = await Bot.connect(server.url, other.cookie);
    const gameId = await startPairGame(a, b);
    expect(await a.request({ type: 'game.chat', gameId, text: 'have fun' })).toMatchObject({ type: 'ack' });
    expect(await b.request({ type: 'game.chat', gameId, text: 'not mine' })).toMatchObject({ type: 'ack' });
    expect(await a.request({ type: 'game.resign', gameId, seq: 1 })).toMatchObject({ type: 'ack' });
    await call(server.url, 'POST', '/api/reports', me.cookie, { user: other.name, reason: 'other', text: 'slow' });
    const res = await call(server.url, 'GET', '/api/me/export', me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.body.profile).toMatchObject({ id: me.user.id, name: me.name });
    expect(res.body.games).toHaveLength(1);
    expect(res.body.games[0]).toMatchObject({ id: gameId, status: 'finished' });
    expect(typeof res.body.games[0].record).toBe('string');
    expect(res.body.chat.map((l: { text: string }) => l.text)).toEqual(['have fun']);
    expect(res.body.reports).toEqual([expect.objectContaining({ user: other.name, reason: 'other', text: 'slow' })]);
    expect(Array.isArray(res.body.ratings)).toBe(true);
    expect((await call(server.url, 'GET', '/api/me/export')).status).toBe(401);
    a.close();
    b.close();
  });

  it('closes an account: sessions end, login refused, the name stays reserved, finished games keep their records', async () => {
    const me = await register(server.url);
    const other = await register(server.url);
    const a = await Bot.connect(server.url, me.cookie);
    const b = await Bot.connect(server.url, other.cookie);
    const gameId = await startPairGame(a, b);
    expect(await b.request({ type: 'game.resign', gameId, seq: 1 })).toMatchObject({ type: 'ack' });
    expect(
      (await call(server.url, 'POST', '/api/me/close', me.cookie, { password: 'wrong password here' })).status,
    ).toBe(403);
    expect((await call(server.url, 'GET', '/api/me', me.cookie)).status).toBe(200);
    expect((await call(server.url, 'POST', '/api/me/close', me.cookie, { password: PASSWORD })).status).toBe(200);
    await until(() => a.closed !== undefined, 5000, 'the socket to close');
    expect(a.closed?.code).toBe(4003);
    expect((await call(server.url, 'GET', '/api/me', me.cookie)).status).toBe(401);
    const refused = await login(server.url, me.name);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('closed');
    const again = await call(server.url, 'POST', '/api/register', undefined, { username: me.name, password: PASSWORD });
    expect(again.status).toBe(409);
    const upper = await call(server.url, 'POST', '/api/register', undefined, {
      username: me.name.toUpperCase(),
      password: PASSWORD,
    });
    expect(upper.status).toBe(409);
    expect((await call(server.url, 'GET', `/api/games/${gameId}/export`)).status).toBe(200);
    expect((await call(server.url, 'GET', `/api/users/${other.name}/games`)).body.games[0]).toMatchObject({
      id: gameId,
    });
    b.close();
  });
});
