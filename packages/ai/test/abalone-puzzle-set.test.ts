import { readFileSync } from 'node:fs';
import { type AbaloneGame, parseAbaloneGame } from '@qiyuan/abalone';
import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { forcesPushOut, pushOutFirstMoves } from '../src/abalone-push-out.js';
import { abalonePuzzleFile, type Puzzle, type PuzzleSet } from '../src/puzzles.js';

/**
 * The committed Abalone puzzle set (puzzles/abalone.json, served by the server): every puzzle's line is played
 * through — it ends with one more enemy marble off the board — and its themes checked; a sample (every fourth
 * puzzle, all lengths) is proven again with the exhaustive prover: exactly one first move forces a push-off in the
 * puzzle's length, it is the line's first move, no shorter push-off exists, and along the line each of the solver's
 * moves but the last is again the only one that keeps the push-off in reach. A wrong puzzle committed fails here.
 */
const set = JSON.parse(readFileSync(abalonePuzzleFile, 'utf8')) as PuzzleSet;

const open = (p: Puzzle): AbaloneGame => unwrap(parseAbaloneGame(p.position));

describe('the Abalone puzzle set', () => {
  it('has at least 100 puzzles of every length 1 to 3, with unique ids and positions', () => {
    expect(set.game).toBe('abalone');
    expect(set.puzzles.length).toBeGreaterThanOrEqual(100);
    expect(new Set(set.puzzles.map((p) => p.id)).size).toBe(set.puzzles.length);
    expect(new Set(set.puzzles.map((p) => p.position)).size).toBe(set.puzzles.length);
    expect(new Set(set.puzzles.map((p) => p.moves))).toEqual(new Set([1, 2, 3]));
    for (const p of set.puzzles) expect(p).toMatchObject({ game: 'abalone', kind: 'line', goal: 'pushOut' });
  });

  for (const p of set.puzzles) {
    it(`${p.id}: the line is legal and its last move pushes a marble off; the themes say so`, () => {
      const game = open(p);
      const solver = game.position.side;
      const before = game.position.ejected[solver]!;
      expect(p.solution.length).toBe(2 * p.moves - 1);
      for (const [i, m] of p.solution.entries()) {
        expect(game.outcome()).toBeUndefined();
        // no push-off before the line's last move
        expect(game.position.ejected[solver]).toBe(before);
        expect(game.play(unwrap(game.parseMove(m))), `${p.id} move ${i + 1} ${m}`).toEqual({
          ok: true,
          value: undefined,
        });
      }
      expect(game.position.ejected[solver]).toBe(before + 1);
      const wins = game.outcome()?.results[solver] === 'win';
      const [length, sumito, ...rest] = p.themes;
      expect(length).toBe(`pushOut${p.moves}`);
      // the push-off is a sumito: two or three marbles push fewer
      const [, pushers, pushed] = /^sumito(\d)v(\d)$/.exec(sumito ?? '') ?? [];
      expect(Number(pushers)).toBeGreaterThan(Number(pushed));
      expect(Number(pushers)).toBeLessThanOrEqual(3);
      expect(rest).toEqual(wins ? ['win'] : []);
      expect(p.rating).toBeGreaterThan(500);
    });
  }

  const sample = set.puzzles.filter((_, i) => i % 4 === 0);
  for (const p of sample) {
    it(`${p.id}: one first move only forces a push-off in ${p.moves}, and no shorter one exists`, {
      timeout: 120_000,
    }, () => {
      expect(proofProblem(p)).toBeUndefined();
    });
  }

  it('the proof fails a wrong puzzle: another first move, a longer length, a shorter push-off', () => {
    const two = set.puzzles.find((p) => p.moves === 2)!;
    const one = set.puzzles.find((p) => p.moves === 1)!;
    const game = open(one);
    const other = game.legalMoves().find((m) => game.moveToString(m) !== one.solution[0])!;
    expect(proofProblem({ ...one, solution: [game.moveToString(other)] })).toMatch(/^the first moves are/);
    expect(proofProblem({ ...one, moves: 2 })).toMatch(/^a shorter push-off/);
    expect(proofProblem({ ...two, moves: 1 })).toMatch(/^the first moves are \[\]/);
  });
});

/**
 * Why the prover refuses the puzzle: a shorter push-off exists, or at one of the solver's moves but the last the
 * forcing moves are not exactly the line's (the last may be any push-off: the judge takes any).
 */
const proofProblem = (p: Puzzle): string | undefined => {
  const game = open(p);
  const pos = game.position.clone();
  if (p.moves > 1 && forcesPushOut(pos, p.moves - 1)) return 'a shorter push-off exists';
  for (let i = 0; i === 0 || i + 1 < p.solution.length; i += 2) {
    const left = p.moves - i / 2;
    const winners = pushOutFirstMoves(game.position, left).map((m) => game.moveToString(m));
    const move = game.parseMove(p.solution[i] ?? '');
    const expected = move.ok ? game.moveToString(move.value) : '';
    if (winners.length !== 1 || winners[0] !== expected)
      return `the first moves are ${JSON.stringify(winners)}, not only ${expected}${i ? ` (move ${i / 2 + 1})` : ''}`;
    if (i + 1 >= p.solution.length) break;
    if (!move.ok || !game.play(move.value).ok) return `${expected} is not legal`;
    if (!game.play(unwrap(game.parseMove(p.solution[i + 1]!))).ok) return `${p.solution[i + 1]} is not legal`;
  }
  return undefined;
};
