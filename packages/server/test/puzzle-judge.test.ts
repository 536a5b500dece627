import { readFileSync } from 'node:fs';
import { CELLS, cellName, NEIGHBOR, parseAbaloneGame } from '@qiyuan/abalone';
import { abalonePuzzleFile, hivePuzzleFile, type Puzzle, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { ok, unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { addPuzzleGame, judge, PUZZLE_GAMES, type PuzzleGame, type PuzzleLine } from '../src/puzzle-judge.js';

/**
 * The puzzle judge through each game's adapter: the line's moves solve, a wrong first move fails, an illegal or
 * unreadable move is refused with the engine's reason; Abalone's goal is one more marble pushed off; a `goal`
 * puzzle takes any move that keeps the goal within reach.
 */
const setOf = (file: URL) => JSON.parse(readFileSync(file, 'utf8')) as PuzzleSet;
const abaloneSet = setOf(abalonePuzzleFile);
const hiveSet = setOf(hivePuzzleFile);
const lineOf = (p: Puzzle): PuzzleLine => ({ ...p });
const mine = (p: Puzzle) => p.solution.filter((_, i) => i % 2 === 0);

/** A legal first move of the solver that does not push a marble off and is not the line's (a wrong answer). */
const wrongAbaloneMove = (p: Puzzle): string => {
  const game = unwrap(parseAbaloneGame(p.position));
  const start = unwrap(parseAbaloneGame(p.position));
  const solver = game.position.side;
  for (const m of game.legalMoves()) {
    if (game.moveToString(m) === p.solution[0]) continue;
    unwrap(game.play(m));
    const pushes = PUZZLE_GAMES.abalone!.reached('pushOut', game, start, solver);
    unwrap(game.undo());
    if (!pushes) return game.moveToString(m);
  }
  throw new Error(`${p.id} has no wrong move`);
};

describe('the Abalone puzzle judge', () => {
  for (const n of [1, 2, 3]) {
    const p = abaloneSet.puzzles.find((x) => x.moves === n)!;
    it(`a push-out in ${n}: the line solves it move by move, the defender answering from the line`, () => {
      const moves = mine(p);
      for (let i = 1; i < moves.length; i++)
        expect(judge(lineOf(p), moves.slice(0, i))).toEqual(ok({ status: 'continue', reply: p.solution[2 * i - 1] }));
      expect(judge(lineOf(p), moves)).toEqual(ok({ status: 'solved' }));
    });

    it(`a push-out in ${n}: a wrong first move fails`, () => {
      expect(judge(lineOf(p), [wrongAbaloneMove(p)])).toEqual(ok({ status: 'failed', index: 0 }));
    });
  }

  it('refuses an illegal move and a move it cannot read, with the reason', () => {
    const p = abaloneSet.puzzles[0]!;
    const game = unwrap(parseAbaloneGame(p.position));
    // an empty cell "moved" to its neighbour: readable, not legal
    const empty = CELLS.findIndex((c) => game.position.cells[c.index] === 0 && NEIGHBOR[c.index * 6]! >= 0);
    const text = `${cellName(empty)}${cellName(NEIGHBOR[empty * 6]!)}`;
    const illegal = judge(lineOf(p), [text]);
    expect(illegal).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
    expect(illegal.ok || illegal.error.reason).toBe(`move 1 (${text}): ${text}: ${cellName(empty)} is not your marble`);
    const unreadable = judge(lineOf(p), ['Z0Z1']);
    expect(unreadable.ok).toBe(false);
    if (!unreadable.ok) expect(unreadable.error).toMatchObject({ code: 'bad-move' });
    expect(unreadable.ok || unreadable.error.reason).toMatch(/is not an Abalone move/);
  });

  it('counts any push-off on the last move as solved, and a push-off of one of its own marbles as nothing', () => {
    const p = abaloneSet.puzzles.find((x) => x.moves === 1)!;
    // the puzzle with its goal being the win: the line's push-off solves only if it is the sixth marble
    const asWin = judge({ ...lineOf(p), goal: 'win' }, mine(p));
    expect(asWin).toEqual(ok(p.themes.includes('win') ? { status: 'solved' } : { status: 'failed', index: 0 }));
    expect(judge({ ...lineOf(p), goal: 'mate' }, mine(p))).toMatchObject({ ok: false, error: { code: 'bad-puzzle' } });
  });
});

describe('the Hive puzzle judge', () => {
  const p = hiveSet.puzzles.find((x) => x.moves === 2)!;
  it('solves by the line and refuses nonsense', () => {
    expect(judge(lineOf(p), mine(p))).toEqual(ok({ status: 'solved' }));
    expect(judge(lineOf(p), ['wQ nowhere'])).toMatchObject({ ok: false, error: { code: 'bad-move' } });
    expect(judge({ ...lineOf(p), game: 'junqi' }, mine(p))).toMatchObject({ ok: false, error: { code: 'no-puzzles' } });
  });
});

describe('a goal puzzle', () => {
  // a test game on Abalone's rules: push a marble off within the moves given, any way; the distance bound is the
  // prover's "can the solver still push one off in the moves left", here faked as "the solver's marbles are still
  // all there" to show the judge asks it; the defender answers with its first legal move
  const p = abaloneSet.puzzles.find((x) => x.moves === 2)!;
  const testGame: PuzzleGame = {
    ...PUZZLE_GAMES.abalone!,
    game: 'abalone-goal-test',
    reachable: (_goal, now, start, solver) =>
      (now as typeof start & { position: { ejected: number[] } }).position.ejected[1 - solver] ===
      (start as typeof now & { position: { ejected: number[] } }).position.ejected[1 - solver],
    defend: (_goal, now) => now.moveToString(now.legalMoves()[0]),
  };
  addPuzzleGame(testGame);
  const goalLine: PuzzleLine = { ...lineOf(p), game: 'abalone-goal-test', kind: 'goal', moves: 2 };

  it('takes any legal move while the goal is in reach, the defender answering, and fails when moves run out', () => {
    const first = judge(goalLine, [wrongAbaloneMove(p)]);
    expect(first.ok && first.value.status).toBe('continue');
    const reply = first.ok && first.value.status === 'continue' ? first.value.reply : undefined;
    expect(reply).toBeTruthy();
    // two moves that push nothing off: the moves are used up
    const game = unwrap(parseAbaloneGame(p.position));
    unwrap(game.play(unwrap(game.parseMove(wrongAbaloneMove(p)))));
    unwrap(game.play(unwrap(game.parseMove(reply!))));
    const start = unwrap(parseAbaloneGame(p.position));
    const quiet = game
      .legalMoves()
      .map((m) => game.moveToString(m))
      .find((m) => {
        const g = game.clone();
        unwrap(g.play(unwrap(g.parseMove(m))));
        return !PUZZLE_GAMES.abalone!.reached('pushOut', g, start, start.position.side);
      })!;
    expect(judge(goalLine, [wrongAbaloneMove(p), quiet])).toEqual(ok({ status: 'failed', index: 1 }));
    // moves after the failing one are not looked at
    expect(judge(goalLine, [wrongAbaloneMove(p), quiet, quiet])).toEqual(ok({ status: 'failed', index: 1 }));
  });

  it('a line puzzle of the same position still wants the line', () => {
    expect(judge(lineOf(p), [wrongAbaloneMove(p)])).toEqual(ok({ status: 'failed', index: 0 }));
  });
});
