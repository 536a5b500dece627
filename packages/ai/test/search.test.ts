import { Rng, type Searchable } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { AlphaBeta, type SearchSpec, WIN, WIN_BOUND, winDistance } from '../src/alphabeta.js';
import { TakeAway, TicTacToe } from './games/tictactoe.js';

const flat: SearchSpec<number> = { evaluate: () => 0, moveKey: (m) => m };

/** Plain minimax (no pruning, no table) with the same scoring, as the reference. */
const minimax = (pos: Searchable<number>, root: number, ply: number): number => {
  const o = pos.outcome();
  if (o) return o.results[root] === 'win' ? WIN - ply : o.results[root] === 'loss' ? -WIN + ply : 0;
  const side = pos.sideToMove();
  const values = [...pos.generateMoves()].map((m) => {
    pos.makeMove(m);
    const v = minimax(pos, root, ply + 1);
    pos.unmakeMove();
    return v;
  });
  return side === root ? Math.max(...values) : Math.min(...values);
};

describe('alpha-beta on tic-tac-toe', () => {
  const cases: { board: string; best: number[]; score: 'win' | 'draw' | 'loss'; inMoves?: number; why: string }[] = [
    // the empty board is a draw with best play
    { board: '.........', best: [0, 1, 2, 3, 4, 5, 6, 7, 8], score: 'draw', why: 'perfect play draws' },
    // X completes the top row at once
    { board: 'XX.OO....', best: [2], score: 'win', inMoves: 1, why: 'win in one' },
    // O must block X's top row, else X wins; after the block O itself threatens nothing and it is a draw
    { board: 'XX..O....', best: [2], score: 'draw', why: 'block the win in one' },
  ];
  it.each(cases)('$why ($board)', ({ board, best, score, inMoves }) => {
    const pos = TicTacToe.from(board);
    const r = new AlphaBeta(flat, 12).search(pos, { depth: 9 });
    expect(best).toContain(r.move);
    const kind = r.score >= WIN_BOUND ? 'win' : r.score <= -WIN_BOUND ? 'loss' : 'draw';
    expect(kind).toBe(score);
    if (inMoves !== undefined) expect(winDistance(r.score)).toBe(inMoves);
  });

  it('finds the fork: X to move wins in two of its moves', () => {
    // X at 0 and 8, O at 2 and 4: X must block at 6 (O threatens 2-4-6), which also forks 3 and 7.
    const pos = TicTacToe.from('X.O.O...X');
    const r = new AlphaBeta(flat, 12).search(pos, { depth: 9 });
    expect(r.move).toBe(6);
    expect(winDistance(r.score)).toBe(2);
  });

  it('with late-move reductions still finds the fork, and searches fewer nodes for it', () => {
    const reduced: SearchSpec<number> = { ...flat, lateMoveReductions: true };
    const pos = TicTacToe.from('X.O.O...X');
    const full = new AlphaBeta(flat, 12).search(pos, { depth: 9, stopOnMate: false });
    const r = new AlphaBeta(reduced, 12).search(pos, { depth: 9, stopOnMate: false, reduce: true });
    expect(r.move).toBe(6);
    expect(winDistance(r.score)).toBe(2);
    const empty = new TicTacToe();
    const a = new AlphaBeta(flat, 12).search(empty, { depth: 7 });
    const b = new AlphaBeta(reduced, 12).search(empty, { depth: 7, reduce: true });
    expect(b.nodes).toBeLessThan(a.nodes);
    expect(full.move).toBe(6);
    // To an exact depth without `reduce`, nothing is reduced: the same tree as without reductions.
    expect(new AlphaBeta(reduced, 12).search(empty, { depth: 7 }).nodes).toBe(a.nodes);
  });

  it('agrees with plain minimax on 60 random positions', () => {
    const rng = Rng.fromSeed(42);
    for (let n = 0; n < 60; n++) {
      const pos = new TicTacToe();
      const plies = rng.int(2, 6);
      for (let i = 0; i < plies && pos.sideToMove() >= 0; i++) pos.makeMove(rng.pick([...pos.generateMoves()]));
      if (pos.sideToMove() < 0) continue;
      const root = pos.sideToMove();
      const ab = new AlphaBeta(flat, 10).search(pos, { depth: 9, stopOnMate: false });
      expect(ab.score).toBe(minimax(pos, root, 0));
      // Countermoves only reorder: the value stays exact.
      const counters = new AlphaBeta({ ...flat, countermoves: true }, 10).search(pos, { depth: 9, stopOnMate: false });
      expect(counters.score).toBe(ab.score);
    }
  });

  it('scores every root move exactly with rootScores, best first', () => {
    const pos = TicTacToe.from('XX..O....');
    const r = new AlphaBeta(flat, 12).search(pos, { depth: 9, rootScores: true, stopOnMate: false });
    expect(r.rootScores).toHaveLength(6);
    for (const { move, score } of r.rootScores!) {
      pos.makeMove(move);
      // O (seat 1) is to move at the root: each score is plain minimax for O after that move
      expect(score).toBe(minimax(pos, 1, 1));
      pos.unmakeMove();
    }
    const scores = r.rootScores!.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // only the block at 2 holds the draw; every other move loses
    expect(scores[0]).toBe(0);
    expect(scores.slice(1).every((s) => s <= -WIN_BOUND)).toBe(true);
  });
});

describe('limits', () => {
  it('stops at the node budget and still returns a legal move', () => {
    const pos = new TicTacToe();
    const r = new AlphaBeta(flat, 10).search(pos, { nodes: 2000 });
    expect(r.nodes).toBeLessThan(4000);
    expect([...pos.generateMoves()]).toContain(r.move);
    // the node budget, not the clock, stopped it: the same search answers the same anywhere
    expect(r.clockBound).toBe(false);
  });
  it('stops at the deadline', () => {
    const pos = new TakeAway(200, 2);
    const started = performance.now();
    const r = new AlphaBeta<number>({ evaluate: () => 0, moveKey: (m) => m }, 16).search(pos, { timeMs: 100 });
    expect(performance.now() - started).toBeLessThan(400);
    // how deep it got depends on the machine's load; that it finished a depth and says the clock stopped it does not
    expect(r.depth).toBeGreaterThanOrEqual(1);
    expect(r.clockBound).toBe(true);
  });
  it('exact depth: depth 3 searches no deeper', () => {
    const r = new AlphaBeta(flat, 10).search(new TicTacToe(), { depth: 3, timeMs: 60_000 });
    expect(r.depth).toBe(3);
    // reached its depth well within the time: not clock-bound
    expect(r.clockBound).toBe(false);
  });
});

describe('paranoid search for three seats', () => {
  /** Plain paranoid minimax: the root maximises, every other seat minimises the root's result. */
  const paranoid = (pos: TakeAway, root: number, ply: number): number => minimax(pos, root, ply);
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])('agrees with plain paranoid minimax at pile %i', (pile) => {
    const pos = new TakeAway(pile, 3);
    const r = new AlphaBeta<number>({ evaluate: () => 0, moveKey: (m) => m }, 10).search(pos, {
      depth: 20,
      stopOnMate: false,
    });
    expect(r.score).toBe(paranoid(new TakeAway(pile, 3), 0, 0));
  });
  it('takes everything when the pile is within reach (win in one)', () => {
    const r = new AlphaBeta<number>({ evaluate: () => 0, moveKey: (m) => m }, 10).search(new TakeAway(3, 3), {
      depth: 4,
    });
    expect(r.move).toBe(3);
    expect(winDistance(r.score)).toBe(1);
  });
});
