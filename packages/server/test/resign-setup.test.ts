import { Rng } from '@qiyuan/core';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, createSeek, startTestServer } from './helpers.js';

/**
 * Junqi with three or four seats (ruling R13 before play): a player who resigns while the armies deploy is out,
 * and the others deploy and play the game to its end over the server; the result and the record say who resigned.
 */

const cases: [string, Record<string, string | number>][] = [
  ['four players, free-for-all', { players: 4, teams: 'ffa', mode: 'open', moveLimit: 400 }],
  ['three players', { players: 3, mode: 'hidden', moveLimit: 300 }],
  ['four players, 2v2', { players: 4, teams: 'pairs', mode: 'hidden', moveLimit: 400 }],
];

type Update = Extract<ServerMessage, { type: 'game.update' }>;

describe.each(BACKENDS)('Junqi: a resignation during the deployment on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend, { messagesPerSecond: 10_000, burst: 10_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(cases)('%s: the others finish the game', async (_, options) => {
    const players = Number(options.players);
    const bots: Bot[] = [];
    for (let i = 0; i < players; i++) bots.push(await Bot.guest(server.url));
    const created = await createSeek(bots[0]!, {
      game: 'junqi',
      options,
      seats: Array.from({ length: players }, (_, i) => ({ kind: i === 0 ? 'me' : 'open' })),
    });
    const gameId = created.seek.id;
    for (let i = 1; i < players; i++) {
      expect(await bots[i]!.request({ type: 'seek.join', seekId: gameId, seat: i })).toMatchObject({ type: 'ack' });
    }
    for (const b of bots) {
      b.send({ type: 'game.watch', gameId });
      await b.next((m) => m.type === 'game.sync');
    }
    const room = server.hub.rooms.get(gameId)!;
    expect(room.game.turn().kind).toBe('simultaneous');

    // seat 1 resigns before anyone has deployed: the game goes on, and every seat is told it is out
    const from = bots[0]!.frames.length;
    expect(await bots[1]!.request({ type: 'game.resign', gameId, seq: room.seq })).toMatchObject({ type: 'ack' });
    const told = (await bots[0]!.next((m) => m.type === 'game.update', 10_000, from)) as Update;
    expect(told.outcome).toBeUndefined();
    expect((told.view as { out?: boolean[] }).out?.[1]).toBe(true);
    expect(room.status).toBe('playing');
    expect(room.game.turn()).toEqual({ kind: 'simultaneous', seats: [0, 2, 3].filter((s) => s < players) });
    // it has nothing left to deploy
    const deploy = room.game.moveToString(room.game.legalMoves(0)[0]!);
    expect(await bots[1]!.request({ type: 'game.move', gameId, seq: room.seq, move: deploy })).toMatchObject({
      type: 'error',
    });

    // the others deploy and play on, each seat's player moving for it, until the game ends
    const rng = Rng.fromSeed(`resign-setup:${players}:${options.teams}`);
    let plies = 0;
    while (room.status === 'playing' && plies < 2000) {
      const turn = room.game.turn();
      const seat = turn.kind === 'seat' ? turn.seat : turn.kind === 'simultaneous' ? turn.seats[0]! : -1;
      expect(seat).not.toBe(1);
      const moves = room.game.legalMoves(seat);
      const move = room.game.moveToString(moves[rng.int(0, moves.length - 1)]!);
      const ack = await bots[seat]!.request({ type: 'game.move', gameId, seq: room.seq, move });
      expect(ack.type, JSON.stringify(ack)).toBe('ack');
      plies++;
    }
    expect(room.status).toBe('finished');
    expect(plies).toBeGreaterThan(players);

    // the result: seat 1 lost (in 2v2 its partner's result is the pair's), out first, so placed last
    const info = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as {
      status: string;
      outcome: { results: string[]; ranking?: number[] };
    };
    expect(info.status).toBe('finished');
    const { results, ranking } = info.outcome;
    if (options.teams === 'pairs') expect(results[1]).toBe(results[3] === 'win' ? 'win' : 'loss');
    else {
      expect(results[1]).toBe('loss');
      expect(ranking?.[1]).toBe(players);
    }
    // the record says who resigned, and when: before any deployment
    const exported = await (await fetch(`${server.url}/api/games/${gameId}/export`)).text();
    // the record's own lines: its headers (tag pairs) left out
    const lines = exported
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('['));
    expect(lines[1]).toBe('1 resign');
    expect(lines.filter((l) => l.startsWith('1 '))).toEqual(['1 resign']);
    for (const b of bots) b.close();
  });
});
