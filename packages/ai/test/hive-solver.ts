import { HEX_DIRECTIONS } from '@qiyuan/core';
import { cellOf, cellQ, cellR, type Move, moveTo, type Position } from '@qiyuan/hive';

/**
 * A plain exhaustive prover for Hive puzzles, independent of the AI's search
 * (no transposition table, no evaluation, no pruning beyond "one winning move
 * is enough" and "one refutation is enough"): the reference the puzzle tests
 * check the search against.
 */

const nextToQueen = (pos: Position, color: number): Set<number> => {
  const q = pos.queenCell(color);
  const out = new Set<number>();
  if (q < 0) return out;
  for (const d of HEX_DIRECTIONS) out.add(cellOf(cellQ(q) + d.q, cellR(q) + d.r));
  return out;
};

/** The moves of the side to move, those landing next to the enemy queen first (they are the likely wins). */
const attackingFirst = (pos: Position): Move[] => {
  const near = nextToQueen(pos, 1 - pos.side);
  const moves = [...pos.generateMoves()];
  return [...moves.filter((m) => near.has(moveTo(m))), ...moves.filter((m) => !near.has(moveTo(m)))];
};

/** Whether the side to move surrounds the enemy queen within `k` of its own moves, whatever the defence. */
export const winsWithin = (pos: Position, k: number): boolean => winningMoves(pos, k, true).length > 0;

/**
 * The moves of the side to move that force a win within `k` of its own moves
 * (all of them, or only the first found with `firstOnly`).
 */
export const winningMoves = (pos: Position, k: number, firstOnly = false): Move[] => {
  const me = pos.side;
  const out: Move[] = [];
  for (const m of attackingFirst(pos)) {
    pos.makeMove(m);
    const o = pos.outcome();
    const wins = o ? o.results[me] === 'win' : k > 1 && everyReplyLoses(pos, me, k - 1);
    pos.unmakeMove();
    if (wins) {
      out.push(m);
      if (firstOnly) break;
    }
  }
  return out;
};

/** Whether every reply of the side to move leaves `attacker` a forced win within `k` of its moves. */
const everyReplyLoses = (pos: Position, attacker: number, k: number): boolean => {
  for (const r of [...pos.generateMoves()]) {
    pos.makeMove(r);
    const o = pos.outcome();
    const lost = o ? o.results[attacker] === 'win' : winsWithin(pos, k);
    pos.unmakeMove();
    if (!lost) return false;
  }
  return true;
};

/** The moves of the side to move after which the opponent has no win in one (the saving moves of a "block" puzzle). */
export const savingMoves = (pos: Position): Move[] => {
  const me = pos.side;
  const out: Move[] = [];
  for (const m of [...pos.generateMoves()]) {
    pos.makeMove(m);
    const o = pos.outcome();
    const safe = o ? o.results[me] !== 'loss' : !winsWithin(pos, 1);
    pos.unmakeMove();
    if (safe) out.push(m);
  }
  return out;
};
