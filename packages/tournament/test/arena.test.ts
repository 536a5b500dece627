import { describe, expect, it } from 'vitest';
import {
  arenaGamePoints,
  type Entrant,
  type History,
  isFinished,
  nextRound,
  type PlayedRound,
  pairAvailable,
  standings,
} from '../src/index.js';

const HOUR = 3_600_000;
const spec = { system: 'arena', durationMs: HOUR, startsAt: 1_000_000 } as const;
const field: Entrant[] = ['ann', 'bo', 'cai', 'dan'].map((id, i) => ({ id, rating: 1800 - 100 * i }));

/** One finished game of ann's a wave, against bo and cai in turn; `score` is ann's. */
const annPlays = (scores: readonly number[]): History =>
  scores.map((score, i): PlayedRound => {
    const opponent = i % 2 === 0 ? 'bo' : 'cai';
    return {
      pairings: [{ white: 'ann', black: opponent }],
      games: [{ white: 'ann', black: opponent, score }],
    };
  });

describe('arena streaks (lichess: 2 a win, 1 a draw; double after two wins in a row until a game is not won)', () => {
  it.each([
    ['W', [1], 2, false],
    ['W W', [1, 1], 4, true],
    ['W W W', [1, 1, 1], 8, true],
    ['W W W W', [1, 1, 1, 1], 12, true],
    ['W W D', [1, 1, 0.5], 6, false],
    ['W W L W', [1, 1, 0, 1], 6, false],
    ['W W W D W W W', [1, 1, 1, 0.5, 1, 1, 1], 8 + 2 + 2 + 2 + 4, true],
    ['D D D', [0.5, 0.5, 0.5], 3, false],
    ['L W W L', [0, 1, 1, 0], 4, false],
  ])('%s scores %i (on a streak after: %s)', (_, scores, points, streak) => {
    const mine = standings(spec, field, annPlays(scores)).find((s) => s.id === 'ann')!;
    expect(mine.points).toBe(points);
    expect(mine.onStreak).toBe(streak);
  });

  it('a game on a streak: a win 4, a draw 2, a loss 0', () => {
    expect([1, 0.5, 0].map((s) => arenaGamePoints(s, 2))).toEqual([4, 2, 0]);
    expect([1, 0.5, 0].map((s) => arenaGamePoints(s, 1))).toEqual([2, 1, 0]);
  });

  it('ties are ranked by performance rating', () => {
    // ann and dan both win once: ann beat bo (1700), dan beat cai (1600).
    const history: History = [
      {
        pairings: [
          { white: 'ann', black: 'bo' },
          { white: 'dan', black: 'cai' },
        ],
        games: [
          { white: 'ann', black: 'bo', score: 1 },
          { white: 'dan', black: 'cai', score: 1 },
        ],
      },
    ];
    const table = standings(spec, field, history);
    expect(table.map((s) => [s.rank, s.id, s.points, s.tiebreaks[0]?.value])).toEqual([
      [1, 'ann', 2, 2100],
      [2, 'dan', 2, 2000],
      [3, 'bo', 0, 1400],
      [4, 'cai', 0, 1100],
    ]);
  });
});

describe('arena pairing', () => {
  const during = spec.startsAt + 10_000;

  it('pairs the waiting by standing, never the last opponent again, leaving the odd one waiting', () => {
    const history = annPlays([1]); // ann beat bo
    const pairings = pairAvailable(spec, field, history, ['bo', 'ann', 'cai'], during);
    // ann (2 points) is first; bo was her last opponent, so she gets cai; bo waits.
    expect(pairings).toEqual({ ok: true, value: [{ white: 'cai', black: 'ann' }] });
  });

  it('does not pair a player whose game is still on, nor anyone before the start or after the end', () => {
    const playing: History = [{ pairings: [{ white: 'ann', black: 'bo' }], games: [] }];
    expect(pairAvailable(spec, field, playing, ['ann', 'cai', 'dan'], during)).toEqual({
      ok: true,
      value: [{ white: 'cai', black: 'dan' }],
    });
    expect(pairAvailable(spec, field, [], ['ann', 'bo'], spec.startsAt - 1)).toEqual({ ok: true, value: [] });
    expect(pairAvailable(spec, field, [], ['ann', 'bo'], spec.startsAt + HOUR)).toEqual({ ok: true, value: [] });
  });

  it('is over when the time is up and every game has ended; it has no rounds to pair', () => {
    expect(isFinished(spec, field, [], spec.startsAt + HOUR - 1)).toBe(false);
    expect(isFinished(spec, field, [], spec.startsAt + HOUR)).toBe(true);
    const playing: History = [{ pairings: [{ white: 'ann', black: 'bo' }], games: [] }];
    expect(isFinished(spec, field, playing, spec.startsAt + HOUR)).toBe(false);
    expect(nextRound(spec, field, [])).toMatchObject({ ok: false, error: { code: 'arena-has-no-rounds' } });
  });
});
