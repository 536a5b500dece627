import { Rng } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import {
  type Entrant,
  type GameResult,
  type History,
  nextRound,
  type PlayedRound,
  placementPoints,
  randomUmpire,
  simulate,
  standings,
  tablePoints,
  teamEntrants,
} from '../src/index.js';

const field = (n: number): Entrant[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - i * 20 }));
const six = { system: 'swiss', rounds: 4, tableSize: 6 } as const;

describe('placement points', () => {
  it.each([
    [3, [1, 2, 3], [2, 1, 0]],
    [3, [1, 2, 2], [2, 0.5, 0.5]],
    [4, [2, 1, 4, 3], [2, 3, 0, 1]],
    [6, [1, 2, 3, 4, 5, 6], [5, 4, 3, 2, 1, 0]],
    [6, [1, 1, 3, 4, 5, 6], [4.5, 4.5, 3, 2, 1, 0]],
    [6, [1, 2, 2, 2, 5, 6], [5, 3, 3, 3, 1, 0]],
  ])('%i players finishing %j score %j (shared places share the average)', (size, places, points) => {
    expect(placementPoints({ system: 'swiss', tableSize: size }, size)).toEqual(
      Array.from({ length: size }, (_, i) => size - 1 - i),
    );
    expect(tablePoints({ system: 'swiss', tableSize: size }, places)).toEqual(points);
  });

  it("a spec's own table replaces the default", () => {
    const spec = { system: 'swiss', rounds: 1, tableSize: 3, placementPoints: [3, 1, 0] } as const;
    expect(tablePoints(spec, [2, 1, 3])).toEqual([1, 3, 0]);
  });
});

describe('6-player Chinese Checkers tables, 14 players over 4 rounds', () => {
  it('round one: two tables in snake order of rating, the two lowest rated have byes', () => {
    const round = nextRound(six, field(14), []);
    expect(round.ok && round.value.pairings).toEqual([
      { table: ['p1', 'p4', 'p5', 'p8', 'p9', 'p12'] },
      { table: ['p2', 'p3', 'p6', 'p7', 'p10', 'p11'] },
      { bye: 'p13' },
      { bye: 'p14' },
    ]);
  });

  it('after round one, places scored 5…0 and byes the table average 2.5; round two seats by standings', () => {
    // Round one finishes in rating order at both tables.
    const r1: PlayedRound = {
      pairings: [
        { table: ['p1', 'p4', 'p5', 'p8', 'p9', 'p12'] },
        { table: ['p2', 'p3', 'p6', 'p7', 'p10', 'p11'] },
        { bye: 'p13' },
        { bye: 'p14' },
      ],
      games: [
        { table: ['p1', 'p4', 'p5', 'p8', 'p9', 'p12'], places: [1, 2, 3, 4, 5, 6] },
        { table: ['p2', 'p3', 'p6', 'p7', 'p10', 'p11'], places: [1, 2, 3, 4, 5, 6] },
      ],
    };
    const table = standings(six, field(14), [r1]);
    expect(table.map((s) => [s.id, s.points])).toEqual([
      ['p1', 5],
      ['p2', 5],
      ['p3', 4],
      ['p4', 4],
      ['p5', 3],
      ['p6', 3],
      ['p13', 2.5],
      ['p14', 2.5],
      ['p7', 2],
      ['p8', 2],
      ['p9', 1],
      ['p10', 1],
      ['p11', 0],
      ['p12', 0],
    ]);
    const round = nextRound(six, field(14), [r1]);
    expect(round.ok).toBe(true);
    if (!round.ok) return;
    const [top, second, ...byes] = round.value.pairings;
    // The two at the bottom who have had no bye sit out.
    expect(byes).toEqual([{ bye: 'p11' }, { bye: 'p12' }]);
    // Table one holds the better half of the standings: its players' points add up to more.
    const points = new Map(table.map((s) => [s.id, s.points]));
    const sum = (ids: readonly string[]) => ids.reduce((a, id) => a + (points.get(id) ?? 0), 0);
    expect(top && 'table' in top && second && 'table' in second).toBe(true);
    if (!top || !('table' in top) || !second || !('table' in second)) return;
    expect(sum(top.table)).toBeGreaterThan(sum(second.table));
    expect(top.table).toContain('p1');
    expect(top.table).toContain('p2');
  });

  for (const seed of [1, 2, 3, 4, 5])
    it(`seed ${seed}: everyone seated once a round, byes to different players, 15 points a table`, () => {
      const run = simulate(six, field(14), randomUmpire(Rng.fromSeed(seed)));
      expect(run.ok, run.ok ? '' : run.error.reason).toBe(true);
      if (!run.ok) return;
      expect(run.value.rounds).toHaveLength(4);
      const byes: string[] = [];
      for (const pairings of run.value.rounds) {
        const seated = pairings.flatMap((p) => ('table' in p ? p.table : 'bye' in p ? [p.bye] : []));
        expect([...seated].sort()).toEqual(
          field(14)
            .map((e) => e.id)
            .sort(),
        );
        for (const p of pairings) if ('table' in p) expect(p.table).toHaveLength(6);
        byes.push(...pairings.flatMap((p) => ('bye' in p ? [p.bye] : [])));
      }
      expect(new Set(byes).size).toBe(8);
      // 4 rounds × 2 tables × 15 points, and 8 byes × 2.5.
      const total = run.value.standings.reduce((a, s) => a + s.points, 0);
      expect(total).toBe(4 * 2 * 15 + 8 * 2.5);
    });

  it('a table result is scored with its shared places', () => {
    const spec = { system: 'swiss', rounds: 1, tableSize: 3 } as const;
    const game: GameResult = { table: ['p1', 'p2', 'p3'], places: [2, 1, 2] };
    const history: History = [{ pairings: [{ table: ['p1', 'p2', 'p3'] }], games: [game] }];
    expect(standings(spec, field(3), history).map((s) => [s.rank, s.id, s.points, s.wins])).toEqual([
      [1, 'p2', 2, 1],
      [2, 'p1', 0.5, 0],
      [2, 'p3', 0.5, 0],
    ]);
  });
});

describe('2v2 Junqi: teams', () => {
  const players: Entrant[] = [
    { id: 'ann', rating: 1600, team: 'red' },
    { id: 'bo', rating: 1400, team: 'red' },
    { id: 'cai', rating: 1700, team: 'blue', joinedAtRound: 2 },
    { id: 'dan', rating: 1500, team: 'blue' },
  ];

  it('makes one entrant per team: members, mean rating, the later join', () => {
    expect(teamEntrants(players)).toEqual({
      ok: true,
      value: [
        { id: 'red', rating: 1500, members: ['ann', 'bo'] },
        { id: 'blue', rating: 1600, joinedAtRound: 2, members: ['cai', 'dan'] },
      ],
    });
  });

  it('pairs teams like players', () => {
    const teams = teamEntrants(players.map(({ joinedAtRound: _, ...p }) => p));
    if (!teams.ok) throw new Error(teams.error.reason);
    const round = nextRound({ system: 'swiss', rounds: 1 }, teams.value, []);
    expect(round.ok && round.value.pairings).toEqual([{ white: 'blue', black: 'red' }]);
  });

  it('refuses a player without a team and a team of one', () => {
    expect(teamEntrants([{ id: 'x', rating: 1 }])).toMatchObject({ ok: false, error: { code: 'no-team' } });
    expect(teamEntrants([{ id: 'x', rating: 1, team: 't' }])).toMatchObject({
      ok: false,
      error: { code: 'team-of-one' },
    });
  });
});
