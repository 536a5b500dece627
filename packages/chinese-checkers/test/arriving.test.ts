import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { chineseCheckers, DEFAULT_OPTIONS, homePoints, POINTS } from '../src/index.js';
import { at, game, layout, play } from './helpers.js';

const cells = (points: readonly number[], colour: number): [number, number, number][] =>
  points.map((p) => [POINTS[p]!.q, POINTS[p]!.r, colour]);

describe('the blocker rule (default): a piece left at home blocks only once its player could have moved it out', () => {
  // Two players, 15 pieces, long jumps: Green vacates one point of its home, Red jumps into it on ply 5.
  // The goal then holds 14 green pieces that have had no time to leave and one red piece.
  const PLY5 = ['d1-f6', 'm5-l4', 'c1-g3', 'l4-k3', 'e5-m5'];

  it('is the default', () => {
    expect(DEFAULT_OPTIONS.win).toBe('blocker');
  });

  it('the ply-5 line is no win: Green has made two moves, not fifteen', () => {
    const g = game({ pieces: 15, jump: 'long' });
    for (const m of PLY5) play(g, m);
    expect(g.outcome()).toBeUndefined();
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
  });

  it('under the literal anti-blocking rule (filled) the same line wins on ply 5', () => {
    const g = game({ pieces: 15, jump: 'long', win: 'filled' });
    for (const m of PLY5) play(g, m);
    expect(g.outcome()).toEqual({ reason: 'goal-filled', results: ['win', 'loss'], ranking: [1, 2] });
  });

  it('under the strict rule (own) it does not win either', () => {
    const g = game({ pieces: 15, jump: 'long', win: 'own' });
    for (const m of PLY5) play(g, m);
    expect(g.outcome()).toBeUndefined();
  });

  // Red (seat 0) aims at corner 3, Green's home. Eight red pieces and one green piece that never left
  // fill it but for (1,-5); Red's piece on (0,-4) can step in. Red shuffles (-2,2)↔(-2,3) and Green
  // (2,-2)↔(2,-1) to pass turns; repetition is off so the shuffles do not end the game.
  const goal = homePoints(3, 10).filter((p) => p !== at(1, -5));
  const blocker = goal[goal.length - 1]!;
  const setup = layout([
    ...cells(
      goal.filter((p) => p !== blocker),
      0,
    ),
    ...cells([blocker], 3),
    [0, -4, 0],
    [-2, 2, 0],
    [2, -2, 3],
  ]);
  const names = (from: [number, number], to: [number, number]): string =>
    `${POINTS[at(...from)]!.name}-${POINTS[at(...to)]!.name}`;
  const redShuffle = (i: number): string => (i % 2 === 0 ? names([-2, 2], [-2, 3]) : names([-2, 3], [-2, 2]));
  const greenShuffle = (i: number): string => (i % 2 === 0 ? names([2, -2], [2, -1]) : names([2, -1], [2, -2]));

  it('a goal filled around a blocker that has had no time counts when the blocker’s player makes its tenth move', () => {
    const g = game({ repetition: false }, setup);
    play(g, names([0, -4], [1, -5]));
    expect(g.outcome()).toBeUndefined();
    for (let i = 0; i < 9; i++) {
      play(g, greenShuffle(i));
      expect(g.outcome()).toBeUndefined();
      play(g, redShuffle(i));
      expect(g.outcome()).toBeUndefined();
    }
    // Green's tenth move: it could have emptied its home by now, so its piece there is a blocker
    play(g, greenShuffle(9));
    expect(g.outcome()).toEqual({ reason: 'goal-filled', results: ['win', 'loss'], ranking: [1, 2] });
    unwrap(g.undo());
    expect(g.outcome()).toBeUndefined();
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
  });

  it('after the blocker’s player has made ten moves, filling the last point wins at once', () => {
    const g = game({ repetition: false }, setup);
    for (let i = 0; i < 10; i++) {
      play(g, redShuffle(i));
      play(g, greenShuffle(i));
    }
    expect(g.outcome()).toBeUndefined();
    play(g, names([0, -4], [1, -5]));
    expect(g.outcome()).toEqual({ reason: 'goal-filled', results: ['win', 'loss'], ranking: [1, 2] });
  });

  it('a piece parked in the goal from elsewhere counts at once (three players: the goal is nobody’s home)', () => {
    // seat 1 plays yellow (corner 2); its piece sits in red's goal, corner 3, which no seat starts in
    const g = game(
      { players: 3 },
      layout([...cells(goal.slice(0, 8), 0), ...cells(goal.slice(8), 2), [0, -4, 0], [0, 0, 2], [0, 2, 4]]),
    );
    play(g, names([0, -4], [1, -5]));
    expect(g.viewFor('spectator').places).toEqual([1, 0, 0]);
  });
});

describe('食棋 plays inside the central hexagon unless open corners are chosen', () => {
  const outward = (o: Record<string, unknown>): [number, number] => {
    const g = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions(o))));
    const moves = g.legalMoves().filter((m): m is Extract<typeof m, { kind: 'move' }> => m.kind === 'move');
    return [moves.length, moves.filter((m) => POINTS[m.to]!.corner >= 0).length];
  };

  it('by default (as the source pictures it) none of the opening captures leaves the hexagon', () => {
    expect(unwrap(chineseCheckers.parseOptions({ variant: 'capture' })).corners).toBe('closed');
    expect(outward({ variant: 'capture' })).toEqual([6, 0]);
  });

  it('with open corners 48 of the 54 opening captures jump out into the corners', () => {
    expect(outward({ variant: 'capture', corners: 'open' })).toEqual([54, 48]);
  });

  it('the race still defaults to open corners', () => {
    expect(unwrap(chineseCheckers.parseOptions({})).corners).toBe('open');
  });
});
