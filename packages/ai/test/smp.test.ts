import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { type Game, type Searchable, unwrap } from '@qiyuan/core';
import { hive, type Move, parseGameString, UhpSession } from '@qiyuan/hive';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlphaBeta } from '../src/alphabeta.js';
import { ringReducedSpec } from '../src/games/hive-ring.js';
import { abaloneAi, answer, chineseCheckersAi, hiveAi, hiveUhpEngine, parsePlayer, requestFor } from '../src/index.js';
import { LazySmp, useHelperThreads } from '../src/smp.js';
import { nodeHelperThreads } from '../src/smp-node.js';

// A Base+MLP middlegame with many moves, so that no search ends early on a forced move or a proven win.
const MIDDLEGAME = 'Base+MLP;InProgress;White[4];wS1;bG1 -wS1;wA1 wS1/;bQ /bG1;wQ wA1-;bA1 \\bG1';
const middlegame = () => unwrap(parseGameString(MIDDLEGAME));

describe('Lazy SMP search over a shared table', () => {
  const open: LazySmp<Move>[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it('two threads answer a legal move within the time asked, and the helper stops when the main thread answers', async () => {
    const smp = new LazySmp<Move>(ringReducedSpec, 'hive', 16, 2, undefined, nodeHelperThreads);
    open.push(smp);
    expect(smp.threads).toBe(2);
    await smp.ready();
    const game = middlegame();
    const pos = game.position.clone() as Searchable<Move>;
    const legal = [...pos.generateMoves()].map((m) => game.moveToString(m));
    const r = smp.search(pos, () => game.snapshot(), { timeMs: 400, useAllTime: true });
    expect(legal).toContain(game.moveToString(r.move!));
    expect(r.clockBound).toBe(true);
    // The deadline is read every 64 nodes; the margin is for a loaded two-core machine, where a starved thread may
    // wait hundreds of milliseconds for a core (how closely the time is kept is measured in docs/AI.md).
    expect(r.timeMs).toBeLessThan(400 + 1000);
    // The helper's search has no limit of its own: it ends (and writes its node count) only on the stop signal.
    await vi.waitFor(() => expect(smp.helperNodes()).toBeGreaterThan(0), { timeout: 20_000, interval: 20 });
  }, 60_000);

  it('with one thread it is the plain search: the same move, score and nodes every time', () => {
    const game = middlegame();
    const runs = [
      new LazySmp<Move>(ringReducedSpec, 'hive', 16, 1, undefined, nodeHelperThreads),
      new LazySmp<Move>(ringReducedSpec, 'hive', 16, 1, undefined, nodeHelperThreads),
    ].map((s) => s.search(game.position.clone() as Searchable<Move>, () => game.snapshot(), { depth: 3 }));
    const plain = new AlphaBeta<Move>(ringReducedSpec, 16).search(game.position.clone() as Searchable<Move>, {
      depth: 3,
    });
    for (const r of runs) {
      expect(r.nodes).toBe(plain.nodes);
      expect(r.score).toBe(plain.score);
      expect(game.moveToString(r.move!)).toBe(game.moveToString(plain.move!));
    }
  });

  it('a level asked for two threads in a Node process plays a legal move; refused thread counts say why', async () => {
    useHelperThreads(nodeHelperThreads);
    try {
      const game = middlegame();
      const r = answer({ ...requestFor(game, game.position.side, 'master', { threads: 2 }), timeMs: 300 });
      expect(r.ok).toBe(true);
      if (r.ok) expect(game.parseMove(r.move).ok).toBe(true);
      for (const threads of [0, 1.5, -2]) {
        expect(answer({ ...requestFor(game, game.position.side, 'master'), threads })).toMatchObject({
          ok: false,
          error: { code: 'bad-request', reason: 'threads must be a whole number from 1' },
        });
      }
    } finally {
      useHelperThreads(undefined);
      hiveAi.reset?.();
    }
  }, 60_000);

  it('Abalone and Chinese Checkers search on two threads too, and answer a legal move', () => {
    useHelperThreads(nodeHelperThreads);
    try {
      const games: Game[] = [
        unwrap(abalone.create(unwrap(abalone.parseOptions({})))),
        unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({})))),
      ];
      for (const game of games) {
        const r = answer({ ...requestFor(game, 0, 'master*2'), timeMs: 300 });
        expect(r.ok).toBe(true);
        const legal = game.legalMoves(0).map((m) => game.moveToString(m));
        if (r.ok) expect(legal).toContain(r.move);
      }
    } finally {
      useHelperThreads(undefined);
      abaloneAi.reset?.();
      chineseCheckersAi.reset?.();
    }
  }, 60_000);

  it('one thread gives the same answer whether or not helper threads could start', () => {
    const game = unwrap(hive.create(unwrap(hive.parseOptions({ variant: 'Base+MLP' }))));
    // Each from fresh searchers (they keep their tables between moves).
    const ask = () => {
      hiveAi.reset?.();
      return answer({ ...requestFor(game, 0, 'master', { threads: 1 }), depth: 3 });
    };
    const without = ask();
    useHelperThreads(nodeHelperThreads);
    try {
      expect(ask()).toEqual({ ...without, info: { ...(without.ok && without.info), timeMs: expect.any(Number) } });
    } finally {
      useHelperThreads(undefined);
      hiveAi.reset?.();
    }
  });
});

describe('a player on threads', () => {
  it.each([
    ['master*2', { kind: 'level', level: 'master', threads: 2 }],
    ['5@ring*3', { kind: 'level', level: 'master', evaluation: 'ring', threads: 3 }],
    ['expert', { kind: 'level', level: 'expert' }],
  ])('%s reads as %o', (text, spec) => {
    expect(parsePlayer(text)).toEqual({ ok: true, value: spec });
  });
  it.each([
    ['master*0', /level\*threads takes 1 to 99 threads/],
    ['master*2*2', /level\*threads takes 1 to 99 threads/],
    ['master*x', /level\*threads takes 1 to 99 threads/],
    ['random*2', /only a level searches on threads/],
  ])('%s is refused with the reason', (text, reason) => {
    const r = parsePlayer(text);
    expect(r.ok || r.error.reason).toMatch(reason);
  });
});

describe('UHP NumThreads', () => {
  it('is accepted from 1 to 64 where threads can start, refused outside with the range', async () => {
    const engine = hiveUhpEngine(nodeHelperThreads);
    const session = new UhpSession(engine.search, 'test', engine.options);
    try {
      expect(session.handle('options get NumThreads')).toEqual(['NumThreads;int;1;1;1;64', 'ok']);
      expect(session.handle('options set NumThreads 2')).toEqual(['NumThreads;int;2;1;1;64', 'ok']);
      for (const bad of ['0', '65', 'two', '1.5'])
        expect(session.handle(`options set NumThreads ${bad}`)).toEqual([
          'err NumThreads takes a whole number from 1 to 64',
          'ok',
        ]);
      expect(session.handle('options get NumThreads')).toEqual(['NumThreads;int;2;1;1;64', 'ok']);
      // It plays with two threads.
      session.handle(`newgame ${MIDDLEGAME}`);
      const best = session.handle('bestmove depth 2');
      expect(session.handle('validmoves')[0]!.split(';')).toContain(best[0]);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('is fixed at 1 where no helper thread can start (a browser)', () => {
    const engine = hiveUhpEngine();
    const session = new UhpSession(engine.search, 'test', engine.options);
    expect(session.handle('options set NumThreads 2')).toEqual([
      'err NumThreads takes a whole number from 1 to 1',
      'ok',
    ]);
    expect(session.handle('options set NumThreads 1')).toEqual(['NumThreads;int;1;1;1;1', 'ok']);
  });
});
