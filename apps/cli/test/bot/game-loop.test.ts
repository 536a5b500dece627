import { ok } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import type { BotApi } from '../../src/bot/api.js';
import { playGame } from '../../src/bot/game-loop.js';
import type { BotPlayer, MoveRequest } from '../../src/bot/player.js';
import { replay } from '../../src/bot/position.js';

/**
 * The game loop against a scripted server: streams it opens are fed line by line, moves it posts are recorded, and a
 * stream can be dropped, as a server restart drops it.
 */
class FakeServer {
  readonly posted: string[] = [];
  readonly opened: number[] = [];
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private waiters: { n: number; resolve: () => void }[] = [];
  onMove: (move: string) => void = () => {};

  api = {
    kind: 'bot',
    server: 'http://fake',
    openGame: async () => {
      this.opened.push(this.posted.length);
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          this.controller = c;
        },
      });
      for (const w of this.waiters.filter((w) => this.opened.length >= w.n)) w.resolve();
      return { body };
    },
    move: async (_id: string, move: string) => {
      this.posted.push(move);
      this.onMove(move);
      return ok({ ok: true });
    },
    resign: async () => ok({ ok: true }),
  } as unknown as BotApi;

  send(o: unknown): void {
    this.controller?.enqueue(new TextEncoder().encode(`${JSON.stringify(o)}\n\n`));
  }
  drop(): void {
    this.controller?.close();
    this.controller = undefined;
  }
  /** Resolves once the bot has opened the stream `n` times. */
  openedTimes(n: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.opened.length >= n) resolve();
      else this.waiters.push({ n, resolve });
    });
  }
}

/** Plays the first legal move, in Hive's notation, and notes what it was asked. */
const firstLegal = (asked: MoveRequest[]): BotPlayer => ({
  name: 'first-legal',
  canPlay: () => undefined,
  async choose(r) {
    asked.push(r);
    const g = replay(r.game, r.options, r.moves);
    if (!g.ok) return g;
    return ok(g.value.moveToString(g.value.legalMoves(r.seat)[0]));
  },
  async close() {},
});

const full = (moves: string[], extra: Record<string, unknown> = {}) => ({
  type: 'gameFull',
  id: 'g1',
  game: 'hive',
  options: {},
  clock: { kind: 'fischer', initialMs: 60_000, incrementMs: 1000 },
  seats: [
    { name: 'robo', bot: true },
    { name: 'ann', bot: false },
  ],
  state: { type: 'gameState', moves, status: 'started', you: [0], clock: { remainingMs: [30_000, 60_000] }, ...extra },
});

describe('playGame', () => {
  it('moves on its turn with a budget from its clock, resumes from gameFull after a drop, and stops at the end', async () => {
    const server = new FakeServer();
    const asked: MoveRequest[] = [];
    const log: [string, Record<string, unknown>][] = [];
    let step = 0;
    server.onMove = (move) => {
      step++;
      // after its first move the stream drops (a restart); the game then goes on from the new stream's gameFull
      if (step === 1) {
        const back = server.openedTimes(2);
        server.drop();
        void back.then(() => server.send(full([move, 'bS1 wS1-'])));
      } else
        server.send({
          type: 'gameState',
          moves: ['wS1', 'bS1 wS1-', move],
          status: 'finished',
          result: { reason: 'resign' },
        });
    };
    const done = playGame('g1', {
      api: server.api,
      player: firstLegal(asked),
      seats: [0],
      log: (event, fields = {}) => log.push([event, fields]),
      signal: new AbortController().signal,
      budget: { fallbackMs: 5000, maxMs: 60_000 },
      backoff: { initialMs: 1, maxMs: 1 },
      sleep: async () => {},
    });
    await server.openedTimes(1);
    server.send(full([]));
    const end = await done;
    expect(end).toEqual({ id: 'g1', status: 'finished', result: { reason: 'resign' }, moves: 3 });
    expect(server.posted).toHaveLength(2);
    expect(server.posted[0]).toBe('wS1');
    expect(asked.map((r) => r.moves.length)).toEqual([0, 2]);
    // 30 s left, 1 s increment: a thirtieth of what is left plus most of the increment
    expect(asked[0]!.budgetMs).toBe(30_000 / 30 + 800);
    expect(log.map(([e]) => e)).toEqual(['gameFull', 'move', 'reconnect', 'resume', 'move', 'gameFinish']);
  });

  it('does not move when it is not its turn, nor twice in one position', async () => {
    const server = new FakeServer();
    const asked: MoveRequest[] = [];
    const done = playGame('g1', {
      api: server.api,
      player: firstLegal(asked),
      seats: [1],
      log: () => {},
      signal: new AbortController().signal,
      budget: { fallbackMs: 5000, maxMs: 60_000 },
    });
    await server.openedTimes(1);
    server.send({ ...full([]), state: { ...full([]).state, you: [1] } });
    // the same position told twice (a gameState repeating gameFull's) asks for one move only
    server.send({ type: 'gameState', moves: ['wS1'], status: 'started', you: [1] });
    server.send({ type: 'gameState', moves: ['wS1'], status: 'started', you: [1] });
    await new Promise<void>((r) => {
      server.onMove = () => r();
    });
    server.send({ type: 'gameState', moves: ['wS1', server.posted[0]], status: 'aborted' });
    expect((await done).status).toBe('aborted');
    expect(asked.map((r) => [r.moves.length, r.seat])).toEqual([[1, 1]]);
    expect(server.posted).toHaveLength(1);
  });
});
