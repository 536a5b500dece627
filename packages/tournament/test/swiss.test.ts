import { Rng } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import {
  colourNeed,
  type Entrant,
  type History,
  nextRound,
  type Pairing,
  randomUmpire,
  simulate,
  standings,
} from '../src/index.js';

const field = (n: number): Entrant[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - i * 25 }));
const ids = (pairings: readonly Pairing[]) =>
  pairings.flatMap((p) => ('white' in p ? [p.white, p.black] : 'bye' in p ? [p.bye] : p.table));

describe('Swiss of 13 players over 5 rounds, a withdrawal and a late join', () => {
  // p5 plays rounds 1–2 and withdraws before round 3; p14 joins at round 2.
  const entrants: Entrant[] = [
    ...field(13).map((e) => (e.id === 'p5' ? { ...e, withdrawnAtRound: 3 } : e)),
    { id: 'p14', rating: 1900, joinedAtRound: 2 },
  ];
  const spec = { system: 'swiss', rounds: 5 } as const;

  for (let seed = 1; seed <= 25; seed++)
    it(`seed ${seed}: everyone present once a round, no pair twice, one bye at most, colours within ±2, never three in a row`, () => {
      const run = simulate(spec, entrants, randomUmpire(Rng.fromSeed(seed)));
      expect(run.ok, run.ok ? '' : run.error.reason).toBe(true);
      if (!run.ok) return;
      const { rounds } = run.value;
      expect(rounds).toHaveLength(5);
      const present = (round: number) =>
        entrants
          .filter((e) => (e.joinedAtRound ?? 1) <= round && (e.withdrawnAtRound ?? 99) > round)
          .map((e) => e.id)
          .sort();
      const met = new Set<string>();
      const byes = new Map<string, number>();
      const colours = new Map<string, string>();
      rounds.forEach((pairings, r) => {
        expect([...ids(pairings)].sort()).toEqual(present(r + 1));
        for (const p of pairings) {
          if ('bye' in p) byes.set(p.bye, (byes.get(p.bye) ?? 0) + 1);
          if (!('white' in p)) continue;
          const key = [p.white, p.black].sort().join('-');
          expect(met.has(key), `${key} met twice`).toBe(false);
          met.add(key);
          colours.set(p.white, `${colours.get(p.white) ?? ''}w`);
          colours.set(p.black, `${colours.get(p.black) ?? ''}b`);
        }
      });
      // Rounds 1, 3, 4, 5 have 13 players: four byes, to four different players.
      expect([...byes.values()].reduce((a, b) => a + b, 0)).toBe(4);
      for (const count of byes.values()) expect(count).toBe(1);
      for (const [id, c] of colours) {
        const balance = c.split('').filter((x) => x === 'w').length - c.split('').filter((x) => x === 'b').length;
        expect(Math.abs(balance), `${id} ${c}`).toBeLessThanOrEqual(2);
        expect(c, `${id}: three games in a row with one colour`).not.toMatch(/www|bbb/);
      }
      const table = run.value.standings;
      expect(table).toHaveLength(14);
      expect(table.find((s) => s.id === 'p5')?.withdrawn).toBe(true);
      expect(table.find((s) => s.id === 'p14')?.withdrawn).toBe(false);
      // The late joiner's missed round scores ½; the rest are games and at most one bye (1 point).
      const late = table.find((s) => s.id === 'p14')!;
      expect(late.games + late.byes).toBe(4);
      expect(late.points).toBe(0.5 + late.wins + late.draws / 2 + late.byes);
      // The standings are ordered by points, then the tiebreaks.
      for (let i = 1; i < table.length; i++) expect(table[i - 1]!.points).toBeGreaterThanOrEqual(table[i]!.points);
    });
});

describe('Swiss pairing, by the facts', () => {
  const spec = { system: 'swiss', rounds: 3 } as const;

  it('round one: top half against bottom half, colours alternating down the boards', () => {
    const round = nextRound(spec, field(8), []);
    expect(round).toEqual({
      ok: true,
      value: {
        round: 1,
        pairings: [
          { white: 'p1', black: 'p5' },
          { white: 'p6', black: 'p2' },
          { white: 'p3', black: 'p7' },
          { white: 'p8', black: 'p4' },
        ],
      },
    });
  });

  it('round two: winners meet winners, and each gets the other colour', () => {
    const history: History = [
      {
        pairings: [
          { white: 'p1', black: 'p3' },
          { white: 'p4', black: 'p2' },
        ],
        games: [
          { white: 'p1', black: 'p3', score: 1 },
          { white: 'p4', black: 'p2', score: 1 },
        ],
      },
    ];
    const round = nextRound(spec, field(4), history);
    // The winners' board first.
    expect(round.ok && round.value.pairings).toEqual([
      { white: 'p4', black: 'p1' },
      { white: 'p2', black: 'p3' },
    ]);
  });

  it('the bye goes to the lowest-ranked player who has not had one, and scores a win', () => {
    const history: History = [
      {
        pairings: [{ white: 'p1', black: 'p2' }, { bye: 'p3' }],
        games: [{ white: 'p1', black: 'p2', score: 0.5 }],
      },
    ];
    const round = nextRound(spec, field(3), history);
    expect(round.ok && round.value.pairings.at(-1)).toEqual({ bye: 'p2' });
    expect(standings(spec, field(3), history).find((s) => s.id === 'p3')).toMatchObject({ points: 1, byes: 1 });
  });

  it('refuses a round that would repeat a pairing, with the reason', () => {
    const history: History = [
      { pairings: [{ white: 'p1', black: 'p2' }], games: [{ white: 'p1', black: 'p2', score: 1 }] },
    ];
    const round = nextRound(spec, field(2), history);
    expect(round.ok).toBe(false);
    if (!round.ok) expect(round.error.code).toBe('no-pairing');
  });

  it('refuses the next round while a game of this one is still on', () => {
    const history: History = [{ pairings: [{ white: 'p1', black: 'p2' }], games: [] }];
    const round = nextRound(spec, field(2), history);
    expect(!round.ok && round.error.code).toBe('round-not-finished');
  });

  it.each([
    ['', 0, false],
    ['w', -1, false],
    ['wb', 1, false],
    ['ww', -1, true],
    ['wbb', 1, true],
    ['wwbwb', -1, false],
    ['bwbb', 1, true],
  ])('colours %s ask for %i (must: %s)', (colours, want, must) => {
    const need = colourNeed(colours.split('') as ('w' | 'b')[]);
    expect(need.want).toBe(want);
    expect(need.must).toBe(must);
  });
});
