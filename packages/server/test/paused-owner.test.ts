import { afterAll, beforeAll, expect, it } from 'vitest';
import { ask, ClusterHarness, nextMove, pairOn, sleep } from './cluster-harness.js';
import { Bot, type ChildServer, createSeek, stopServer } from './helpers.js';
import { describeWith, needs } from './services.js';

/**
 * The owner of games stops without dying (SIGSTOP: a long GC pause, a frozen
 * VM, a partition) for longer than its lease; another process takes its games
 * over and they go on. When it wakes up (SIGCONT) it still believes it owns
 * them and has requests waiting in its buffers: every one of them must be
 * refused by the fencing token, it must give the games up, and nothing may be
 * written twice.
 */

const LEASE_MS = 1500;

describeWith([needs.postgres, needs.redis], 'an owner paused past its lease', () => {
  const cluster = new ClusterHarness(LEASE_MS);
  let procs: ChildServer[] = [];
  const pause = (p: ChildServer) => p.child.kill('SIGSTOP');
  const resume = (p: ChildServer) => p.child.kill('SIGCONT');

  beforeAll(async () => {
    procs = await cluster.start(3);
  });
  afterAll(() => cluster.close());

  it('a seek: the old owner neither re-seats nor aborts the game the new owner started from it', async () => {
    const [old, other] = procs as [ChildServer, ChildServer];
    const creator = await Bot.guest(old.url);
    const first = await Bot.guest(old.url);
    const last = await Bot.guest(other.url);
    const created = await createSeek(creator, {
      game: 'chinese-checkers',
      options: { players: 3 },
      seats: [{ kind: 'me' }, { kind: 'open' }, { kind: 'open' }],
    });
    const seekId = created.seek.id;
    expect(await first.request({ type: 'seek.join', seekId })).toMatchObject({ type: 'ack' });
    const before = await cluster.lease(seekId);
    pause(old);
    let leave: Promise<unknown>;
    let cancel: Promise<unknown>;
    try {
      // on the paused owner's sockets, the seated player leaves and the creator cancels: both wait in its buffers
      leave = ask(first, 'leave', { type: 'seek.cancel', seekId });
      cancel = ask(creator, 'cancel', { type: 'seek.cancel', seekId });
      // meanwhile the lease lapses, another process takes the seek over, and the last seat is filled there
      await cluster.takenFrom(seekId, before!.holder);
      for (;;) {
        const joined = await last.request({ type: 'seek.join', seekId });
        if (joined.type === 'ack') break;
        expect(joined).toMatchObject({ type: 'error', code: 'unavailable' });
        await sleep(200);
      }
      expect(await cluster.row(seekId)).toMatchObject({ status: 'playing', seq: 1 });
    } finally {
      resume(old);
    }
    // the old owner answers what waited: refused, the game it no longer owns left alone
    expect(await leave).toMatchObject({ type: 'error' });
    expect(await cancel).toMatchObject({ type: 'error' });
    const row = await cluster.row(seekId);
    expect(row).toMatchObject({ status: 'playing', seq: 1 });
    expect(row.seats.map((s) => (s as { user?: { id: string } }).user?.id)).toEqual([
      creator.user!.id,
      first.user!.id,
      last.user!.id,
    ]);
    expect(await cluster.eventSeqs(seekId)).toEqual([1]);
    for (const b of [creator, first, last]) b.close();
  }, 90_000);

  it('moves: what the old owner was sent meanwhile is refused, it gives the games up, nothing is written twice', async () => {
    const [old, second, third] = procs as [ChildServer, ChildServer, ChildServer];
    const m1 = await pairOn(old, second);
    const m2 = await pairOn(old, third);
    for (let i = 0; i < 2; i++) await m1.play(10_000);
    for (let i = 0; i < 3; i++) await m2.play(10_000);
    const before = await cluster.lease(m1.gameId);
    expect((await cluster.lease(m2.gameId))?.holder).toBe(before!.holder);
    const stale = m1.bots[0]!; // the first player's socket on the paused process
    const retired = [...m1.bots, ...m2.bots];
    pause(old);
    let queued: Promise<unknown>;
    try {
      // game 1: the player to move is on the paused owner; game 2: on another process, which forwards to the owner
      const q = nextMove(m1);
      expect(q.seat).toBe(0);
      queued = ask(stale, 'queued', { type: 'game.move', gameId: m1.gameId, seq: m1.seq, move: q.move });
      const f = nextMove(m2);
      expect(f.seat).toBe(1);
      const forwarded = ask(m2.bots[1]!, 'forwarded', {
        type: 'game.move',
        gameId: m2.gameId,
        seq: m2.seq,
        move: f.move,
      });
      // the owner does not answer the forwarded move within the forwarding timeout
      expect(await forwarded).toMatchObject({ type: 'error', code: 'unavailable' });
      // another process took both games over; the players go on, the first one from a socket on a live process
      await cluster.takenFrom(m1.gameId, before!.holder);
      await cluster.takenFrom(m2.gameId, before!.holder);
      m1.bots[0] = await Bot.connect(second.url, stale.cookie);
      m2.bots[0] = await Bot.connect(third.url, m2.bots[0]!.cookie);
      for (let i = 0; i < 3; i++) await m1.play(30_000, 'unavailable');
      for (let i = 0; i < 3; i++) await m2.play(30_000, 'unavailable');
    } finally {
      resume(old);
    }
    // woken up, the old owner answers the move that waited in its socket: refused (fenced out, or stale)
    const answer = await queued;
    expect(answer).toMatchObject({ type: 'error' });
    expect(['unavailable', 'stale-seq']).toContain((answer as { code: string }).code);
    // it gave the games up: a move sent through it now goes to the new owner and is acknowledged
    m1.bots[1] = await Bot.connect(old.url, m1.bots[1]!.cookie);
    await m1.play(30_000, 'unavailable');
    // and it does not take them back: the new owner's lease outlives two of its own timeouts
    const after = await cluster.lease(m1.gameId);
    expect(after?.holder).not.toBe(before!.holder);
    await sleep(2 * LEASE_MS);
    expect(await cluster.lease(m1.gameId)).toEqual(after);
    expect((await cluster.lease(m2.gameId))?.holder).not.toBe(before!.holder);
    // the forwarded move was never acknowledged, not even late
    expect(m2.bots[1]!.frames.filter((m) => m.type === 'ack' && m.id === 'forwarded')).toEqual([]);
    await cluster.expectStoredOnce(m1, second);
    await cluster.expectStoredOnce(m2, third);
    for (const b of [...m1.bots, ...m2.bots, ...retired]) b.close();
  }, 90_000);

  it('a game taken over and let go while its old owner slept does not freeze when the old owner wakes up', async () => {
    const [old, second, third] = procs as [ChildServer, ChildServer, ChildServer];
    // two processes only, so the one that takes the game over is known
    await stopServer(third, 'SIGTERM');
    const m = await pairOn(old, second);
    for (let i = 0; i < 2; i++) await m.play(10_000);
    const before = await cluster.lease(m.gameId);
    pause(old);
    try {
      await cluster.takenFrom(m.gameId, before!.holder);
      m.bots[0] = await Bot.connect(second.url, m.bots[0]!.cookie);
      await m.play(30_000, 'unavailable');
      expect((await cluster.row(m.gameId)).fence).toBeGreaterThan(before!.fence);
      // the new owner shuts down and hands its games back; the old one wakes up before anyone claims it
      await stopServer(second, 'SIGTERM');
    } finally {
      resume(old);
    }
    // the old process serves the game again, with a new token above the stored one, and the players go on
    const retired = [...m.bots];
    m.bots[0] = await Bot.connect(old.url, m.bots[0]!.cookie);
    m.bots[1] = await Bot.connect(old.url, m.bots[1]!.cookie);
    for (let i = 0; i < 3; i++) await m.play(10 * LEASE_MS, 'unavailable');
    const lease = await cluster.lease(m.gameId);
    expect(lease?.fence).toBeGreaterThan(before!.fence + 1);
    expect((await cluster.row(m.gameId)).fence).toBe(lease?.fence);
    await cluster.expectStoredOnce(m, old);
    for (const b of [...m.bots, ...retired]) b.close();
  }, 90_000);
});
