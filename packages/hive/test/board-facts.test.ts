import { Rng } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { Position, parseGameType } from '../src/index.js';
import { CELLS, NEIGHBOR } from '../src/position.js';

/** Reads what the engine keeps about the board: its Zobrist hash and its answer to "is this tile pinned". */
class Inspected extends Position {
  keys(): number[] {
    return [this.hashLo(), this.hashHi()];
  }
  isPinned(cell: number): boolean {
    this.nextSeenStamp();
    return this.pinned(cell);
  }
}

/** Whether the occupied cells other than `without` form one group, by a plain flood fill. */
const joined = (p: Position, without: number): boolean => {
  const occupied: number[] = [];
  for (let c = 0; c < CELLS; c++) if (p.height[c]! > 0 && c !== without) occupied.push(c);
  if (occupied.length === 0) return true;
  const seen = new Set([occupied[0]!]);
  const todo = [occupied[0]!];
  while (todo.length) {
    const c = todo.pop()!;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[c * 6 + d]!;
      if (n !== without && p.height[n]! > 0 && !seen.has(n)) {
        seen.add(n);
        todo.push(n);
      }
    }
  }
  return seen.size === occupied.length;
};

/** The same stacks laid afresh, bottom tile first, the same side to move: its hash is computed from nothing but the board. */
const laidAfresh = (p: Position): Inspected => {
  const fresh = new Inspected(p.rules, p.roster);
  for (let c = 0; c < CELLS; c++) {
    const stack: number[] = [];
    for (let t = p.top[c]!; t >= 0; t = p.below[t]!) stack.unshift(t);
    for (const t of stack) fresh.place(t, c);
  }
  fresh.setTurn(p.side, p.ply);
  return fresh;
};

/**
 * What move generation keeps and works out about a board: random games with every kind of tile check that the
 * hash, kept move by move and undone, is that of the same board laid afresh, and that a tile is pinned exactly
 * when the hive without it falls apart.
 */
describe('the board facts move generation keeps', () => {
  it.each(['Base+MLP', 'Base+MLP:R2T2F3W3DKC', 'Base+MLP:TF2W/R2DC'])('%s', (variant) => {
    const type = parseGameType(variant);
    if (!type.ok) throw new Error(type.error.reason);
    const rng = Rng.fromSeed(`board facts ${variant}`);
    let pinnedSeen = 0;
    for (let game = 0; game < 6; game++) {
      const p = new Inspected({ ...type.value, tournamentOpening: true, pillbugDutchRule: false });
      for (let ply = 0; ply < 120 && !p.outcome(); ply++) {
        const where = `${variant}, game ${game}, ply ${ply}`;
        expect(p.keys(), where).toEqual(laidAfresh(p).keys());
        for (let c = 0; c < CELLS; c++) {
          if (p.height[c] !== 1) continue;
          const pinned = !joined(p, c);
          if (pinned) pinnedSeen++;
          expect(p.isPinned(c), `${where}: cell ${c}`).toBe(pinned);
        }
        const moves = [...p.generateMoves()];
        const keys = p.keys();
        for (const m of moves.slice(0, 8)) {
          p.makeMove(m);
          p.unmakeMove();
        }
        expect(p.keys(), where).toEqual(keys);
        p.makeMove(moves[rng.int(0, moves.length - 1)]!);
      }
    }
    expect(pinnedSeen).toBeGreaterThan(100);
  });
});
