import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { junqi, playsInPairs } from '../src/index.js';

/** The server asks the engine which seats are partners (team chat): only seats that share a team have one. */
const teams = (options: Record<string, unknown>) => {
  const g = unwrap(junqi.create(unwrap(junqi.parseOptions(options))));
  return Array.from({ length: g.seatCount }, (_, s) => g.teamOf?.(s));
};

describe('teamOf', () => {
  it('pairs the opposite seats in 2v2', () => {
    expect(teams({ players: 4 })).toEqual([0, 1, 0, 1]);
    expect(teams({ players: 4, teams: 'pairs' })).toEqual([0, 1, 0, 1]);
  });
  it('gives no team where every army plays for itself', () => {
    expect(teams({ players: 2 })).toEqual([undefined, undefined]);
    expect(teams({ players: 4, teams: 'ffa' })).toEqual([undefined, undefined, undefined, undefined]);
    expect(teams({ players: 3 })).toEqual([undefined, undefined, undefined]);
  });
  it('gives 三打一 no teams before the bidding chose a landlord', () => {
    expect(teams({ players: 4, variant: 'landlord' })).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('playsInPairs', () => {
  it.each([
    [{ players: 4 }, true],
    [{ players: 4, teams: 'ffa' }, false],
    [{ players: 4, variant: 'landlord' }, false],
    [{ players: 3 }, false],
    [{ players: 2 }, false],
  ])('%o: %s, as the game gives its seats teams before play', (options, pairs) => {
    expect(playsInPairs(unwrap(junqi.parseOptions(options)))).toBe(pairs);
    expect(teams(options).every((t) => t !== undefined)).toBe(pairs);
  });
});
