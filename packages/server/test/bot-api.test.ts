import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { call, register } from './accounts.js';
import { api, apiUser, botUser, challengeAccepted, eventStream } from './api-harness.js';
import { BACKENDS, Bot, createSeek, startTestServer } from './helpers.js';
import { createTournament, expectAck, view } from './tournament-harness.js';

/**
 * The Bot and Board API on each store, apart from playing (bot-game.test.ts): tokens and their scopes, the bot
 * upgrade, challenges and their refusals, the event stream, and the API's rate limits.
 */

const HIVE = { game: 'hive', options: {}, clock: { kind: 'none' }, rated: false };

describe.each(BACKENDS)('the Bot and Board API on %s', (backend) => {
  let server: ServerHandle;
  let url: string;
  // the server's clock runs with the real one, plus what a test moves it on by (a challenge expiring)
  let ahead = 0;
  beforeAll(async () => {
    server = await startTestServer(backend, { now: () => Date.now() + ahead, challengeTtlMs: 60_000 });
    url = server.url;
  });
  afterAll(async () => {
    const t = Date.now();
    await server?.close();
    console.log('CLOSE', Date.now() - t);
  });

  it('makes, lists and revokes tokens from the session; a token speaks only within its scopes', async () => {
    const p = await register(url);
    // a guest has no tokens; an account's session makes them
    const guest = await call(url, 'GET', '/api/session');
    const guestCookie = (guest.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(
      (await call(url, 'POST', '/api/tokens', guestCookie, { description: 'x', scopes: ['bot:play'] })).status,
    ).toBe(401);
    const made = await call(url, 'POST', '/api/tokens', p.cookie, { description: 'my board', scopes: ['board:play'] });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: expect.any(String), token: expect.stringMatching(/^qyp_/) });
    const token = made.body.token as string;
    // only a hash is stored: the token's text is in no row
    const rows = await server.store.q.selectFrom('api_tokens').selectAll().where('user_id', '=', p.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
    const listed = await call(url, 'GET', '/api/tokens', p.cookie);
    expect(listed.body.tokens).toEqual([
      expect.objectContaining({ id: made.body.id, description: 'my board', scopes: ['board:play'] }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token.slice(4));

    // refused bodies: an unknown scope, a field off the allow-list, no description
    for (const body of [
      { description: 'x', scopes: ['admin'] },
      { description: 'x', scopes: ['bot:play'], expires: 1 },
      { description: '', scopes: ['bot:play'] },
      { description: 'x', scopes: [] },
    ]) {
      const r = await call(url, 'POST', '/api/tokens', p.cookie, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.reason).toEqual(expect.any(String));
    }
    // a token never makes tokens
    const byToken = await api(url, 'POST', '/api/tokens', token, { description: 'x', scopes: ['bot:play'] });
    expect(byToken.status).toBe(403);

    // within its scope: the event stream; outside it: the bot upgrade and challenges
    expect((await api(url, 'POST', '/api/bot/account/upgrade', token)).status).toBe(403);
    const other = await register(url);
    const ch = await api(url, 'POST', `/api/challenge/${other.name}`, token, HIVE);
    expect(ch.status).toBe(403);
    expect(ch.body).toMatchObject({ code: 'missing-scope', reason: expect.stringContaining('challenge:write') });
    expect((await api(url, 'GET', '/api/challenge', token)).status).toBe(200);
    // an unknown token, and none at all
    expect((await api(url, 'GET', '/api/challenge', 'qyp_nothing')).status).toBe(401);
    expect((await api(url, 'GET', '/api/challenge', undefined)).status).toBe(401);

    // revoked: it speaks for nobody any more
    expect((await call(url, 'DELETE', `/api/tokens/${made.body.id}`, other.cookie)).status).toBe(404);
    expect((await call(url, 'DELETE', `/api/tokens/${made.body.id}`, p.cookie)).status).toBe(200);
    expect((await api(url, 'GET', '/api/challenge', token)).status).toBe(401);
    expect((await call(url, 'GET', '/api/tokens', p.cookie)).body.tokens).toEqual([]);
  });

  it('a banned account’s tokens stop working', async () => {
    const p = await apiUser(url);
    expect((await api(url, 'GET', '/api/challenge', p.token)).status).toBe(200);
    await server.store.q.updateTable('users').set({ banned_at: Date.now() }).where('id', '=', p.id).execute();
    expect((await api(url, 'GET', '/api/challenge', p.token)).status).toBe(401);
  });

  it('upgrades an account that has played no game to a bot, for good', async () => {
    const bot = await apiUser(url, ['bot:play', 'challenge:write']);
    expect((await call(url, 'GET', `/api/users/${bot.name}`)).body.user.bot).toBeUndefined();
    expect((await api(url, 'POST', '/api/bot/account/upgrade', bot.token)).status).toBe(200);
    const profile = await call(url, 'GET', `/api/users/${bot.name}`);
    expect(profile.body.user).toMatchObject({ name: bot.name, bot: true });
    expect(profile.body.bot).toBe(true);
    const again = await api(url, 'POST', '/api/bot/account/upgrade', bot.token);
    expect(again).toMatchObject({ status: 400, body: { code: 'already-bot' } });

    // an account that has played a game stays a person
    const a = await apiUser(url, ['board:play', 'challenge:write', 'bot:play']);
    const b = await apiUser(url);
    await challengeAccepted(url, a, b, HIVE);
    const refused = await api(url, 'POST', '/api/bot/account/upgrade', a.token);
    expect(refused).toMatchObject({ status: 400, body: { code: 'has-played', reason: expect.any(String) } });
    expect((await call(url, 'GET', `/api/users/${a.name}`)).body.bot).toBe(false);
  });

  it('a bot joins only the seeks whose creator allows bots, and its seat carries the BOT tag', async () => {
    const bot = await botUser(url);
    const maker = await Bot.connect(url, (await register(url)).cookie);
    const botSocket = await Bot.connect(url, bot.cookie);
    expect(botSocket.user).toMatchObject({ name: bot.name, bot: true });
    const closed = await createSeek(maker, { game: 'hive', options: {}, seats: [{ kind: 'me' }, { kind: 'open' }] });
    expect(closed.seek.allowBots).toBeUndefined();
    const refused = await botSocket.request({ type: 'seek.join', seekId: closed.seek.id });
    expect(refused).toMatchObject({ type: 'error', refusal: 'no-bots' });
    const open = await createSeek(maker, {
      game: 'hive',
      options: {},
      seats: [{ kind: 'me' }, { kind: 'open' }],
      allowBots: true,
    });
    expect(open.seek.allowBots).toBe(true);
    expect(await botSocket.request({ type: 'seek.join', seekId: open.seek.id })).toMatchObject({ type: 'ack' });
    maker.send({ type: 'game.watch', gameId: open.seek.id });
    const sync = await maker.next((m) => m.type === 'game.sync');
    expect(sync.type === 'game.sync' && sync.info.seats[1]).toMatchObject({
      kind: 'user',
      user: { name: bot.name, bot: true },
    });
    maker.ws.close();
    botSocket.ws.close();
  });

  it('a bot entered in a tournament is tagged among its entrants and standings', async () => {
    const organiser = await Bot.connect(url, (await register(url)).cookie);
    const bot = await botUser(url);
    const botSocket = await Bot.connect(url, bot.cookie);
    const tid = await createTournament(organiser, {
      game: 'hive',
      format: { system: 'swiss', rounds: 3 },
      rated: false,
      startsAt: Date.now() + 3_600_000,
    });
    await expectAck(organiser, { type: 'tournament.join', tournamentId: tid });
    await expectAck(botSocket, { type: 'tournament.join', tournamentId: tid });
    const v = await view(url, tid);
    const entrants = v.entrants.map((e) => e.user);
    expect(entrants).toContainEqual({ id: bot.id, name: bot.name, bot: true });
    expect(entrants.find((u) => u.id !== bot.id)?.bot).toBeUndefined();
    for (const s of v.standings) expect(Boolean(s.user.bot)).toBe(s.user.id === bot.id);
    organiser.ws.close();
    botSocket.ws.close();
  });

  it('challenges: made, declined, cancelled, accepted, each told on both event streams', async () => {
    const human = await apiUser(url);
    const bot = await botUser(url);
    // the page's way: the session cookie on the event stream and the challenge routes
    const humanEvents = await (await import('./ndjson-reader.js')).NdjsonReader.open(url, '/api/stream/event', {
      cookie: human.cookie,
    });
    const botEvents = await eventStream(url, bot.token);
    expect([humanEvents.status, botEvents.status]).toEqual([200, 200]);

    const first = await call(url, 'POST', `/api/challenge/${bot.name}`, human.cookie, { ...HIVE, seat: 0 });
    expect(first.status).toBe(200);
    const c1 = first.body.challenge;
    expect(c1).toMatchObject({
      id: expect.any(String),
      status: 'created',
      challenger: { name: human.name },
      destUser: { name: bot.name, bot: true },
      game: 'hive',
      seat: 0,
      rated: false,
      speed: 'unlimited',
    });
    for (const s of [humanEvents, botEvents]) await s.next((l) => l.type === 'challenge' && l.challenge.id === c1.id);
    expect((await api(url, 'GET', '/api/challenge', bot.token)).body.in.map((c: { id: string }) => c.id)).toContain(
      c1.id,
    );

    // only the challenged declines; the challenger hears why
    expect((await call(url, 'POST', `/api/challenge/${c1.id}/decline`, human.cookie, {})).status).toBe(403);
    expect((await api(url, 'POST', `/api/challenge/${c1.id}/decline`, bot.token, { reason: 'nonsense' })).status).toBe(
      400,
    );
    const declined = await api(url, 'POST', `/api/challenge/${c1.id}/decline`, bot.token, { reason: 'tooSlow' });
    expect(declined).toMatchObject({
      status: 200,
      body: { challenge: { status: 'declined', declineReason: 'tooSlow' } },
    });
    await humanEvents.next((l) => l.type === 'challengeDeclined' && l.challenge.id === c1.id);
    expect((await api(url, 'POST', `/api/challenge/${c1.id}/accept`, bot.token)).status).toBe(409);

    // only the challenger cancels; the challenged hears it
    const c2 = (await api(url, 'POST', `/api/challenge/${bot.name}`, human.token, HIVE)).body.challenge;
    expect((await api(url, 'POST', `/api/challenge/${c2.id}/cancel`, bot.token)).status).toBe(403);
    expect((await api(url, 'POST', `/api/challenge/${c2.id}/cancel`, human.token)).status).toBe(200);
    await botEvents.next((l) => l.type === 'challengeCanceled' && l.challenge.id === c2.id);

    // accepted: the game starts, both hear gameStart with its seats, the bot tagged
    const c3 = (await api(url, 'POST', `/api/challenge/${bot.name}`, human.token, { ...HIVE, seat: 1 })).body.challenge;
    const accepted = await api(url, 'POST', `/api/challenge/${c3.id}/accept`, bot.token);
    expect(accepted.status).toBe(200);
    const gameId = accepted.body.challenge.gameId as string;
    expect(gameId).toEqual(expect.any(String));
    for (const [s, you] of [
      [humanEvents, [1]],
      [botEvents, [0]],
    ] as const) {
      const start = await s.next((l) => l.type === 'gameStart' && l.game.id === gameId);
      expect(start.game).toMatchObject({ game: 'hive', you, rated: false });
      expect(start.game.seats).toEqual([
        expect.objectContaining({ name: bot.name, bot: true }),
        expect.objectContaining({ name: human.name, bot: false }),
      ]);
    }
    // a stream opened later is told the game in play
    const late = await eventStream(url, bot.token);
    await late.next((l) => l.type === 'gameStart' && l.game.id === gameId);
    // the end: the game's players hear gameFinish
    expect((await api(url, 'POST', `/api/bot/game/${gameId}/resign`, bot.token)).status).toBe(200);
    for (const s of [humanEvents, botEvents]) {
      const fin = await s.next((l) => l.type === 'gameFinish' && l.game.id === gameId);
      expect(fin.game).toMatchObject({ status: 'finished', outcome: { results: ['loss', 'win'] } });
    }
    for (const s of [humanEvents, botEvents, late]) s.close();
  });

  it('refuses challenges it must: unknown player, oneself, options and clocks a seek may not have, a block, expiry', async () => {
    const a = await apiUser(url);
    const b = await apiUser(url);
    const refused = async (name: string, body: unknown, status: number) => {
      const r = await api(url, 'POST', `/api/challenge/${name}`, a.token, body);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.reason).toEqual(expect.any(String));
      return r.body;
    };
    await refused('nobody-here-at-all', HIVE, 404);
    await refused(a.name, HIVE, 400);
    // a seed is never the creator's to choose
    expect(await refused(b.name, { ...HIVE, options: { seed: 7 } }, 400)).toMatchObject({
      refusal: 'option-not-offered',
    });
    await refused(b.name, { ...HIVE, clock: { kind: 'fischer', initialMs: -5, incrementMs: 0 } }, 400);
    await refused(b.name, { ...HIVE, game: 'chess' }, 400);
    await refused(b.name, { ...HIVE, private: true }, 400);
    await refused(b.name, { ...HIVE, seat: 3 }, 400);
    await refused(
      b.name,
      { game: 'chinese-checkers', options: { players: 3 }, clock: { kind: 'none' }, rated: false },
      400,
    );

    // a blocked player cannot challenge the blocker
    expect((await call(url, 'POST', `/api/users/${a.name}/block`, b.cookie)).status).toBe(200);
    expect(await refused(b.name, HIVE, 403)).toMatchObject({ code: 'blocked' });

    // unanswered, a challenge expires
    const c = await apiUser(url);
    const made = (await api(url, 'POST', `/api/challenge/${c.name}`, a.token, HIVE)).body.challenge;
    ahead += 61_000;
    const late = await api(url, 'POST', `/api/challenge/${made.id}/accept`, c.token);
    expect(late).toMatchObject({ status: 409, body: { code: 'not-open' } });
    expect((await api(url, 'GET', '/api/challenge', c.token)).body.in).toEqual([]);
    console.log('END');
  });
});

describe('the Bot and Board API’s rate limits', () => {
  let server: ServerHandle;
  let ahead = 0;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      now: () => Date.now() + ahead,
      apiLimits: {
        play: { burst: 3, perMinute: 6 },
        challenge: { burst: 2, perMinute: 2 },
        stream: { burst: 30, perMinute: 60 },
        token: { burst: 10, perMinute: 10 },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a flood with 429 and its reason, and lets the account go on once the bucket refills', async () => {
    const url = server.url;
    const a = await apiUser(url);
    const b = await apiUser(url);
    expect((await api(url, 'POST', `/api/challenge/${b.name}`, a.token, HIVE)).status).toBe(200);
    expect((await api(url, 'POST', `/api/challenge/${b.name}`, a.token, HIVE)).status).toBe(200);
    const flood = await api(url, 'POST', `/api/challenge/${b.name}`, a.token, HIVE);
    expect(flood).toMatchObject({
      status: 429,
      body: { code: 'rate-limited', reason: expect.stringContaining('a minute') },
    });
    ahead += 30_000;
    expect((await api(url, 'POST', `/api/challenge/${b.name}`, a.token, HIVE)).status).toBe(200);
    // moves: the bucket is the account's, whatever the game
    const gameId = await challengeAccepted(url, b, a, { ...HIVE, seat: 0 });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await api(url, 'POST', `/api/board/game/${gameId}/move/zzz`, b.token)).status);
    expect(codes).toEqual([400, 400, 400, 429]);
  });
});
