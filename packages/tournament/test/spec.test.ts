import { Rng } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import {
  type Entrant,
  nextRound,
  plannedRounds,
  randomUmpire,
  simulate,
  type TournamentSpec,
  validateSpec,
} from '../src/index.js';

describe('validateSpec refuses with a reason', () => {
  it.each([
    [{ system: 'ladder' }, 'bad-system'],
    [{ system: 'swiss' }, 'bad-rounds'],
    [{ system: 'swiss', rounds: 0 }, 'bad-rounds'],
    [{ system: 'swiss', rounds: 2.5 }, 'bad-rounds'],
    [{ system: 'round-robin', matchGames: 0 }, 'bad-match-games'],
    [{ system: 'knockout', tieBreakGames: -1 }, 'bad-tie-break'],
    [{ system: 'swiss', rounds: 3, tableSize: 5 }, 'bad-table-size'],
    [{ system: 'knockout', tableSize: 6 }, 'bad-table-size'],
    [{ system: 'swiss', rounds: 3, tableSize: 3, matchGames: 2 }, 'bad-match-games'],
    [{ system: 'swiss', rounds: 3, tableSize: 3, placementPoints: [1, 2, 0] }, 'bad-placement-points'],
    [{ system: 'swiss', rounds: 3, tableSize: 3, placementPoints: [2, 1] }, 'bad-placement-points'],
    [{ system: 'swiss', rounds: 3, byePoints: -1 }, 'bad-points'],
    [{ system: 'arena' }, 'bad-duration'],
  ])('%j: %s', (spec, code) => {
    const r = validateSpec(spec as TournamentSpec);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.reason.length).toBeGreaterThan(10);
    }
  });

  it('accepts each system', () => {
    for (const spec of [
      { system: 'swiss', rounds: 5 },
      { system: 'round-robin', double: true, matchGames: 2 },
      { system: 'knockout', matchGames: 2, tieBreakGames: 2 },
      { system: 'arena', durationMs: 3_600_000, startsAt: 0 },
      { system: 'swiss', rounds: 4, tableSize: 6 },
    ] as const)
      expect(validateSpec(spec).ok).toBe(true);
  });

  it('nextRound refuses a field of fewer than two', () => {
    for (const spec of [{ system: 'round-robin' }, { system: 'knockout' }, { system: 'swiss', rounds: 3 }] as const)
      expect(nextRound(spec, [{ id: 'a', rating: 1500 }], [])).toMatchObject({
        ok: false,
        error: { code: 'too-few-players' },
      });
  });

  it('nextRound refuses a bad spec and a field with a repeated id', () => {
    expect(nextRound({ system: 'swiss' }, [], [])).toMatchObject({ ok: false, error: { code: 'bad-rounds' } });
    const twice = [
      { id: 'a', rating: 1 },
      { id: 'a', rating: 2 },
    ];
    expect(nextRound({ system: 'swiss', rounds: 1 }, twice, [])).toMatchObject({
      ok: false,
      error: { code: 'duplicate-entrant' },
    });
  });
});

describe('planned rounds', () => {
  const field = (n: number): Entrant[] => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, rating: 1500 - i }));
  it.each([
    [{ system: 'swiss', rounds: 7 }, 20, 7],
    [{ system: 'round-robin' }, 6, 5],
    [{ system: 'round-robin' }, 7, 7],
    [{ system: 'round-robin', double: true }, 6, 10],
    [{ system: 'knockout' }, 8, 3],
    [{ system: 'knockout' }, 9, 4],
    [{ system: 'arena', durationMs: 1000 }, 9, undefined],
  ] as const)('%j with %i entrants: %s', (spec, n, rounds) => {
    expect(plannedRounds(spec, field(n))).toBe(rounds);
  });
});

describe('a large Swiss', () => {
  it('201 players over 7 rounds (matched near each other first): no repeated pairing, one bye each', {
    timeout: 180_000,
  }, () => {
    const rng = Rng.fromSeed(11);
    const field = Array.from({ length: 201 }, (_, i) => ({ id: `p${i}`, rating: 1500 + rng.int(-400, 400) }));
    const run = simulate({ system: 'swiss', rounds: 7 }, field, randomUmpire(rng));
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    const met = new Set<string>();
    const byes = new Set<string>();
    for (const round of run.value.rounds) {
      expect(round).toHaveLength(101);
      for (const p of round) {
        if ('bye' in p) {
          expect(byes.has(p.bye)).toBe(false);
          byes.add(p.bye);
        }
        if (!('white' in p)) continue;
        const key = [p.white, p.black].sort().join();
        expect(met.has(key)).toBe(false);
        met.add(key);
      }
    }
    expect(byes.size).toBe(7);
  });
});
