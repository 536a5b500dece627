import { HEX_DIRECTIONS, unwrap } from '@qiyuan/core';
import { cellOf, cellQ, cellR, hive, type Move, UhpSession } from '@qiyuan/hive';
import { describe, expect, it } from 'vitest';
import { ringDeepSpec, ringReducedSpec } from '../src/games/hive-ring.js';
import {
  AlphaBeta,
  answer,
  HIVE_LEVELS,
  hiveBestMove,
  LEVEL_NAMES,
  pinnedCells,
  positionSearchAi,
  requestFor,
  type SearchSpec,
  seededRng,
  spendDeadline,
} from '../src/index.js';
import { checkWinsInOne } from './hive-wins.js';

/** A Base+MLP middlegame: 24 plies of a seeded random game. */
const middlegame = () => {
  const game = unwrap(hive.create(unwrap(hive.parseOptions({ variant: 'Base+MLP' }))));
  const rng = seededRng(12);
  for (let i = 0; i < 24 && !game.outcome(); i++) {
    const seat = (game.turn() as { seat: number }).seat;
    unwrap(game.play(rng.pick([...game.legalMoves(seat)]), seat));
  }
  return game;
};

describe('Hive AI', () => {
  it('plays twelve plies of every level without an illegal move', () => {
    const game = unwrap(hive.create(unwrap(hive.parseOptions({}))));
    const players = ['beginner', 'casual', 'club', 'master', 'greedy', 'random'];
    for (let i = 0; i < 12 && !game.outcome(); i++) {
      const seat = (game.turn() as { seat: number }).seat;
      const r = answer({ ...requestFor(game, seat, players[i % players.length]!, { seed: i }), nodes: 3000 });
      expect(r.ok).toBe(true);
      if (r.ok) unwrap(game.play(unwrap(game.parseMove(r.move)), seat));
    }
  });
  it('every level answers a Base+MLP middlegame within its time budget', () => {
    const game = middlegame();
    expect(game.outcome()).toBeUndefined();
    const seat = (game.turn() as { seat: number }).seat;
    for (const level of LEVEL_NAMES) {
      const r = answer(requestFor(game, seat, level, { seed: 1 }));
      expect(r.ok).toBe(true);
      // The search stops at its deadline; what is left is one node's work and the reply.
      if (r.ok) expect(r.info.timeMs).toBeLessThan(HIVE_LEVELS[level].budget.timeMs! + 250);
    }
  }, 60_000);
  it('master spends a time the request gives to its deadline; a node budget still stops it first', () => {
    const game = middlegame();
    const seat = (game.turn() as { seat: number }).seat;
    const timed = answer({ ...requestFor(game, seat, 'master', { seed: 1 }), timeMs: 400 });
    // No depth is left unstarted: only the deadline (400 ms less its margin) ends the search, however loaded the
    // machine, so the time spent is at least that.
    expect(timed).toMatchObject({ ok: true, info: { clockBound: true } });
    if (timed.ok) expect(timed.info.timeMs).toBeGreaterThanOrEqual(spendDeadline(400));
    const counted = answer({ ...requestFor(game, seat, 'master', { seed: 1 }), timeMs: 60_000, nodes: 2000 });
    expect(counted.ok).toBe(true);
    if (counted.ok) expect(counted.info.clockBound).toBeUndefined();
    if (counted.ok) expect(counted.info.nodes).toBeLessThan(2000 + 1024);
  }, 60_000);
  it("a time to spend replaces the level's own node budget, which holds when no time is given", () => {
    const game = middlegame();
    const seat = (game.turn() as { seat: number }).seat;
    // Master as the game has it, but with a node budget small enough to be passed well inside the time given.
    const ai = positionSearchAi({
      game: 'hive',
      definition: hive,
      spec: { ...ringReducedSpec, spendRequestTime: true },
      levels: { ...HIVE_LEVELS, master: { name: 'master', budget: { timeMs: 8000, nodes: 1000 } } },
    });
    const budgeted = ai.choose(requestFor(game, seat, 'master', { seed: 1 }));
    expect(budgeted.ok).toBe(true);
    if (budgeted.ok) expect(budgeted.value.info.nodes).toBeLessThan(1000 + 1024);
    const timed = ai.choose({ ...requestFor(game, seat, 'master', { seed: 1 }), timeMs: 400 });
    expect(timed).toMatchObject({ ok: true, value: { info: { clockBound: true } } });
    if (timed.ok) expect(timed.value.info.nodes).toBeGreaterThan(1000 + 1024);
  }, 60_000);
  it('deeper late-move reductions search fewer nodes to a depth, and none to an exact depth unless asked', () => {
    const game = middlegame();
    const nodes = (spec: SearchSpec<Move>, reduce: boolean) =>
      new AlphaBeta(spec, 16).search(game.position.clone(), { depth: 5, reduce }).nodes;
    expect(nodes(ringDeepSpec, true)).toBeLessThan(nodes(ringReducedSpec, true));
    expect(nodes(ringDeepSpec, false)).toBe(nodes(ringReducedSpec, false));
  }, 60_000);
  it('an exact depth of 3 reports depth 3', () => {
    const game = unwrap(hive.create(unwrap(hive.parseOptions({}))));
    const r = answer({ ...requestFor(game, 0, 'master'), depth: 3 });
    expect(r).toMatchObject({ ok: true, info: { depth: 3 } });
  });
});

describe('Hive AI finds a win in one', () => {
  it('in every position of 30 seeded random games where one move surrounds the enemy queen', () => {
    expect(checkWinsInOne(undefined, 0, 30)).toBeGreaterThan(0);
  });
});

describe('UHP bestmove through the Hive session', () => {
  it('bestmove depth 2 and bestmove time answer a valid move, then ok', () => {
    const session = new UhpSession(hiveBestMove);
    expect(session.handle('newgame Base').at(-1)).toBe('ok');
    const byDepth = session.handle('bestmove depth 2');
    expect(byDepth.at(-1)).toBe('ok');
    const valid = session.handle('validmoves')[0]!.split(';');
    expect(valid).toContain(byDepth[0]);
    const byTime = session.handle('bestmove time 00:00:01');
    expect(byTime.at(-1)).toBe('ok');
    expect(valid).toContain(byTime[0]);
  });
});

describe('Hive evaluations by name', () => {
  it('master@basic plays with the basic evaluation; an unknown evaluation is refused with a reason', () => {
    const game = unwrap(hive.create(unwrap(hive.parseOptions({}))));
    expect(answer({ ...requestFor(game, 0, 'master@basic'), depth: 2 }).ok).toBe(true);
    const bad = answer({ ...requestFor(game, 0, 'master@nope'), depth: 2 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-player' } });
    if (!bad.ok) expect(bad.error.reason).toContain('basic');
  });
});

describe('Hive evaluation: pinned tiles', () => {
  /** Whether the occupied cells stay connected without `cell` (a plain flood fill, the reference). */
  const connectedWithout = (height: Uint8Array, occupied: number[], cell: number): boolean => {
    const rest = occupied.filter((c) => c !== cell);
    const seen = new Set([rest[0]!]);
    const todo = [rest[0]!];
    while (todo.length) {
      const c = todo.pop()!;
      for (const d of HEX_DIRECTIONS) {
        const n = cellOf(cellQ(c) + d.q, cellR(c) + d.r);
        if (n !== cell && height[n]! > 0 && !seen.has(n)) {
          seen.add(n);
          todo.push(n);
        }
      }
    }
    return seen.size === rest.length;
  };
  it('are exactly the lone tiles whose removal splits the hive, over 10 seeded games', () => {
    let checked = 0;
    for (let g = 0; g < 10; g++) {
      const game = unwrap(hive.create(unwrap(hive.parseOptions({ variant: 'Base+MLP' }))));
      const rng = seededRng(100 + g);
      for (let ply = 0; ply < 60 && !game.outcome(); ply++) {
        const pos = game.position;
        const occupied = [...new Set([...pos.pos].filter((c) => c >= 0))];
        if (occupied.length > 2) {
          const expected = occupied
            .filter((c) => pos.height[c] === 1 && !connectedWithout(pos.height, occupied, c))
            .sort((a, b) => a - b);
          expect(pinnedCells(pos)).toEqual(expected);
          checked++;
        }
        unwrap(game.play(rng.pick([...game.legalMoves()])));
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});
