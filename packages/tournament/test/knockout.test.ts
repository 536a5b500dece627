import { describe, expect, it } from 'vitest';
import {
  bracket,
  type Entrant,
  type GameResult,
  gamesToPlay,
  type History,
  isFinished,
  isRoundComplete,
  nextRound,
  type Pairing,
  SUDDEN_DEATH_GAMES,
  seedPlaces,
  standings,
} from '../src/index.js';

const field: Entrant[] = Array.from({ length: 6 }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - 50 * i }));
const spec = { system: 'knockout', matchGames: 2, tieBreakGames: 2 } as const;

/** Adds a round's pairings and then its games, checking each game is the one the library asks for next. */
const withRound = (history: History, pairings: readonly Pairing[]): History => [...history, { pairings, games: [] }];
const withGame = (history: History, game: GameResult): History => {
  const last = history.at(-1)!;
  return [...history.slice(0, -1), { pairings: last.pairings, games: [...last.games, game] }];
};

describe('knockout of 6 with 2-game matches and a tie-break', () => {
  it('seeds 1 against N, with byes for the top seeds, and plays the tie-break and sudden death', () => {
    expect(seedPlaces(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const r1 = nextRound(spec, field, []);
    expect(r1.ok && r1.value.pairings).toEqual([
      { bye: 'p1' },
      { white: 'p4', black: 'p5' },
      { bye: 'p2' },
      { white: 'p3', black: 'p6' },
    ]);
    if (!r1.ok) return;
    let h = withRound([], r1.value.pairings);
    const match = { white: 'p4', black: 'p5' };
    expect(gamesToPlay(spec, field, h, match)).toEqual([
      { white: 'p4', black: 'p5', tieBreak: false },
      { white: 'p5', black: 'p4', tieBreak: false },
    ]);
    // 1–1 after the two games: a tie-break of two games, colours going on alternating.
    h = withGame(h, { white: 'p4', black: 'p5', score: 1 });
    h = withGame(h, { white: 'p5', black: 'p4', score: 1 });
    expect(gamesToPlay(spec, field, h, match)).toEqual([
      { white: 'p4', black: 'p5', tieBreak: true },
      { white: 'p5', black: 'p4', tieBreak: true },
    ]);
    h = withGame(h, { white: 'p4', black: 'p5', score: 0.5 });
    h = withGame(h, { white: 'p5', black: 'p4', score: 0.5 });
    // Still level: one sudden-death game at a time.
    expect(gamesToPlay(spec, field, h, match)).toEqual([{ white: 'p4', black: 'p5', tieBreak: true }]);
    expect(isRoundComplete(spec, field, h)).toBe(false);
    expect(nextRound(spec, field, h)).toMatchObject({ ok: false, error: { code: 'round-not-finished' } });
    h = withGame(h, { white: 'p4', black: 'p5', score: 0 });
    expect(gamesToPlay(spec, field, h, match)).toEqual([]);
    h = withGame(h, { white: 'p3', black: 'p6', score: 1 });
    h = withGame(h, { white: 'p6', black: 'p3', score: 0 });
    expect(isRoundComplete(spec, field, h)).toBe(true);

    const r2 = nextRound(spec, field, h);
    expect(r2.ok && r2.value).toEqual({
      round: 2,
      pairings: [
        { white: 'p1', black: 'p5' },
        { white: 'p2', black: 'p3' },
      ],
    });
    if (!r2.ok) return;
    h = withRound(h, r2.value.pairings);
    for (const game of [
      { white: 'p1', black: 'p5', score: 1 },
      { white: 'p5', black: 'p1', score: 0.5 },
      { white: 'p2', black: 'p3', score: 0 },
      { white: 'p3', black: 'p2', score: 1 },
    ])
      h = withGame(h, game);

    const r3 = nextRound(spec, field, h);
    expect(r3.ok && r3.value.pairings).toEqual([{ white: 'p1', black: 'p3' }]);
    if (!r3.ok) return;
    h = withRound(h, r3.value.pairings);
    for (const game of [
      { white: 'p1', black: 'p3', score: 1 },
      { white: 'p3', black: 'p1', score: 1 },
      { white: 'p1', black: 'p3', score: 0 },
      { white: 'p3', black: 'p1', score: 0.5 },
    ])
      h = withGame(h, game);
    expect(isFinished(spec, field, h)).toBe(true);
    expect(nextRound(spec, field, h)).toMatchObject({ ok: false, error: { code: 'finished' } });

    const rounds = bracket(spec, field, h);
    expect(rounds.map((r) => r.matches.map((m) => m.winner ?? null))).toEqual([
      ['p1', 'p5', 'p2', 'p3'],
      ['p1', 'p3'],
      ['p3'],
    ]);
    expect(rounds[0]!.matches[1]).toEqual({
      a: 'p4',
      b: 'p5',
      seedA: 4,
      seedB: 5,
      scoreA: 2,
      scoreB: 3,
      winner: 'p5',
      tieBreak: true,
    });
    expect(rounds[2]!.matches[0]).toMatchObject({ a: 'p1', b: 'p3', scoreA: 1.5, scoreB: 2.5, tieBreak: true });
    // Champion, finalist, the semi-finalists share third, the first round's losers share fifth.
    expect(standings(spec, field, h).map((s) => [s.rank, s.id])).toEqual([
      [1, 'p3'],
      [2, 'p1'],
      [3, 'p2'],
      [3, 'p5'],
      [5, 'p4'],
      [5, 'p6'],
    ]);
  });

  it('a match level after every sudden-death game sends the higher seed through', () => {
    const two = field.slice(0, 2);
    const s = { system: 'knockout', tieBreakGames: 1 } as const;
    const r1 = nextRound(s, two, []);
    expect(r1.ok && r1.value.pairings).toEqual([{ white: 'p1', black: 'p2' }]);
    let h = withRound([], [{ white: 'p1', black: 'p2' }]);
    let played = 0;
    for (let left = gamesToPlay(s, two, h, { white: 'p1', black: 'p2' }); left.length > 0; played++) {
      h = withGame(h, { white: left[0]!.white, black: left[0]!.black, score: 0.5 });
      left = gamesToPlay(s, two, h, { white: 'p1', black: 'p2' });
    }
    expect(played).toBe(1 + 1 + SUDDEN_DEATH_GAMES);
    expect(bracket(s, two, h)[0]!.matches[0]!.winner).toBe('p1');
    expect(isFinished(s, two, h)).toBe(true);
  });

  it('a player who withdraws before round one is not seeded; one who withdraws later gives the opponent a bye', () => {
    const early = field.map((e) => (e.id === 'p6' ? { ...e, withdrawnAtRound: 1 } : e));
    // Five seeds in a bracket of eight: the top three have byes.
    const r1 = nextRound(spec, early, []);
    expect(r1.ok && r1.value.pairings).toEqual([
      { bye: 'p1' },
      { white: 'p4', black: 'p5' },
      { bye: 'p2' },
      { bye: 'p3' },
    ]);
    const late = early.map((e) => (e.id === 'p5' ? { ...e, withdrawnAtRound: 2 } : e));
    let h = withRound([], [{ bye: 'p1' }, { white: 'p4', black: 'p5' }, { bye: 'p2' }, { bye: 'p3' }]);
    h = withGame(h, { white: 'p4', black: 'p5', score: 0 });
    h = withGame(h, { white: 'p5', black: 'p4', score: 1 });
    const r2 = nextRound(spec, late, h);
    expect(r2.ok && r2.value.pairings).toEqual([{ bye: 'p1' }, { white: 'p2', black: 'p3' }]);
  });
});
