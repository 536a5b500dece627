import type { Position } from './position.js';

const MAX_MOVES = 1024;

/**
 * Leaf count at `depth` on the fast path: one reused move buffer per ply and
 * bulk counting at the last ply (the moves are generated, not played).
 * Repetition and the move cap are game-record matters and do not cut the tree;
 * a finished game has no moves.
 */
export const perftPosition = (position: Position, depth: number): number => {
  if (depth === 0) return 1;
  const buffers = Array.from({ length: depth }, () => new Int32Array(MAX_MOVES));
  const walk = (d: number): number => {
    const buffer = buffers[d - 1]!;
    const n = position.generateInto(buffer);
    if (d === 1) return n;
    let total = 0;
    for (let i = 0; i < n; i++) {
      position.makeMove(buffer[i]!);
      total += walk(d - 1);
      position.unmakeMove();
    }
    return total;
  };
  return walk(depth);
};

/** Per-move leaf counts at `depth`, for finding where two generators disagree. */
export const divide = (position: Position, depth: number): Map<number, number> => {
  const out = new Map<number, number>();
  const moves = [...position.generateMoves()];
  for (const m of moves) {
    position.makeMove(m);
    out.set(m, perftPosition(position, depth - 1));
    position.unmakeMove();
  }
  return out;
};
