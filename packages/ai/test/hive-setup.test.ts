import { unwrap } from '@qiyuan/core';
import { type HiveView, parseGameString, parseSetupGame, setupOf, setupToString } from '@qiyuan/hive';
import { describe, expect, it } from 'vitest';
import { analysePosition } from '../src/index.js';

// Black to move wins at once with bG3 -wQ (the position of analysis.test.ts's win in one).
const HIVE_WIN_IN_ONE =
  'Base;InProgress;Black[19];wS1;bS1 wS1-;wS2 \\wS1;bS2 bS1-;wB1 -wS1;bB1 bS1/;wQ wS2/;bQ bS2-;wB2 /wS1;bB1 wQ\\;wQ bB1/;bB2 /bS2;wG1 \\wS2;bG1 /bB2;wG2 -wS2;bG2 bB2\\;wG3 /wB2;bG2 -wQ;wQ bG2/;bB1 wQ\\;wQ bB1/;bG3 bB1\\;wB1 /wG2;bG2 wQ\\;wA1 wG3\\;bA1 bB2\\;wA1 bQ-;bA1 wQ/;wA2 -wS1;bA2 bB2\\;wA3 -wG2;bA2 -bA1;wA3 /bQ;bA3 /bG1;wS2 wG1/;bA3 bA1\\;wA1 bG2\\';

describe('the AI from a set-up Hive position', () => {
  const moved = unwrap(parseGameString(HIVE_WIN_IN_ONE));
  const setup = setupToString(setupOf(moved.gameType, moved.viewFor('spectator') as HiveView));

  it('finds the same win in one as from the position reached by moves', () => {
    const game = unwrap(parseSetupGame(setup));
    const a = unwrap(analysePosition(game, { depth: 3 }, 3));
    expect(a.lines[0]).toMatchObject({ moves: ['bG3 -wQ'], score: { win: 1 } });
    const b = unwrap(analysePosition(moved, { depth: 3 }, 3));
    expect(a.lines.map((l) => l.score)).toEqual(b.lines.map((l) => l.score));
  });

  it('searches a set-up position after moves played from it', () => {
    // The second line played out from the set-up position: its moves are legal there, and the search goes on after them.
    const game = unwrap(parseSetupGame(setup));
    const a = unwrap(analysePosition(game, { depth: 2 }, 2));
    const line = a.lines[1]!;
    const copy = game.clone();
    for (const text of line.moves) unwrap(copy.play(unwrap(copy.parseMove(text))));
    expect(copy.positionToString().startsWith(setup)).toBe(true);
    const after = unwrap(analysePosition(copy, { depth: 2 }, 1));
    expect(after.lines[0]!.moves.length).toBeGreaterThan(0);
  });
});
