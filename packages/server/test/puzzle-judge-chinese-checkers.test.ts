import { readFileSync } from 'node:fs';
import {
  arrivalMoveText,
  type ChineseCheckersPuzzle,
  type ChineseCheckersPuzzleSet,
  chineseCheckersPuzzleFile,
  openArrival,
} from '@qiyuan/ai/chinese-checkers-puzzles';
import { pointName } from '@qiyuan/chinese-checkers';
import { ok, unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { judge, type PuzzleLine } from '../src/puzzle-judge.js';

/**
 * The puzzle judge on Chinese Checkers (shortest arrival): the stored line solves move by move, the solver moving
 * again with no reply; another shortest line solves too; a move after which every piece can no longer be home in
 * the moves left fails; an illegal move (a piece of the other colour, a point out of reach) is refused with the
 * game's reason, and the attempt goes on.
 */
const set = JSON.parse(readFileSync(chineseCheckersPuzzleFile, 'utf8')) as ChineseCheckersPuzzleSet;
const lineOf = (p: ChineseCheckersPuzzle): PuzzleLine => ({ ...p });

describe('the Chinese Checkers puzzle judge', () => {
  for (const n of [2, 4, 6]) {
    const p = set.puzzles.find((x) => x.moves === n)!;
    it(`arrival in ${n}: the stored line is right move by move, and solves on its last move`, () => {
      for (let i = 1; i < n; i++) expect(judge(lineOf(p), p.solution.slice(0, i))).toEqual(ok({ status: 'continue' }));
      expect(judge(lineOf(p), p.solution)).toEqual(ok({ status: 'solved' }));
    });
  }

  it('another shortest line solves too: a first move the stored line does not take, then any line from there', () => {
    const p = set.puzzles.find((x) => x.firstMoves >= 2 && x.moves >= 3)!;
    const { search } = unwrap(openArrival(p.position));
    const other = search.firstMoves(p.moves).find((m) => arrivalMoveText(m) !== p.solution[0])!;
    search.play(other);
    const rest = search.line(p.moves - 1)!.map(arrivalMoveText);
    const line = [arrivalMoveText(other), ...rest];
    expect(line[0]).not.toBe(p.solution[0]);
    expect(judge(lineOf(p), line.slice(0, 1))).toEqual(ok({ status: 'continue' }));
    expect(judge(lineOf(p), line)).toEqual(ok({ status: 'solved' }));
  });

  it('a legal move after which the pieces cannot all be home in time fails the puzzle', () => {
    const p = set.puzzles.find((x) => x.moves === 3 && x.firstMoves === 1)!;
    const { search } = unwrap(openArrival(p.position));
    const good = new Set(search.firstMoves(p.moves));
    const wasted = search.moves().find((m) => !good.has(m))!;
    expect(judge(lineOf(p), [arrivalMoveText(wasted)])).toEqual(ok({ status: 'failed', index: 0 }));
    // right first, then a wasted second move
    const second = unwrap(openArrival(p.position)).search;
    second.play([...good][0]!);
    const good2 = new Set(second.firstMoves(p.moves - 1));
    const wasted2 = second.moves().find((m) => !good2.has(m))!;
    expect(judge(lineOf(p), [p.solution[0]!, arrivalMoveText(wasted2)])).toEqual(ok({ status: 'failed', index: 1 }));
  });

  it("refuses an illegal move with the game's reason, and a move it cannot read", () => {
    const p = set.puzzles[0]!;
    const { game, search } = unwrap(openArrival(p.position));
    const layout = game.layout();
    const stone = [...layout.cells].find(([, c]) => c !== (game.seat === 0 ? 0 : 3))![0];
    const empty = [...Array(121).keys()].find(
      (x) => !layout.cells.has(x) && !search.moves().some((m) => m >>> 8 === x),
    )!;
    const foreign = judge(lineOf(p), [`${pointName(stone)}-${pointName(empty)}`]);
    expect(foreign).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
    expect(foreign.ok || foreign.error.reason).toMatch(/is not yours$/);
    const piece = search.pieces[0]!;
    const far = judge(lineOf(p), [`${pointName(piece)}-${pointName(empty)}`]);
    expect(far.ok || far.error.reason).toMatch(/no step or jump chain leads from/);
    expect(judge(lineOf(p), ['z9-a1'])).toMatchObject({ ok: false, error: { code: 'bad-move' } });
    // the attempt goes on: the line still solves
    expect(judge(lineOf(p), p.solution)).toEqual(ok({ status: 'solved' }));
  });
});
