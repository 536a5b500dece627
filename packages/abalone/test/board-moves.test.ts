import { boardMoves, SPECTATOR } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { type AbaloneGame, abalone, CELL_COUNT, cellByName } from '../src/index.js';

/**
 * Which plies of an Abalone game are moves on the board (`isBoardMove`): every ply. A resignation, a timeout or an
 * agreed draw ends the game without a ply, and a position set up with White to move gives White the first move.
 */

const create = (input: Record<string, string>): AbaloneGame => {
  const o = abalone.parseOptions(input);
  if (!o.ok) throw new Error(o.error.reason);
  const g = abalone.create(o.value);
  if (!g.ok) throw new Error(g.error.reason);
  return g.value;
};

const firstMoves = (g: AbaloneGame, n: number): void => {
  for (let i = 0; i < n; i++) {
    const r = g.play(g.legalMoves()[0]!);
    if (!r.ok) throw new Error(r.error.reason);
  }
};

/** Each ply as [seat, whether it is a move on the board]. */
const table = (g: AbaloneGame): [number, boolean][] =>
  Array.from({ length: g.ply }, (_, p) => [g.recordFor(SPECTATOR, p).seat, g.isBoardMove(p)]);

describe('Abalone: the moves on the board', () => {
  it('every ply is a move; a resignation is no ply', () => {
    const g = create({ start: 'belgian-daisy' });
    firstMoves(g, 5);
    expect(g.apply({ type: 'resign', seat: 0 }).ok).toBe(true);
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

  it('a position set up with White to move: White (the second seat) made the first move', () => {
    const cells = Array.from({ length: CELL_COUNT }, () => '.');
    for (const c of ['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4']) cells[cellByName(c)] = 'b';
    for (const c of ['I5', 'I6', 'I7', 'I8', 'I9', 'H4', 'H5', 'H6', 'H7', 'H8']) cells[cellByName(c)] = 'w';
    const g = create({ setup: `${cells.join('')} w` });
    firstMoves(g, 3);
    expect(g.apply({ type: 'draw-agreed' }).ok).toBe(true);
    expect(table(g)).toEqual([
      [1, true],
      [0, true],
      [1, true],
    ]);
    expect(boardMoves(g)).toEqual([1, 2]);
  });
});
