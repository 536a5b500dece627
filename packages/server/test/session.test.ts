import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, createSeek, guestCookie, startTestServer } from './helpers.js';

/**
 * Who a connection is, and what it costs: `hello` comes first on every socket;
 * guests live in a signed cookie and are written to the database only when
 * they sit in a game that starts (or register), so visits and sockets without
 * a cookie, however many, write nothing.
 */

/** A socket that has said nothing yet, recording what it receives. */
const rawSocket = async (url: string, cookie?: string) => {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, cookie ? { headers: { cookie } } : {});
  const got: ServerMessage[] = [];
  let closed: number | undefined;
  ws.on('message', (d) => got.push(JSON.parse(d.toString()) as ServerMessage));
  ws.on('close', (code) => {
    closed = code;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = async (pred: (m: ServerMessage) => boolean): Promise<ServerMessage> => {
    for (let i = 0; i < 500; i++) {
      const m = got.find(pred);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`nothing came: ${JSON.stringify(got)}`);
  };
  return { ws, got, next, closed: () => closed };
};

describe.each(BACKENDS)('sessions on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend, { authPerMinute: 1000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  const count = async (table: 'users' | 'sessions') =>
    (
      await server.store.q
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('answers anything before hello with a clear error, then serves once hello is said', async () => {
    const s = await rawSocket(server.url);
    s.ws.send(JSON.stringify({ type: 'ping', id: 'p1' }));
    s.ws.send(JSON.stringify({ type: 'lobby.subscribe', id: 'l1' }));
    expect(await s.next((m) => m.type === 'error' && m.id === 'p1')).toMatchObject({
      code: 'bad-message',
      reason: expect.stringContaining('hello'),
    });
    expect(await s.next((m) => m.type === 'error' && m.id === 'l1')).toMatchObject({ code: 'bad-message' });
    expect(s.got.some((m) => m.type === 'lobby' || m.type === 'pong')).toBe(false);
    // hello and a request right behind it: handled in order
    s.ws.send(JSON.stringify({ type: 'hello', v: 1 }));
    s.ws.send(JSON.stringify({ type: 'ping', id: 'p2' }));
    expect(await s.next((m) => m.type === 'welcome')).toMatchObject({ v: 1 });
    expect(await s.next((m) => m.type === 'pong')).toMatchObject({ id: 'p2' });
    s.ws.close();
  });

  it('answers the socket’s later messages after one whose handling failed, with no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    const bot = await Bot.connect(server.url);
    const handle = server.hub.handle.bind(server.hub);
    server.hub.handle = () => {
      server.hub.handle = handle;
      return Promise.reject(new Error('a fault in one message'));
    };
    try {
      bot.send({ type: 'ping', id: 'lost' });
      expect(await bot.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      server.hub.handle = handle;
      process.off('unhandledRejection', onUnhandled);
      bot.close();
    }
  });

  it('refuses another protocol version and closes the socket with 4000', async () => {
    const s = await rawSocket(server.url);
    s.ws.send(JSON.stringify({ type: 'hello', v: 2 }));
    expect(await s.next((m) => m.type === 'error')).toMatchObject({ code: 'bad-version' });
    for (let i = 0; i < 100 && s.closed() === undefined; i++) await new Promise((r) => setTimeout(r, 20));
    expect(s.closed()).toBe(4000);
  });

  it('writes nothing for visits and sockets without a cookie', async () => {
    const users = await count('users');
    const sessions = await count('sessions');
    const ids = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${server.url}/api/session`);
      ids.add(((await res.json()) as { user: { id: string } }).user.id);
      const bot = await Bot.connect(server.url);
      ids.add(bot.user!.id);
      bot.close();
    }
    // 80 different guests, and not a row more
    expect(ids.size).toBe(80);
    expect(await count('users')).toBe(users);
    expect(await count('sessions')).toBe(sessions);
  });

  it('gives a browser its guest only through the session route, so requests side by side cannot make two', async () => {
    // a first visit: the page's session and its header's turn count leave at once, neither with a cookie
    const [session, turns] = await Promise.all([
      fetch(`${server.url}/api/session`),
      fetch(`${server.url}/api/me/turns`),
    ]);
    expect(turns.status).toBe(200);
    expect(turns.headers.get('set-cookie')).toBeNull();
    const cookie = session.headers.get('set-cookie')?.split(';')[0];
    expect(cookie).toMatch(/^qy_session=/);
    const guest = ((await session.json()) as { user: { id: string } }).user;
    // the socket opened with the one cookie the browser kept plays as the guest the page was told of
    const bot = await Bot.connect(server.url, cookie);
    expect(bot.user?.id).toBe(guest.id);
    bot.close();
  });

  it('keeps a guest by its cookie, refuses a forged one, and stores the guest when its game starts', async () => {
    const cookie = await guestCookie(server.url);
    const first = await Bot.connect(server.url, cookie);
    const again = await Bot.connect(server.url, cookie);
    expect(again.user).toEqual(first.user);
    expect(first.user?.guest).toBe(true);
    // the same id with a signature that does not match is nobody
    const forged = `${cookie.slice(0, -3)}${cookie.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const stranger = await Bot.connect(server.url, forged);
    expect(stranger.user?.id).not.toBe(first.user?.id);
    const row = () =>
      server.store.q.selectFrom('users').select(['id', 'guest']).where('id', '=', first.user!.id).executeTakeFirst();
    const created = await createSeek(first, {
      game: 'abalone',
      options: {},
      seats: [{ kind: 'me' }, { kind: 'open' }],
    });
    expect(await row()).toBeUndefined();
    const other = await Bot.guest(server.url);
    expect(await other.request({ type: 'seek.join', seekId: created.seek.id })).toMatchObject({ type: 'ack' });
    expect((await row())?.guest).toBe(1);
    const players = await server.store.q
      .selectFrom('game_players')
      .innerJoin('users', 'users.id', 'game_players.user_id')
      .select('users.id as user_id')
      .where('game_id', '=', created.seek.id)
      .execute();
    expect(players.map((p) => p.user_id).sort()).toEqual([first.user!.id, other.user!.id].sort());
    for (const b of [first, again, stranger, other]) b.close();
  });

  it('turns a guest that never played into an account with the same id; its guest cookie then speaks for nobody', async () => {
    const cookie = await guestCookie(server.url);
    const guest = await Bot.connect(server.url, cookie);
    const res = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ username: `frank${backend}`, password: 'long enough password' }),
    });
    expect(res.status).toBe(200);
    const account = ((await res.json()) as { user: { id: string; guest: boolean } }).user;
    expect(account).toMatchObject({ id: guest.user!.id, guest: false });
    const session = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await Bot.connect(server.url, session)).user).toMatchObject({ id: account.id, guest: false });
    const old = await Bot.connect(server.url, cookie);
    expect(old.user?.id).not.toBe(account.id);
    guest.close();
    old.close();
  });
});
