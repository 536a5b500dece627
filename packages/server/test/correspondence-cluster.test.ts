import type { ServerMessage } from '@qiyuan/protocol';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { ClusterHarness, sleep } from './cluster-harness.js';
import { Bot, createSeek, stopServer } from './helpers.js';
import { describeWith, needs, TEST_DATABASE_URL } from './services.js';

/**
 * A correspondence game across three server processes on PostgreSQL + Redis (issue #23): every process is killed
 * while the game waits for a move, its deadline passes while no process exists, and three new processes start. The
 * flag falls once: one timeout stored, one change per sequence number, the shared deadline gone. Processes cannot share
 * a test's ManualClock, so this one keeps real time and shortens the day for the processes by QIYUAN_DAY_MS (a
 * test-only setting) instead of sleeping a fixed time.
 */

const DAY_MS = 4000;
const LEASE_MS = 2000;

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

describeWith([needs.postgres, needs.redis], 'a correspondence game across three processes', () => {
  let h: ClusterHarness;
  const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  // the children take this process's environment; it is given back, so no later file of this worker has short days
  const dayBefore = process.env.QIYUAN_DAY_MS;
  afterEach(async () => {
    if (dayBefore === undefined) delete process.env.QIYUAN_DAY_MS;
    else process.env.QIYUAN_DAY_MS = dayBefore;
    await h?.close();
  });

  it('flags exactly once after every process was restarted over the deadline', async () => {
    h = new ClusterHarness(LEASE_MS);
    process.env.QIYUAN_DAY_MS = String(DAY_MS);
    const [p0, p1] = await h.start(3);
    const a = await Bot.guest(p0!.url);
    const b = await Bot.guest(p1!.url);
    const created = await createSeek(a, {
      game: 'chinese-checkers',
      options: { players: 2 },
      clock: { kind: 'correspondence', daysPerMove: 1 },
      seats: [{ kind: 'me' }, { kind: 'open' }],
    });
    const gameId = created.seek.id;
    expect(await b.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
    const bots = [a, b];
    for (const bot of bots) {
      bot.send({ type: 'game.watch', gameId, legal: true });
      await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId);
    }
    // each player's first move, each from its own process; then seat 0 is to move
    let seq = 1;
    for (const seat of [0, 1]) {
      const bot = bots[seat]!;
      const frame = (await bot.next(
        (m) =>
          (m.type === 'game.sync' || m.type === 'game.update') &&
          m.gameId === gameId &&
          m.seq === seq &&
          m.legal?.[String(seat)] !== undefined,
        20_000,
      )) as Frame;
      const ack = await bot.request({ type: 'game.move', gameId, seq, move: frame.legal![String(seat)]![0] }, 20_000);
      expect(ack).toMatchObject({ type: 'ack' });
      seq = (ack as { seq: number }).seq;
    }
    const due = await db.query(`SELECT due_at FROM "${h.schema}".deadlines WHERE key = $1`, [`clock:${gameId}`]);
    const dueAt = Number(due.rows[0]?.due_at);
    expect(dueAt).toBeGreaterThan(Date.now());
    for (const bot of bots) bot.close();
    // every process dies; the deadline passes while none exists
    await Promise.all(h.procs.map((p) => stopServer(p, 'SIGKILL')));
    while (Date.now() < dueAt + 500) await sleep(100);
    expect((await h.row(gameId)).status).toBe('playing');
    // three new processes (they take QIYUAN_DAY_MS from this process's environment)
    const restarted = (await h.start(3)).slice(-3);
    const until = Date.now() + 60_000;
    while ((await h.row(gameId)).status !== 'finished') {
      if (Date.now() > until) throw new Error('the flag did not fall');
      await sleep(100);
    }
    // the three processes keep looking for due deadlines: nothing is written twice
    await sleep(3 * LEASE_MS);
    const events = await db.query(`SELECT seq, kind FROM "${h.schema}".game_events WHERE game_id = $1 ORDER BY seq`, [
      gameId,
    ]);
    const rows = events.rows as { seq: number; kind: string }[];
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
    expect(rows.filter((r) => r.kind === 'timeout')).toHaveLength(1);
    expect(rows.at(-1)).toMatchObject({ kind: 'timeout' });
    const left = await db.query(`SELECT key FROM "${h.schema}".deadlines WHERE key LIKE $1`, [`%${gameId}`]);
    expect(left.rows).toEqual([]);
    const outcome = await db.query(`SELECT outcome FROM "${h.schema}".games WHERE id = $1`, [gameId]);
    expect(JSON.parse((outcome.rows[0] as { outcome: string }).outcome).results).toEqual(['loss', 'win']);
    // and a fresh watcher on any process sees the finished game
    const watcher = await Bot.guest(restarted[2]!.url);
    watcher.send({ type: 'game.watch', gameId });
    const sync = (await watcher.next((m) => m.type === 'game.sync' && m.gameId === gameId, 20_000)) as Frame;
    expect(sync.outcome?.results).toEqual(['loss', 'win']);
    watcher.close();
    await db.end().catch(() => undefined);
  }, 180_000);
});
