import { readFileSync } from 'node:fs';
import { unwrap } from '@qiyuan/core';
import { parseGameString } from '@qiyuan/hive';
import { describe, expect, it } from 'vitest';
import { type HivePuzzle, hivePuzzleFile, type PuzzleSet, winningPieceTheme } from '../src/puzzles.js';
import { winningFirstMoves, winsWithin } from './hive-ply-prover.js';

/**
 * The committed Hive puzzle set (puzzles/hive.json, served by the server): every puzzle's line is played through
 * and its themes checked; a sample (every win in one, and every second win in two, which take the prover longer)
 * is proven again with the exhaustive ply prover: exactly one first move forces the win in the puzzle's length,
 * it is the line's first move, and no shorter win exists. A wrong puzzle committed fails here.
 */
const set = JSON.parse(readFileSync(hivePuzzleFile, 'utf8')) as PuzzleSet;

describe('the Hive puzzle set', () => {
  it('has puzzles of both lengths, with unique ids and positions', () => {
    expect(set.game).toBe('hive');
    expect(set.puzzles.length).toBeGreaterThanOrEqual(20);
    expect(new Set(set.puzzles.map((p) => p.id)).size).toBe(set.puzzles.length);
    expect(new Set(set.puzzles.map((p) => p.position)).size).toBe(set.puzzles.length);
    expect(new Set(set.puzzles.map((p) => p.moves))).toEqual(new Set([1, 2]));
  });

  for (const p of set.puzzles) {
    it(`${p.id}: the line is legal, ends in the solver's win, and the themes say so`, () => {
      const game = unwrap(parseGameString(p.position));
      const solver = game.position.side;
      expect(p.solution.length).toBe(2 * p.moves - 1);
      for (const [i, m] of p.solution.entries()) {
        expect(game.outcome()).toBeUndefined();
        expect(game.play(unwrap(game.parseMove(m))), `${p.id} move ${i + 1} ${m}`).toEqual({
          ok: true,
          value: undefined,
        });
      }
      expect(game.outcome()?.results[solver]).toBe('win');
      expect(p.themes).toEqual([winningPieceTheme(p.solution), `mateIn${p.moves}`]);
      expect(p.rating).toBeGreaterThan(500);
    });
  }

  const sample = set.puzzles.filter((p) => p.moves === 1 || Number(p.id.slice(-3)) % 2 === 0);
  for (const p of sample) {
    it(`${p.id}: one first move only forces the win in ${p.moves}, and no shorter win exists`, {
      timeout: 120_000,
    }, () => {
      expect(proofProblem(p)).toBeUndefined();
    });
  }

  it('the proof fails a wrong puzzle: another first move, a longer length, a shorter win', () => {
    const two = set.puzzles.find((p) => p.moves === 2)!;
    const one = set.puzzles.find((p) => p.moves === 1)!;
    const game = unwrap(parseGameString(one.position));
    const other = game.legalMoves().find((m) => game.moveToString(m) !== one.solution[0])!;
    expect(proofProblem({ ...one, solution: [game.moveToString(other)] })).toMatch(/^the winning first moves are/);
    expect(proofProblem({ ...one, moves: 2 })).toMatch(/^a shorter win/);
    expect(proofProblem({ ...two, moves: 1 })).toMatch(/^the winning first moves are \[\]/);
  });
});

/** Why the prover refuses the puzzle (the winning first moves are not exactly the line's first; a shorter win). */
const proofProblem = (p: HivePuzzle): string | undefined => {
  const game = unwrap(parseGameString(p.position));
  const pos = game.position.clone();
  const plies = 2 * p.moves - 1;
  if (plies > 1 && winsWithin(pos, plies - 2)) return 'a shorter win exists';
  const winners = winningFirstMoves(pos, plies).map((m) => game.moveToString(m));
  const first = game.parseMove(p.solution[0] ?? '');
  const expected = first.ok ? game.moveToString(first.value) : '';
  return winners.length === 1 && winners[0] === expected
    ? undefined
    : `the winning first moves are ${JSON.stringify(winners)}, not only ${expected}`;
};
