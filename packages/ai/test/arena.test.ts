import { describe, expect, it } from 'vitest';
import { arenaGameSetup, formatScore, matchScore, playArenaGame, seatsOfA } from '../src/arena.js';

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
