import { readFileSync } from 'node:fs';
import { parsePoint } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import {
  arrivalMoveText,
  arrivalRating,
  type ChineseCheckersPuzzle,
  type ChineseCheckersPuzzleSet,
  chineseCheckersPuzzleFile,
  openArrival,
} from '../src/chinese-checkers-puzzles.js';

/**
 * The committed Chinese Checkers set (puzzles/chinese-checkers.json, served by the server): every puzzle's line is
 * played through by the game (the solver moving alone) and brings every piece home in exactly its length; a sample
 * (every fifth puzzle) is proven again by the arrival search: no shorter arrival exists, and the number of first
 * moves keeping the length is the one recorded, the line's first among them. A wrong puzzle committed fails here.
 */
const set = JSON.parse(readFileSync(chineseCheckersPuzzleFile, 'utf8')) as ChineseCheckersPuzzleSet;

/** Why the puzzle's claims do not hold, or undefined when the search proves them. */
const proofProblem = (p: ChineseCheckersPuzzle): string | undefined => {
  const { search } = unwrap(openArrival(p.position));
  if (search.arrivesWithin(p.moves - 1)) return `a shorter arrival exists (within ${p.moves - 1})`;
  const firsts = search.firstMoves(p.moves).map(arrivalMoveText);
  if (firsts.length === 0) return `no arrival within ${p.moves}`;
  if (firsts.length !== p.firstMoves) return `the first moves keeping ${p.moves} are [${firsts.join(', ')}]`;
  if (!firsts.includes(p.solution[0]!)) return `the line's first move ${p.solution[0]} is not one of [${firsts}]`;
  return undefined;
};

describe('the Chinese Checkers puzzle set', () => {
  it('has at least 100 puzzles of 2 to 6 moves, both jump rules, unique ids and positions', () => {
    expect(set.game).toBe('chinese-checkers');
    expect(set.puzzles.length).toBeGreaterThanOrEqual(100);
    expect(new Set(set.puzzles.map((p) => p.id)).size).toBe(set.puzzles.length);
    expect(new Set(set.puzzles.map((p) => p.position)).size).toBe(set.puzzles.length);
    expect(new Set(set.puzzles.map((p) => p.moves))).toEqual(new Set([2, 3, 4, 5, 6]));
    expect(set.puzzles.some((p) => p.position.includes('[Jump "long"]'))).toBe(true);
    expect(set.puzzles.some((p) => p.position.includes('[Jump "adjacent"]'))).toBe(true);
    for (const p of set.puzzles) {
      expect(p).toMatchObject({ game: 'chinese-checkers', kind: 'goal', goal: 'home' });
      expect(p.themes[0]).toBe(`arrivalIn${p.moves}`);
      expect(p.rating).toBe(arrivalRating(p.moves, p.firstMoves));
    }
  });

  it("every line is legal, brings every piece home in exactly the puzzle's length, and `chain` says a move jumps 3+ times", () => {
    for (const p of set.puzzles) {
      const { game } = unwrap(openArrival(p.position));
      expect(p.solution.length, p.id).toBe(p.moves);
      let longest = 0;
      for (const [i, m] of p.solution.entries()) {
        expect(game.arrived(), `${p.id} home before move ${i + 1}`).toBe(false);
        const from = unwrap(parsePoint(m.split('-')[0]!));
        const to = unwrap(parsePoint(m.split('-')[1]!));
        const before = game.viewFor('spectator');
        expect(before.toMove).toBe(game.seat);
        expect(game.play(unwrap(game.parseMove(m))), `${p.id} move ${i + 1} ${m}`).toEqual({
          ok: true,
          value: undefined,
        });
        const path = game.viewFor('spectator').lastMove?.path ?? [];
        expect([path[0], path.at(-1)]).toEqual([from, to]);
        longest = Math.max(longest, path.length - 1);
      }
      expect(game.arrived(), p.id).toBe(true);
      expect(p.themes.includes('chain'), p.id).toBe(longest >= 3);
    }
  });

  const sample = set.puzzles.filter((_, i) => i % 5 === 0);
  for (const p of sample) {
    it(`${p.id}: no arrival in fewer than ${p.moves}, and ${p.firstMoves} first move(s) keep ${p.moves}`, {
      timeout: 120_000,
    }, () => {
      expect(proofProblem(p)).toBeUndefined();
    });
  }

  it('the proof fails a wrong puzzle: a longer length, another count of first moves, another first move', () => {
    const p = set.puzzles.find((x) => x.moves === 2 && x.firstMoves === 1)!;
    expect(proofProblem({ ...p, moves: 3 })).toMatch(/^a shorter arrival exists/);
    expect(proofProblem({ ...p, firstMoves: 2 })).toMatch(/^the first moves keeping 2 are \[/);
    expect(proofProblem({ ...p, solution: ['a1-b1'] })).toMatch(/^the line's first move a1-b1 is not/);
    const three = set.puzzles.find((x) => x.moves === 3)!;
    expect(proofProblem({ ...three, moves: 2 })).toMatch(/^no arrival within 2/);
  });
});
