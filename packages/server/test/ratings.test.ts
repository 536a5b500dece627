/// <reference path="../src/glicko2.d.ts" />
import type { Outcome } from '@qiyuan/core';
import { Glicko2 } from 'glicko2';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATING, type Rating, rate } from '../src/ratings.js';

/**
 * Ratings of games with more than two seats (docs/RATINGS.md): every two seats
 * of different teams make one match, scored by their finishing places, and all
 * of a game's matches form one Glicko-2 rating period. The expected values are
 * computed here with the library directly, match by match.
 */

const fresh = (n: number): Rating[] => Array.from({ length: n }, () => DEFAULT_RATING);

/** Glicko-2 over the listed matches (seat a, seat b, a's score), each seat starting from `before`. */
const expected = (before: readonly Rating[], matches: [number, number, number][]): number[] => {
  const g = new Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
  const players = before.map((r) => g.makePlayer(r.rating, r.rd, r.vol));
  g.updateRatings(matches.map(([a, b, s]) => [players[a], players[b], s] as const));
  return players.map((p) => p.getRating());
};

describe('multiplayer ratings', () => {
  it('rates three seats by place: each pair of seats is one match, in one period', () => {
    // Chinese Checkers, three players: seat 2 first, seat 0 second, seat 1 last
    const outcome: Outcome = { reason: 'all-home', results: ['loss', 'loss', 'win'], ranking: [2, 3, 1] };
    const after = rate(outcome, fresh(3));
    const want = expected(fresh(3), [
      [0, 1, 1],
      [0, 2, 0],
      [1, 2, 0],
    ]);
    expect(after.map((r) => r.rating)).toEqual(want.map((w) => expect.closeTo(w, 6)));
    expect(after[2]!.rating).toBeGreaterThan(1600);
    expect(after[1]!.rating).toBeLessThan(1400);
    // the second place won one match and lost one against equals: about where it was
    expect(Math.abs(after[0]!.rating - 1500)).toBeLessThan(1);
    expect(after.map((r) => r.games)).toEqual([1, 1, 1]);
    // one period with two results each: the deviation shrinks more than after a single game
    const single = rate({ reason: 'x', results: ['win', 'loss'] }, fresh(2));
    expect(after[2]!.rd).toBeLessThan(single[0]!.rd);
  });

  it('scores a shared place as a draw between the tied seats', () => {
    const outcome: Outcome = { reason: 'all-home', results: ['win', 'win', 'loss', 'loss'], ranking: [1, 1, 3, 3] };
    const after = rate(outcome, fresh(4));
    expect(after[0]!.rating).toBeCloseTo(after[1]!.rating, 9);
    expect(after[2]!.rating).toBeCloseTo(after[3]!.rating, 9);
    const want = expected(fresh(4), [
      [0, 1, 0.5],
      [0, 2, 1],
      [0, 3, 1],
      [1, 2, 1],
      [1, 3, 1],
      [2, 3, 0.5],
    ]);
    expect(after.map((r) => r.rating)).toEqual(want.map((w) => expect.closeTo(w, 6)));
  });

  it('orders six Chinese Checkers seats by their places', () => {
    const ranking = [4, 1, 6, 2, 5, 3];
    const outcome: Outcome = {
      reason: 'all-home',
      results: ranking.map((p) => (p === 1 ? 'win' : 'loss')),
      ranking,
    };
    const after = rate(outcome, fresh(6));
    const byPlace = [...after.keys()].sort((a, b) => ranking[a]! - ranking[b]!).map((s) => after[s]!.rating);
    for (let i = 1; i < byPlace.length; i++) expect(byPlace[i]).toBeLessThan(byPlace[i - 1]!);
  });

  it('never rates partners against each other: 2v2 Junqi is four matches across the teams', () => {
    const before: Rating[] = [
      { rating: 1700, rd: 80, vol: 0.06, games: 30 },
      { rating: 1500, rd: 120, vol: 0.06, games: 10 },
      { rating: 1400, rd: 200, vol: 0.06, games: 3 },
      { rating: 1650, rd: 60, vol: 0.06, games: 50 },
    ];
    // seats 0 and 2 are partners (opposite), and win together
    const outcome: Outcome = {
      reason: 'flags-captured',
      results: ['win', 'loss', 'win', 'loss'],
      teams: [
        [0, 2],
        [1, 3],
      ],
    };
    const after = rate(outcome, before);
    const want = expected(before, [
      [0, 1, 1],
      [0, 3, 1],
      [1, 2, 0],
      [2, 3, 1],
    ]);
    expect(after.map((r) => r.rating)).toEqual(want.map((w) => expect.closeTo(w, 6)));
    // partners on the winning side both gain, the losers both lose
    expect(after[0]!.rating).toBeGreaterThan(1700);
    expect(after[2]!.rating).toBeGreaterThan(1400);
    expect(after[1]!.rating).toBeLessThan(1500);
    expect(after[3]!.rating).toBeLessThan(1650);
    expect(after.map((r) => r.games)).toEqual([31, 11, 4, 51]);
  });

  it('rates 三打一 as the landlord against each farmer, farmers never against each other', () => {
    // seat 1 is the landlord and loses; the three farmers win together
    const outcome: Outcome = {
      reason: 'landlord-out',
      results: ['win', 'loss', 'win', 'win'],
      teams: [[1], [0, 2, 3]],
    };
    const after = rate(outcome, fresh(4));
    const want = expected(fresh(4), [
      [0, 1, 1],
      [1, 2, 0],
      [1, 3, 0],
    ]);
    expect(after.map((r) => r.rating)).toEqual(want.map((w) => expect.closeTo(w, 6)));
    expect(after[0]!.rating).toBeCloseTo(after[2]!.rating, 9);
  });
});
