import { boardMoves, SPECTATOR } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import type { ChineseCheckersGame } from '../src/index.js';
import { game } from './helpers.js';

/**
 * Which plies of a Chinese Checkers game are moves on the board (`isBoardMove`): every ply. A resignation, a
 * timeout or an agreed draw is an entry of the record but no ply; the seats that play on keep counting their own.
 */

const firstMoves = (g: ChineseCheckersGame, n: number): void => {
  for (let i = 0; i < n; i++) {
    const r = g.play(g.legalMoves()[0]!);
    if (!r.ok) throw new Error(r.error.reason);
  }
};

/** Each ply as [seat, whether it is a move on the board]. */
const table = (g: ChineseCheckersGame): [number, boolean][] =>
  Array.from({ length: g.ply }, (_, p) => [g.recordFor(SPECTATOR, p).seat, g.isBoardMove(p)]);

describe('Chinese Checkers: the moves on the board', () => {
  it('two players: every ply is a move; a resignation is no ply', () => {
    const g = game({ players: 2 });
    firstMoves(g, 5);
    expect(g.apply({ type: 'resign', seat: 1 }).ok).toBe(true);
    expect(g.outcome()).toBeDefined();
    expect(table(g)).toEqual([
      [0, true],
      [1, true],
      [0, true],
      [1, true],
      [0, true],
    ]);
    expect(boardMoves(g)).toEqual([3, 2]);
    expect(g.isBoardMove(5)).toBe(false);
  });

  it('three players: a seat that resigns stops counting, the others go on; a draw agreed is no ply', () => {
    const g = game({ players: 3 });
    firstMoves(g, 3);
    expect(g.apply({ type: 'resign', seat: 1 }).ok).toBe(true);
    firstMoves(g, 3);
    expect(g.apply({ type: 'draw-agreed' }).ok).toBe(true);
    expect(table(g)).toEqual([
      [0, true],
      [1, true],
      [2, true],
      [0, true],
      [2, true],
      [0, true],
    ]);
    expect(boardMoves(g)).toEqual([3, 1, 2]);
  });
});
