import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClusterHarness } from './cluster-harness.js';
import { Bot, type ChildServer, createSeek, stopServer } from './helpers.js';
import { describeWith, needs } from './services.js';

/**
 * The first-move rule across processes: the owner of a game is SIGKILLed right after the first seat's first move;
 * the process that takes the game over aborts it when the second seat's allowance runs out — at the deadline set
 * before the takeover, once — and a spectator on a third process sees it.
 */

const LEASE_MS = 1500;
/** Every process's first-move allowance (QIYUAN_FIRST_MOVE_MS): longer than a takeover, short enough to wait for. */
const FIRST_MOVE_MS = 6000;

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

describeWith([needs.postgres, needs.redis], 'the first-move rule on three processes', () => {
  const cluster = new ClusterHarness(LEASE_MS);
  let procs: ChildServer[] = [];
  const before = process.env.QIYUAN_FIRST_MOVE_MS;

  beforeAll(async () => {
    // the processes are children of this one and take its environment
    process.env.QIYUAN_FIRST_MOVE_MS = String(FIRST_MOVE_MS);
    procs = await cluster.start(3);
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.QIYUAN_FIRST_MOVE_MS;
    else process.env.QIYUAN_FIRST_MOVE_MS = before;
    await cluster.close();
  });

  it('aborts at the deadline after the owner is killed, on the process that took the game over, once', async () => {
    const [dying, other, third] = procs as [ChildServer, ChildServer, ChildServer];
    const a = await Bot.guest(dying.url);
    const b = await Bot.guest(other.url);
    const created = await createSeek(a, {
      game: 'chinese-checkers',
      options: { players: 2 },
      clock: { kind: 'fischer', initialMs: 180_000, incrementMs: 2000 },
      seats: [{ kind: 'me' }, { kind: 'open' }],
    });
    const gameId = created.seek.id;
    expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
    a.send({ type: 'game.watch', gameId });
    const start = (await a.next((m) => m.type === 'game.sync' && m.gameId === gameId)) as Frame;
    expect(start.clock.firstMove?.map((f) => f.seat)).toEqual([0]);
    const owner = (await cluster.lease(gameId))?.holder;
    expect(owner).toBeDefined();
    // Red's first move, acknowledged by the owner; then the owner dies before Green's first move is due
    const moved = await a.request({ type: 'game.move', gameId, seq: start.seq, move: 'c1-e7' });
    expect(moved).toMatchObject({ type: 'ack' });
    const movedAt = Date.now();
    await stopServer(dying, 'SIGKILL');
    const watcher = await Bot.guest(third.url);
    watcher.send({ type: 'game.watch', gameId });
    const end = (await watcher.next(
      (m) => (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId && m.aborted !== undefined,
      FIRST_MOVE_MS + 30_000,
    )) as Frame;
    expect(end.aborted).toEqual({ reason: 'no-first-move', seats: [1] });
    expect(end.outcome).toBeUndefined();
    expect(await cluster.takenFrom(gameId, owner!)).not.toBe(owner);
    // the allowance ran from Green's turn, begun on the dead owner: the takeover neither reset nor shortened it
    expect(Date.now() - movedAt).toBeGreaterThanOrEqual(FIRST_MOVE_MS - 1000);
    const row = await cluster.row(gameId);
    expect(row.status).toBe('aborted');
    // start, Red's move, the abort: one stored change each, none twice
    expect(await cluster.eventSeqs(gameId)).toEqual([1, 2, 3]);
    for (const x of [a, b, watcher]) x.close();
  }, 90_000);
});
