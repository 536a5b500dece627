import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { api, apiUser, botUser, challengeAccepted, gameStream } from './api-harness.js';
import { BACKENDS, Bot, startTestServer } from './helpers.js';
import type { Line, NdjsonReader } from './ndjson-reader.js';

/**
 * Playing through the Bot and Board API on each store: a game's two streams (gameFull, then gameState after every
 * change, chatLine), moves and their refusals, resignation, draws, take-backs and chat, each through the hub's own
 * play path; and a Junqi game whose stream carries what the seat's socket shows, and no enemy rank.
 */

const HIVE = { game: 'hive', options: {}, clock: { kind: 'none' }, rated: false };

/** The latest gameState (or gameFull's state) with `seq` at least `seq`. */
const stateAt = async (s: NdjsonReader, seq: number): Promise<Line> => {
  const l = await s.next((x) => (x.type === 'gameState' ? x.seq : x.type === 'gameFull' ? x.state.seq : -1) >= seq);
  return l.type === 'gameFull' ? l.state : l;
};

describe.each(BACKENDS)('playing through the Bot and Board API on %s', (backend) => {
  let server: ServerHandle;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    url = server.url;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a human on the Board API against a bot on the Bot API: streams, moves, refusals, chat, offers, resignation', async () => {
    const human = await apiUser(url);
    const bot = await botUser(url);
    const gameId = await challengeAccepted(url, human, bot, { ...HIVE, seat: 0 });
    const hs = await gameStream(url, 'board', gameId, human.token);
    const bs = await gameStream(url, 'bot', gameId, bot.token);
    const full = await hs.next((l) => l.type === 'gameFull');
    expect(full).toMatchObject({
      id: gameId,
      game: 'hive',
      rated: false,
      clock: { kind: 'none' },
      seats: [
        { name: human.name, bot: false },
        { name: bot.name, bot: true },
      ],
      state: { type: 'gameState', moves: [], status: 'started', you: [0] },
    });
    const base = full.state.seq as number;
    // the seat to move is told its legal moves
    const first = full.state.legal['0'] as string[];
    expect(first.length).toBeGreaterThan(0);
    expect((await bs.next((l) => l.type === 'gameFull')).state.you).toEqual([1]);

    // refusals: the wrong API for the account, no seat, an illegal move, not your turn
    expect((await api(url, 'POST', `/api/bot/game/${gameId}/move/${first[0]}`, human.token)).status).toBe(403);
    expect((await api(url, 'POST', `/api/board/game/${gameId}/move/${first[0]}`, bot.token)).status).toBe(403);
    const stranger = await apiUser(url);
    const notSeated = await api(url, 'POST', `/api/board/game/${gameId}/move/${first[0]}`, stranger.token);
    expect(notSeated).toMatchObject({ status: 403, body: { code: 'not-your-seat' } });
    expect((await gameStream(url, 'board', gameId, stranger.token)).status).toBe(403);
    expect((await gameStream(url, 'board', 'no-such-game', human.token)).status).toBe(404);
    const illegal = await api(
      url,
      'POST',
      `/api/board/game/${gameId}/move/${encodeURIComponent('wQ -bQ')}`,
      human.token,
    );
    expect(illegal.status).toBe(400);
    expect(illegal.body.reason).toEqual(expect.any(String));
    const early = await api(url, 'POST', `/api/bot/game/${gameId}/move/${encodeURIComponent(first[0]!)}`, bot.token);
    expect(early.status).toBe(400);

    // moves, URL-encoded, in UHP; each side's stream shows every move
    const m1 = first[0]!;
    expect(
      (await api(url, 'POST', `/api/board/game/${gameId}/move/${encodeURIComponent(m1)}`, human.token)).status,
    ).toBe(200);
    const s1 = await stateAt(bs, base + 1);
    expect(s1.moves).toEqual([m1]);
    const m2 = (s1.legal['1'] as string[])[0]!;
    expect(m2).toMatch(/^b/);
    expect((await api(url, 'POST', `/api/bot/game/${gameId}/move/${encodeURIComponent(m2)}`, bot.token)).status).toBe(
      200,
    );
    const s2 = await stateAt(hs, base + 2);
    expect(s2.moves).toEqual([m1, m2]);

    // chat reaches both streams, with the writer's BOT tag
    expect((await api(url, 'POST', `/api/bot/game/${gameId}/chat`, bot.token, { text: 'good luck' })).status).toBe(200);
    for (const s of [hs, bs])
      expect(await s.next((l) => l.type === 'chatLine')).toMatchObject({
        username: bot.name,
        bot: true,
        text: 'good luck',
        room: 'player',
      });
    expect((await api(url, 'POST', `/api/bot/game/${gameId}/chat`, bot.token, { text: '' })).status).toBe(400);

    // a take-back: asked by the human, agreed by the bot; back to before the human's last move
    expect((await api(url, 'POST', `/api/board/game/${gameId}/takeback/maybe`, human.token)).status).toBe(400);
    expect((await api(url, 'POST', `/api/board/game/${gameId}/takeback/yes`, human.token)).status).toBe(200);
    const asked = await stateAt(bs, base + 3);
    expect(asked.offers).toEqual([{ seat: 0, offer: 'takeback' }]);
    expect((await api(url, 'POST', `/api/bot/game/${gameId}/takeback/yes`, bot.token)).status).toBe(200);
    const taken = await stateAt(hs, base + 4);
    expect(taken.moves).toEqual([]);
    expect(taken.status).toBe('started');

    // a draw: offered, declined; offered again and agreed
    expect((await api(url, 'POST', `/api/bot/game/${gameId}/draw/yes`, bot.token)).status).toBe(200);
    expect((await stateAt(hs, base + 5)).offers).toEqual([{ seat: 1, offer: 'draw' }]);
    expect((await api(url, 'POST', `/api/board/game/${gameId}/draw/no`, human.token)).status).toBe(200);
    expect((await stateAt(hs, base + 6)).offers).toEqual([]);
    // declining what nobody offers is refused with the engine's reason
    const none = await api(url, 'POST', `/api/board/game/${gameId}/takeback/no`, human.token);
    expect(none).toMatchObject({ status: 400, body: { code: 'no-offer' } });

    // resignation ends the game: the last state says so, and the streams end
    expect((await api(url, 'POST', `/api/board/game/${gameId}/resign`, human.token)).status).toBe(200);
    for (const s of [hs, bs]) {
      const last = await s.next((l) => l.type === 'gameState' && l.status !== 'started');
      expect(last).toMatchObject({ status: 'finished', result: { results: ['loss', 'win'] } });
      await s.end();
    }
    const over = await api(url, 'POST', `/api/bot/game/${gameId}/move/${encodeURIComponent(m2)}`, bot.token);
    expect(over.status).toBe(400);
  });

  it('a Junqi stream carries what the seat’s socket shows, and no enemy rank', async () => {
    const human = await apiUser(url);
    const bot = await botUser(url);
    const gameId = await challengeAccepted(url, human, bot, {
      game: 'junqi',
      options: { players: 2, mode: 'hidden' },
      clock: { kind: 'none' },
      rated: false,
      seat: 0,
    });
    const bs = await gameStream(url, 'bot', gameId, bot.token);
    const hs = await gameStream(url, 'board', gameId, human.token);
    // both deploy (the first legal deployment each stream offers), then one march each way
    for (const [s, token, kind, seat] of [
      [hs, human.token, 'board', 0],
      [bs, bot.token, 'bot', 1],
    ] as const) {
      const st = await stateAt(s, 0);
      const deploy = (st.legal[String(seat)] as string[])[0]!;
      const r = await api(url, 'POST', `/api/${kind}/game/${gameId}/move/${encodeURIComponent(deploy)}`, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const room = server.hub.rooms.get(gameId)!;
    for (let i = 0; i < 2; i++) {
      const seat = (room.game.turn() as { seat: number }).seat;
      const [s, token, kind] = seat === 0 ? [hs, human.token, 'board'] : [bs, bot.token, 'bot'];
      const st = await stateAt(s, room.seq);
      const move = (st.legal[String(seat)] as string[])[0]!;
      expect(
        (await api(url, 'POST', `/api/${kind}/game/${gameId}/move/${encodeURIComponent(move)}`, token)).status,
      ).toBe(200);
    }
    const seq = room.seq;
    const streamed = await stateAt(bs, seq);

    // the bot account's own socket, watching the same game: the same view, the same records
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: bot.name, password: 'a long enough password' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const socket = await Bot.connect(url, cookie);
    socket.send({ type: 'game.watch', gameId });
    const sync = (await socket.next((m) => m.type === 'game.sync')) as Extract<ServerMessage, { type: 'game.sync' }>;
    expect(sync.seq).toBe(seq);
    expect(streamed.view).toEqual(sync.view);
    expect(streamed.moves).toEqual(sync.records.map((r) => r.notation));

    // and no rank of the human's army: every piece of army 0 in the bot's view is rankless
    const view = streamed.view as { pieces: { army: number | null; rank: string | null }[] };
    const mine = (sync.view as { pieces: { army: number | null; rank: string | null }[] }).pieces.filter(
      (p) => p.rank !== null,
    );
    expect(mine.length).toBeGreaterThan(0);
    const enemy = view.pieces.filter((p) => !mine.some((m) => m.army === p.army));
    expect(enemy.length).toBeGreaterThan(0);
    expect(enemy.every((p) => p.rank === null)).toBe(true);
    // the whole stream, every line, never named a rank of the other army
    for (const l of bs.lines) {
      const pieces = (l.type === 'gameFull' ? l.state.view : l.view)?.pieces as
        | { army: number; rank: string | null }[]
        | undefined;
      for (const p of pieces ?? []) if (!mine.some((m) => m.army === p.army)) expect(p.rank).toBeNull();
    }
    socket.ws.close();
    hs.close();
    bs.close();
  });
});
