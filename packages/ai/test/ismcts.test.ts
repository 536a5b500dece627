import { Rng } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { ismcts } from '../src/ismcts.js';
import { TicTacToe } from './games/tictactoe.js';

/** Perfect information is the special case of a single world: the sample is the position itself. */
const spec = (pos: TicTacToe) => ({
  seats: 2,
  sample: () => pos,
  moveKey: (m: number) => m,
  reward: (p: TicTacToe) => {
    const o = p.outcome();
    if (!o) return [0.5, 0.5];
    return o.results.map((r) => (r === 'win' ? 1 : r === 'loss' ? 0 : 0.5));
  },
});

describe('ISMCTS on tic-tac-toe', () => {
  const cases = [
    // X completes the top row at once
    { board: 'XX.OO....', best: 2, why: 'takes the win in one' },
    // O must block at 2
    { board: 'XX..O....', best: 2, why: 'blocks the win in one' },
    // X must block at 6, which also forks
    { board: 'X.O.O...X', best: 6, why: 'blocks with a fork' },
  ];
  it.each(cases)('$why ($board)', ({ board, best }) => {
    const pos = TicTacToe.from(board);
    const r = ismcts(spec(pos), Rng.fromSeed(1), { iterations: 3000 });
    expect(r.move).toBe(best);
    // the position is left as it was
    expect(pos.generateMoves()).toEqual(TicTacToe.from(board).generateMoves());
  });
  it('is reproducible from its seed', () => {
    const a = ismcts(spec(new TicTacToe()), Rng.fromSeed(5), { iterations: 500 });
    const b = ismcts(spec(new TicTacToe()), Rng.fromSeed(5), { iterations: 500 });
    expect(a.stats).toEqual(b.stats);
  });
  it('respects the time budget', () => {
    const started = performance.now();
    const r = ismcts(spec(new TicTacToe()), Rng.fromSeed(5), { timeMs: 50 });
    expect(performance.now() - started).toBeLessThan(300);
    expect(r.iterations).toBeGreaterThan(10);
  });
});
