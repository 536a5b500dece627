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

describe('arena berserk and too-short draws (lichess: a berserk win +1 with ≥ 7 own moves; a draw in the first 10 moves scores 0)', () => {
  /**
   * ann's games a wave against bo and cai in turn, ann white: [ann's score, the moves on the board of ann and of her
   * opponent, ann berserked, opponent berserked].
   */
  const annGames = (
    games: readonly (readonly [number, readonly [number, number] | undefined, boolean, boolean?])[],
  ): History =>
    games.map(([score, moves, mine, theirs], i): PlayedRound => {
      const opponent = i % 2 === 0 ? 'bo' : 'cai';
      const berserk = [...(mine ? ['ann'] : []), ...(theirs ? [opponent] : [])];
      return {
        pairings: [{ white: 'ann', black: opponent }],
        games: [{ white: 'ann', black: opponent, score, ...(moves ? { moves } : {}), berserk }],
      };
    });
  const pointsOf = (history: History, id: string) => standings(spec, field, history).find((s) => s.id === id)!;

  it.each([
    ['berserk win, 15 moves each', [[1, [15, 15], true]], 3, false],
    ['berserk win, 7 moves of her own', [[1, [7, 6], true]], 3, false],
    ['berserk win, 6 moves of her own: no bonus', [[1, [6, 6], true]], 2, false],
    // 2-player Junqi: two deployments, 11 marches and a resignation are 14 plies, but 6 moves of the winner's own
    ['berserk win, 6 moves of her own in a game of 14 plies: no bonus', [[1, [6, 5], true]], 2, false],
    ['berserk win, moves unknown: no bonus', [[1, undefined, true]], 2, false],
    ['berserk draw: no bonus', [[0.5, [20, 20], true]], 1, false],
    ['berserk loss: nothing', [[0, [20, 20], true]], 0, false],
    [
      'W W then a berserk win: 2 + 2 + (4 + 1)',
      [
        [1, [20, 20], false],
        [1, [20, 20], false],
        [1, [20, 20], true],
      ],
      9,
      true,
    ],
    [
      'W W then a short berserk win: the streak doubles, no bonus',
      [
        [1, [20, 20], false],
        [1, [20, 20], false],
        [1, [4, 4], true],
      ],
      8,
      true,
    ],
    ['a draw in 19 moves scores 0', [[0.5, [10, 9], false]], 0, false],
    ['a draw in 20 moves scores 1', [[0.5, [10, 10], false]], 1, false],
    ['a draw with moves unknown scores 1', [[0.5, undefined, false]], 1, false],
    [
      'W W then a quick draw: 0, and the streak is over',
      [
        [1, [20, 20], false],
        [1, [20, 20], false],
        [0.5, [5, 5], false],
      ],
      4,
      false,
    ],
    [
      "W W then a full draw: the streak's double 2, then over",
      [
        [1, [20, 20], false],
        [1, [20, 20], false],
        [0.5, [30, 30], false],
      ],
      6,
      false,
    ],
    ['a quick win still scores 2', [[1, [2, 2], false]], 2, false],
  ] as const)('%s: ann scores %i (on a streak after: %s)', (_, games, points, streak) => {
    const mine = pointsOf(annGames(games), 'ann');
    expect(mine.points).toBe(points);
    expect(mine.onStreak).toBe(streak);
  });

  it("a berserk bonus counts the berserker's own moves, black's too", () => {
    const history: History = [
      {
        pairings: [{ white: 'bo', black: 'ann' }],
        games: [{ white: 'bo', black: 'ann', score: 0, moves: [7, 6], berserk: ['ann'] }],
      },
      {
        pairings: [{ white: 'cai', black: 'ann' }],
        games: [{ white: 'cai', black: 'ann', score: 0, moves: [7, 7], berserk: ['ann'] }],
      },
    ];
    expect(pointsOf(history, 'ann').points).toBe(2 + 3);
  });

  it("the opponent's berserk gives them nothing when they lose; a quick draw gives neither player a point", () => {
    const history = annGames([
      [1, [20, 20], false, true],
      [0.5, [6, 6], true, true],
    ]);
    expect(pointsOf(history, 'ann').points).toBe(2);
    expect(pointsOf(history, 'bo').points).toBe(0);
    expect(pointsOf(history, 'cai').points).toBe(0);
  });

  it('arenaGamePoints with the facts of a game', () => {
    expect(arenaGamePoints(1, 0, { berserk: true, ownMoves: 7, moves: 13 })).toBe(3);
    expect(arenaGamePoints(1, 2, { berserk: true, ownMoves: 7, moves: 14 })).toBe(5);
    expect(arenaGamePoints(1, 0, { berserk: true, ownMoves: 6, moves: 13 })).toBe(2);
    expect(arenaGamePoints(0.5, 2, { moves: 19 })).toBe(0);
    expect(arenaGamePoints(0.5, 2, { moves: 20 })).toBe(2);
  });
});

describe('arena games aborted before a first move (lichess: an aborted game scores nothing)', () => {
  /** Nobody ever moves: each wave's white lets the first move lapse, and the game is stored as a forfeit for black. */
  const aborted = (white: string, black: string): PlayedRound => ({
    pairings: [{ white, black }],
    games: [{ white, black, score: 0, forfeit: true }],
  });

  it('scores nothing for either player, counts no game and leaves a streak as it was', () => {
    const history: History = [...annPlays([1, 1]), aborted('bo', 'ann'), aborted('ann', 'cai')];
    const table = standings(spec, field, history);
    const ann = table.find((s) => s.id === 'ann')!;
    expect(ann).toMatchObject({ points: 4, games: 2, wins: 2, losses: 0, onStreak: true });
    for (const id of ['bo', 'cai']) expect(table.find((s) => s.id === id)).toMatchObject({ points: 0, games: 1 });
  });

  it('makes the two last opponents: they are not paired together again straight away', () => {
    const history: History = [aborted('ann', 'bo'), aborted('cai', 'dan')];
    const next = pairAvailable(spec, field, history, ['ann', 'bo', 'cai', 'dan'], spec.startsAt + 1000);
    expect(next.ok).toBe(true);
    const pairs = (next.ok ? next.value : []).map((p) => ('white' in p ? [p.white, p.black].sort().join('-') : ''));
    expect(pairs).toHaveLength(2);
    expect(pairs).not.toContain('ann-bo');
    expect(pairs).not.toContain('cai-dan');
    // with only the last opponent free, nobody is paired
    const alone = pairAvailable(spec, field, history, ['ann', 'bo'], spec.startsAt + 1000);
    expect(alone.ok && alone.value).toEqual([]);
  });
});
