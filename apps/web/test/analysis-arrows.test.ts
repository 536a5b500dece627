import { abalone } from '@qiyuan/abalone';
import { GAME_IDS, unwrap } from '@qiyuan/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalysisGame } from '../src/analysis/games.js';
import { moveEnds } from '../src/analysis/overlay.js';

// the pages load a game's analysis entry before its board reads it (analysis/games.ts)
beforeAll(() => Promise.all(GAME_IDS.map(loadAnalysisGame)));

/** Which cells the engine's arrow joins for a move: it was drawn from a three-marble column's tail to its head. */
describe('the engine arrow of an Abalone move', () => {
  it('an in-line move is drawn as the leading marble’s step, however many marbles move', () => {
    expect(moveEnds('abalone', 'A1A2')).toEqual(['A1', 'A2']);
    expect(moveEnds('abalone', 'A1A4')).toEqual(['A3', 'A4']);
    expect(moveEnds('abalone', 'C1C4')).toEqual(['C3', 'C4']);
    expect(moveEnds('abalone', 'E5C3')).toEqual(['D4', 'C3']);
    expect(moveEnds('abalone', 'I9G9')).toEqual(['H9', 'G9']);
  });

  it('a broadside move is drawn as its first end’s step', () => {
    expect(moveEnds('abalone', 'C3C5D3')).toEqual(['C3', 'D3']);
  });

  it('every arrow of the engine’s moves from the start is one step between neighbours, with a marble at its start', () => {
    const game = unwrap(abalone.create(unwrap(abalone.parseOptions({ start: 'belgian-daisy' }))));
    const cells = (game.viewFor('spectator') as { cells: string }).cells;
    const names = 'ABCDEFGHI'.split('').flatMap((row, r) => {
      const first = Math.max(1, r - 3);
      const last = Math.min(9, r + 5);
      return Array.from({ length: last - first + 1 }, (_, k) => `${row}${first + k}`);
    });
    for (const m of game.legalMoves(0)) {
      const [from, to] = moveEnds('abalone', game.moveToString(m))!;
      const dr = to.charCodeAt(0) - from.charCodeAt(0);
      const dc = to.charCodeAt(1) - from.charCodeAt(1);
      expect([Math.abs(dr), Math.abs(dc)].every((d) => d <= 1) && dr * dc >= 0).toBe(true);
      expect(cells[names.indexOf(from)]).toBe('b');
    }
  });
});
