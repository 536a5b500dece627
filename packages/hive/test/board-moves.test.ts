import { boardMoves, SPECTATOR, type Viewer } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { type HiveGame, hive } from '../src/index.js';

/**
 * Which plies of a Hive game are moves on the board (`isBoardMove`): every ply after the roster choices of a game
 * type whose players choose their pieces first (`…:?`) — placements, movements, and a pass the position forces.
 */

const create = (variant: string): HiveGame => {
  const o = hive.parseOptions({ variant });
  if (!o.ok) throw new Error(o.error.reason);
  const g = hive.create(o.value);
  if (!g.ok) throw new Error(g.error.reason);
  return g.value;
};

const play = (g: HiveGame, text: string, seat?: number): void => {
  const m = g.parseMove(text, seat);
  if (!m.ok) throw new Error(m.error.reason);
  const r = g.play(m.value, seat);
  if (!r.ok) throw new Error(`${text}: ${r.error.reason}`);
};

/** The side to move plays its first legal move, `n` times. */
const firstMoves = (g: HiveGame, n: number): void => {
  for (let i = 0; i < n; i++) {
    const r = g.play(g.legalMoves()[0]!);
    if (!r.ok) throw new Error(r.error.reason);
  }
};

/** Each ply as [seat, notation, whether it is a move on the board]. */
const table = (g: HiveGame): [number, string, boolean][] =>
  Array.from({ length: g.ply }, (_, p) => {
    const r = g.recordFor(SPECTATOR, p);
    return [r.seat, r.notation, g.isBoardMove(p)];
  });

/**
 * For every viewer, each record read alone (`isBoardRecord`, on a fresh game of the options, as a page that cannot
 * replay the game asks it) tells what `isBoardMove` tells.
 */
const readAlike = (g: HiveGame, variant: string): void => {
  const fresh = create(variant);
  for (const viewer of [SPECTATOR, 0, 1] as Viewer[]) {
    const plies = Array.from({ length: g.ply }, (_, p) => p);
    expect(plies.map((p) => fresh.isBoardRecord(g.recordFor(viewer, p)))).toEqual(plies.map((p) => g.isBoardMove(p)));
  }
};

/** Fifteen plies of the Base game after which Black must pass (the web app's scripted line, HIVE_PASS). */
const BLACK_MUST_PASS = [
  'wS1',
  'bS1 wS1-',
  'wQ \\wS1',
  'bS2 bS1/',
  'wA1 wQ/',
  'bB1 bS2\\',
  'wA1 bB1\\',
  'bQ bS2/',
  'wA2 wQ/',
  'bQ wA2-',
  'wA2 bQ-',
  'bQ -bS2',
  'wS2 \\wQ',
  'bS1 -wS1',
  'wS2 /bS1',
];

describe('Hive: the moves on the board', () => {
  it('the roster choices of Base+MLP:? are plies, not moves; a resignation is no ply', () => {
    const g = create('Base+MLP:?');
    play(g, 'roster R2DC', 1);
    play(g, 'roster -', 0);
    firstMoves(g, 5);
    expect(g.apply({ type: 'resign', seat: 1 }).ok).toBe(true);
    expect(table(g)).toEqual([
      [1, 'roster R2DC', false],
      [0, 'roster -', false],
      [0, g.recordFor(SPECTATOR, 2).notation, true],
      [1, g.recordFor(SPECTATOR, 3).notation, true],
      [0, g.recordFor(SPECTATOR, 4).notation, true],
      [1, g.recordFor(SPECTATOR, 5).notation, true],
      [0, g.recordFor(SPECTATOR, 6).notation, true],
    ]);
    // seven plies: counted by plies White would have made 4 moves and Black 3; on the board 3 and 2
    expect(boardMoves(g)).toEqual([3, 2]);
    readAlike(g, 'Base+MLP:?');
  });

  it('a roster chosen blind (shown to others as `roster ?`) reads as no move from the record alone', () => {
    const g = create('Base+MLP:?');
    play(g, 'roster R2DC', 1);
    expect([g.recordFor(0, 0).notation, g.recordFor(1, 0).notation]).toEqual(['roster ?', 'roster R2DC']);
    readAlike(g, 'Base+MLP:?');
    play(g, 'roster -', 0);
    firstMoves(g, 2);
    readAlike(g, 'Base+MLP:?');
  });

  it('a roster chosen by a timeout is no move either', () => {
    const g = create('Base+MLP:?');
    play(g, 'roster W3', 0);
    expect(g.apply({ type: 'timeout', seat: 1 }).ok).toBe(true);
    firstMoves(g, 1);
    expect(table(g).map(([seat, , move]) => [seat, move])).toEqual([
      [0, false],
      [1, false],
      [0, true],
    ]);
    expect(boardMoves(g)).toEqual([1, 0]);
  });

  it('without a roster phase every ply is a move, a forced pass too', () => {
    const g = create('Base');
    for (const m of BLACK_MUST_PASS) play(g, m);
    play(g, 'pass');
    expect(g.recordFor(SPECTATOR, 15)).toMatchObject({ seat: 1, notation: 'pass' });
    expect(Array.from({ length: g.ply }, (_, p) => g.isBoardMove(p))).toEqual(new Array(16).fill(true));
    expect(boardMoves(g)).toEqual([8, 8]);
    readAlike(g, 'Base');
    expect(g.isBoardMove(16)).toBe(false);
  });
});
