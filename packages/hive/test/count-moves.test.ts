import { Rng } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { Position, parseGameType } from '../src/index.js';
import { CELLS, NEIGHBOR } from '../src/position.js';

/**
 * Whether the occupied cells form one group (the one-hive rule after a move), by a plain flood fill over the board's
 * heights. It runs after every listed move of every position (some hundred thousand times a variant), so the cells are
 * found from the tiles' places (a few dozen) rather than by scanning the 1,024 cells of the grid, and marked with a
 * stamp in typed arrays made once, which need no clearing between calls.
 */
const seen = new Uint32Array(CELLS);
let stamp = 0;
const todo = new Int32Array(CELLS);
const oneHive = (p: Position): boolean => {
  stamp++;
  let occupied = 0;
  let first = -1;
  for (const c of p.pos) {
    if (c < 0 || seen[c] === stamp) continue;
    seen[c] = stamp;
    occupied++;
    first = c;
  }
  if (occupied === 0) return true;
  // the flood fill marks with the next stamp: every cell it reaches has a tile (its height says so)
  stamp++;
  seen[first] = stamp;
  todo[0] = first;
  let size = 1;
  let reached = 1;
  while (size > 0) {
    const c = todo[--size]!;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[c * 6 + d]!;
      if (p.height[n]! > 0 && seen[n] !== stamp) {
        seen[n] = stamp;
        todo[size++] = n;
        reached++;
      }
    }
  }
  return reached === occupied;
};

/**
 * Perft's bulk count (`countMoves`) takes shortcuts the move list does not: placements counted without
 * listing them, the one-hive search made only for tiles whose neighbours form two arcs. Random games deep
 * into the middle game, with every kind of tile, check that the count is the length of the list at every
 * position, that no listed move splits the hive, and that make/unmake leaves the position as it found it.
 */
describe('the bulk count agrees with the move list', () => {
  it.each([
    ['Base', false],
    ['Base+MLP', false],
    ['Base+MLP', true],
    ['Base+MLP:R2T2F3W3DKC', false],
    ['Base+MLP:TF2W/R2DC', true],
    ['Base+MLP:RFK/TWDC', false],
  ] as const)(
    '%s (Dutch Pillbug rule: %s)',
    (variant, dutch) => {
      const type = parseGameType(variant);
      if (!type.ok) throw new Error(type.error.reason);
      const rng = Rng.fromSeed(`count-moves ${variant} ${dutch}`);
      let positions = 0;
      for (let game = 0; game < 12; game++) {
        const p = new Position({ ...type.value, tournamentOpening: true, pillbugDutchRule: dutch });
        for (let ply = 0; ply < 160 && !p.outcome(); ply++) {
          const moves = [...p.generateMoves()];
          expect(p.countMoves(), `${variant}, game ${game}, ply ${ply}`).toBe(moves.length);
          const hash = [p.hashLo(), p.hashHi()];
          // Every child once, then back: the count and the hash are as before.
          // Each child is checked; the ones that split the hive are collected, so a position makes one assertion
          // (an `expect` per child took about a fifth of the time), and a failure names every such move.
          const splitting: number[] = [];
          for (let i = 0; i < moves.length; i++) {
            p.makeMove(moves[i]!);
            if (!oneHive(p)) splitting.push(i);
            p.unmakeMove();
          }
          expect(splitting, `${variant}, game ${game}, ply ${ply}: moves that split the hive`).toEqual([]);
          expect([p.hashLo(), p.hashHi()]).toEqual(hash);
          expect(p.countMoves()).toBe(moves.length);
          p.makeMove(moves[rng.int(0, moves.length - 1)]!);
          positions++;
        }
      }
      expect(positions).toBeGreaterThan(600);
      // About 25 s each on a shared core; a machine loaded by other jobs has taken more than a minute.
    },
    300_000,
  );
});
