import { AbaloneGame, cellByName } from '@qiyuan/abalone';
import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { forcesPushOut, pushesOff, pushOutDistance, pushOutFirstMoves, sumitoOf } from '../src/abalone-push-out.js';

/**
 * The push-out prover on positions set up by hand: nine marbles a side kept far apart on rows A–B and H–I, and the
 * few marbles of each case on row E, whose east end (E9) is the rim.
 */
const setUp = (black: string[], white: string[], toMove: 'b' | 'w' = 'b'): AbaloneGame => {
  const cells = Array<string>(61).fill('.');
  for (const c of ['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', ...black]) cells[cellByName(c)] = 'b';
  for (const c of ['I5', 'I6', 'I7', 'I8', 'I9', 'H5', 'H6', 'H7', 'H8', ...white]) cells[cellByName(c)] = 'w';
  return new AbaloneGame({ start: 'standard', repetition: false, maxPlies: 0, setup: `${cells.join('')} ${toMove}` });
};

const names = (g: AbaloneGame, n: number) => pushOutFirstMoves(g.position, n).map((m) => g.moveToString(m));

describe('the Abalone push-out prover', () => {
  const cases: { name: string; black: string[]; white: string[]; first: string[]; sumito?: string }[] = [
    { name: 'two push one off the rim', black: ['E7', 'E8'], white: ['E9'], first: ['E7E9'], sumito: '2v1' },
    {
      name: 'three push two off the rim',
      black: ['E5', 'E6', 'E7'],
      white: ['E8', 'E9'],
      first: ['E5E8'],
      sumito: '3v2',
    },
    {
      name: 'three push one off the rim, and so do the front two',
      black: ['E6', 'E7', 'E8'],
      white: ['E9'],
      first: ['E6E9', 'E7E9'],
      sumito: '3v1',
    },
    { name: 'one does not push one', black: ['E8'], white: ['E9'], first: [] },
    { name: 'two do not push two', black: ['E6', 'E7'], white: ['E8', 'E9'], first: [] },
  ];
  for (const c of cases) {
    it(`${c.name}: first moves ${JSON.stringify(c.first)}`, () => {
      const g = setUp(c.black, c.white);
      const before = g.position.cells.slice();
      expect(names(g, 1)).toEqual(c.first);
      expect(forcesPushOut(g.position, 1)).toBe(c.first.length > 0);
      // the search leaves the position as it was
      expect(g.position.cells).toEqual(before);
      if (c.sumito) {
        const m = pushOutFirstMoves(g.position, 1)[0]!;
        expect(pushesOff(g.position, m)).toBe(true);
        const { pushers, pushed } = sumitoOf(g.position, m);
        expect(`${pushers}v${pushed}`).toBe(c.sumito);
      }
    });
  }

  it('a push-off in one is also one within two and three, and its distance is one', () => {
    const g = setUp(['E7', 'E8'], ['E9']);
    expect(forcesPushOut(g.position, 2)).toBe(true);
    expect(pushOutDistance(g.position, 3)).toBe(1);
    // White to move in the same position: its marble steps away or is backed up, and nothing of White's is pushed
    expect(pushOutDistance(setUp(['E7', 'E8'], ['E9'], 'w').position, 1)).toBeUndefined();
  });

  it("the defender's sixth push-off refutes: a push-off in two that comes too late", () => {
    // puzzle abalone-105 with Black's spare marbles far from the play taken away: with ten Black marbles left,
    // D4B2 forces a push-off in two; with nine, White's push-off reply is its sixth and wins first
    const open = (cells: string) =>
      new AbaloneGame({ start: 'standard', repetition: false, maxPlies: 0, setup: `${cells} b` });
    const ten = open('..bwwbwww...bb.w.....b..............ww......w.....ww.bbbww.bb');
    const nine = open('..bwwbwww...bb.w.....b..............ww......w.....ww..bbww.bb');
    expect(forcesPushOut(ten.position, 2)).toBe(true);
    expect(names(ten, 2)).toEqual(['D4B2']);
    expect(forcesPushOut(nine.position, 2)).toBe(false);
    unwrap(nine.play(unwrap(nine.parseMove('D4B2'))));
    const wins = nine.legalMoves().filter((m) => {
      const g = nine.clone();
      unwrap(g.play(m));
      return g.outcome()?.results[1] === 'win';
    });
    expect(wins.length).toBeGreaterThan(0);
  });
});
