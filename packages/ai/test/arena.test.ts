import type { Outcome } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import {
  arenaGameSetup,
  formatScore,
  matchScore,
  placesOf,
  placesScore,
  playArenaGame,
  resultOf,
  seatsOfA,
} from '../src/arena.js';

describe('match score and Elo', () => {
  const cases = [
    // an even match is 0 Elo, its interval symmetric
    { w: 5, d: 0, l: 5, elo: 0, why: 'even' },
    // 75% is +191 Elo
    { w: 15, d: 0, l: 5, elo: 191, why: 'three to one' },
    // draws count half: 10 draws are an even match
    { w: 0, d: 10, l: 0, elo: 0, why: 'all draws' },
    // 64% is about +100 Elo
    { w: 32, d: 0, l: 18, elo: 100, why: '64 percent' },
  ];
  it.each(cases)('$why', ({ w, d, l, elo }) => {
    const s = matchScore([...Array(w).fill('win'), ...Array(d).fill('draw'), ...Array(l).fill('loss')]);
    expect(Math.round(s.elo)).toBeCloseTo(elo, -1);
    expect(s.eloLow).toBeLessThan(s.elo + 1e-9);
    expect(s.eloHigh).toBeGreaterThan(s.elo - 1e-9);
  });
  it('a clean sweep has an infinite estimate but a finite lower bound', () => {
    const s = matchScore(Array(20).fill('win'));
    expect(s.elo).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isFinite(s.eloLow)).toBe(true);
    // Wilson lower bound: 20 / (20 + 1.96²) = 0.839, i.e. +287 Elo
    expect(Math.round(s.eloLow)).toBe(287);
    expect(formatScore(s)).toContain('+20 =0 -0');
  });
  it('the interval narrows with more games', () => {
    const few = matchScore([...Array(6).fill('win'), ...Array(4).fill('loss')]);
    const many = matchScore([...Array(60).fill('win'), ...Array(40).fill('loss')]);
    expect(many.eloHigh - many.eloLow).toBeLessThan(few.eloHigh - few.eloLow);
  });
});

describe('seats', () => {
  it.each([
    // two seats: A alternates between first and second
    [0, 2, undefined, [0]],
    [1, 2, undefined, [1]],
    // six seats: A rotates round the star
    [4, 6, undefined, [4]],
    // 2v2: A plays a whole team
    [
      1,
      4,
      [
        [0, 2],
        [1, 3],
      ],
      [1, 3],
    ],
  ] as const)('game %i of %i seats', (index, seats, teams, expected) => {
    expect(seatsOfA(index, seats, teams as never)).toEqual(expected);
  });
});

describe('one arena game', () => {
  it('plays a short Chinese Checkers game to the end and reports it', () => {
    const r = playArenaGame({
      game: 'chinese-checkers',
      options: {},
      a: 'greedy',
      b: 'random',
      index: 1,
      seed: 3,
      maxPlies: 60,
    });
    expect(r.error).toBeUndefined();
    expect(r.seatsOfA).toEqual([1]);
    expect(r.plies).toBeGreaterThan(0);
    expect(['win', 'draw', 'loss']).toContain(r.result);
  });
  it('replays exactly: the same game after other games in the same thread (fresh tables), no move cut by the clock', () => {
    const spec = { game: 'abalone' as const, options: {}, a: 'club', b: 'casual', index: 3, seed: 5, maxPlies: 40 };
    const first = playArenaGame(spec);
    playArenaGame({ ...spec, index: 0, a: 'expert' });
    const again = playArenaGame(spec);
    expect({ ...again, timeMs: first.timeMs }).toEqual(first);
    expect(first.clockBound).toEqual({ a: 0, b: 0 });
    expect(first.plies).toBe(40);
  });
  it('random opening plies: the two games of a pair start alike with the seats swapped, other pairs elsewhere', () => {
    const spec = { game: 'hive' as const, options: {}, a: 'master', b: 'expert', seed: 7, openings: 4 };
    const start = (index: number) => {
      const r = arenaGameSetup({ ...spec, index });
      if (!r.ok) throw new Error(r.error.reason);
      return { ply: r.value.game.ply, snapshot: JSON.stringify(r.value.game.snapshot()), aSeats: r.value.aSeats };
    };
    const [g0, g1, g2] = [start(0), start(1), start(2)];
    expect(g0.ply).toBe(4);
    expect(g1.snapshot).toBe(g0.snapshot);
    expect(g1.aSeats).not.toEqual(g0.aSeats);
    expect(g2.snapshot).not.toBe(g0.snapshot);
    // without openings every game starts from the game's own start
    const plain = arenaGameSetup({ ...spec, index: 2, openings: 0 });
    expect(plain.ok && plain.value.game.ply).toBe(0);
    // the players move only after the opening: the plies counted include it, the moves do not
    const played = playArenaGame({ ...spec, a: 'greedy', b: 'random', index: 0, maxPlies: 10 });
    expect(played.plies).toBe(10);
    expect(played.moves.a + played.moves.b).toBe(6);
  });
  it('an unknown player loses the game for its side with the reason', () => {
    const r = playArenaGame({ game: 'chinese-checkers', options: {}, a: 'nobody', b: 'random', index: 0, seed: 3 });
    expect(r).toMatchObject({ result: 'loss', reason: 'player-error' });
  });
});

describe('sweeps', () => {
  it('six wins out of six: the upper bound is infinite, not a rounding artefact', () => {
    const s = matchScore(Array(6).fill('win'));
    expect(s.eloHigh).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isFinite(s.eloLow)).toBe(true);
  });
});

describe('places: A against each opponent in games of more than two sides', () => {
  const outcome = (ranking: number[], teams?: number[][]): Outcome => ({
    reason: 'flag-captured',
    results: ranking.map((r) => (r === 1 ? 'win' : 'loss')),
    ranking,
    ...(teams ? { teams } : {}),
  });
  it.each([
    // free-for-all: A second of four is ahead of two of its three opponents
    { why: 'second of four', o: outcome([2, 1, 4, 3]), seats: [0], n: 4, share: 2 / 3 },
    { why: 'the winner', o: outcome([2, 1, 4, 3]), seats: [1], n: 4, share: 1 },
    { why: 'first out of four', o: outcome([2, 1, 4, 3]), seats: [2], n: 4, share: 0 },
    // the move limit: the two armies still in share first place, a tie counts half
    { why: 'tied first at the move limit', o: outcome([1, 1, 3, 4]), seats: [0], n: 4, share: 2.5 / 3 },
    { why: 'second of three', o: outcome([3, 2, 1]), seats: [1], n: 3, share: 0.5 },
    // 三打一: the landlord's opponents are the three farmers; a farmer has one opponent, so its result says it all
    { why: 'the landlord', o: outcome([4, 1, 1, 1], [[0], [1, 2, 3]]), seats: [0], n: 4, share: 0 },
    { why: 'a farmer', o: outcome([4, 1, 1, 1], [[0], [1, 2, 3]]), seats: [2], n: 4, share: undefined },
    // two sides: the result is the score
    { why: 'two seats', o: outcome([1, 2]), seats: [0], n: 2, share: undefined },
    {
      why: 'a whole 2v2 team',
      o: outcome(
        [1, 2, 1, 2],
        [
          [0, 2],
          [1, 3],
        ],
      ),
      seats: [0, 2],
      n: 4,
      share: undefined,
    },
    // no outcome (the arena's cap): everyone ties
    { why: 'unfinished free-for-all', o: undefined, seats: [3], n: 4, share: 0.5 },
  ])('$why', ({ o, seats, n, share }) => {
    expect(placesOf(o, seats, n)).toBe(share);
  });
  it('wins, draws and losses: first place alone without a winner is a win, shared first place a draw', () => {
    const limit = (ranking: number[]): Outcome => ({
      reason: 'move-limit',
      results: ranking.map((r) => (r === 4 ? 'loss' : 'draw')),
      ranking,
    });
    expect(resultOf(limit([1, 2, 2, 4]), [0])).toBe('win');
    expect(resultOf(limit([1, 1, 3, 4]), [0])).toBe('draw');
    expect(resultOf(limit([1, 1, 1, 1]), [2])).toBe('draw');
    expect(resultOf(limit([1, 2, 3, 4]), [3])).toBe('loss');
  });
  it('the score from shares: even is 0 Elo; wins and losses alone score as the match score does', () => {
    expect(placesScore([0.5, 1 / 3, 2 / 3, 0.5]).elo).toBeCloseTo(0, 9);
    const shares = [...Array(15).fill(1), ...Array(5).fill(0)];
    const s = matchScore([...Array(15).fill('win'), ...Array(5).fill('loss')]);
    expect(placesScore(shares)).toEqual({ games: 20, share: 0.75, elo: s.elo, eloLow: s.eloLow, eloHigh: s.eloHigh });
    // a sweep by places keeps a finite lower bound
    expect(Number.isFinite(placesScore(Array(8).fill(1)).eloLow)).toBe(true);
  });
  it('a free-for-all Junqi game is scored by places and capped after its own 2,000-ply limit, not at 1,000', () => {
    const spec = { game: 'junqi' as const, a: 'heuristic', b: 'random', index: 1, seed: 2 };
    const setup = (options: Record<string, string>, maxPlies?: number) => {
      const r = arenaGameSetup({ ...spec, options, ...(maxPlies ? { maxPlies } : {}) });
      if (!r.ok) throw new Error(r.error.reason);
      return r.value.maxPlies;
    };
    // the game's own limit counts plies of play; the arena's cap leaves room for the deployments before them
    expect(setup({ players: '4', teams: 'ffa' })).toBe(2100);
    expect(setup({ players: '3' })).toBe(1600);
    expect(setup({})).toBe(1100);
    expect(setup({ moveLimit: '0' })).toBe(1000);
    expect(setup({ players: '4', teams: 'ffa' }, 300)).toBe(300);
    const r = playArenaGame({ ...spec, options: { players: '4', teams: 'ffa' } });
    expect(r.error).toBeUndefined();
    expect(r.seatsOfA).toEqual([1]);
    expect(r.reason).not.toBe('ply-cap');
    // three opponents: A is ahead of 0, 1, 2 or 3 of them, a tie counting half
    expect(Number.isInteger((r.places ?? Number.NaN) * 6)).toBe(true);
    // two-player games have no places
    expect(playArenaGame({ ...spec, options: {}, maxPlies: 50 }).places).toBeUndefined();
  });
});
