import { Rng } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import {
  type Entrant,
  type GameResult,
  gamesToPlay,
  type History,
  isFinished,
  nextRound,
  type PlayedRound,
  randomUmpire,
  simulate,
  standings,
} from '../src/index.js';

/**
 * A double round-robin of 2-game matches built so that A, B and C finish level on 7 match points:
 * - games between the three: B 4.5, C 4.5, A 3 — A is third;
 * - Sonneborn–Berger (game points in a match × the opponent's match points): B 2.5·7 + 2·7 + 3·3 = 40.5,
 *   C 2·7 + 2.5·7 + 2.5·3 = 39 — B first, C second;
 * - Buchholz would not separate them (34 each); D, with three drawn matches, is last on 3 match points.
 * Each row: the two players, the cycle, and the first-named player's score in game 1 and game 2 of that match.
 */
const MATCHES: readonly [string, string, 1 | 2, number, number][] = [
  ['A', 'B', 1, 1, 0.5],
  ['A', 'B', 2, 0, 0],
  ['B', 'C', 1, 1, 0.5],
  ['B', 'C', 2, 0.5, 0],
  ['C', 'A', 1, 1, 1],
  ['C', 'A', 2, 0, 0.5],
  ['A', 'D', 1, 1, 1],
  ['A', 'D', 2, 1, 0],
  ['B', 'D', 1, 1, 1],
  ['B', 'D', 2, 0.5, 0.5],
  ['C', 'D', 1, 1, 0.5],
  ['C', 'D', 2, 0, 1],
];

const entrants: Entrant[] = [
  { id: 'A', rating: 1700 },
  { id: 'B', rating: 1600 },
  { id: 'C', rating: 1800 },
  { id: 'D', rating: 1900 },
];
const spec = { system: 'round-robin', double: true, matchGames: 2 } as const;

/** Plays the schedule with the results of MATCHES, through the library's own nextRound and gamesToPlay. */
const playTable = (): History => {
  let history: PlayedRound[] = [];
  while (!isFinished(spec, entrants, history)) {
    const round = nextRound(spec, entrants, history);
    if (!round.ok) throw new Error(round.error.reason);
    const cycle = round.value.round <= 3 ? 1 : 2;
    const games: GameResult[] = [];
    for (const pairing of round.value.pairings) {
      const current = () => [...history, { pairings: round.value.pairings, games }];
      gamesToPlay(spec, entrants, current(), pairing).forEach((game, k) => {
        const row = MATCHES.find(
          ([x, y, c]) =>
            c === cycle && [x, y].includes(game.white) && [x, y].includes(game.black) && game.white !== game.black,
        );
        if (!row) throw new Error(`no result for ${game.white}-${game.black} in cycle ${cycle}`);
        const firstScore = k === 0 ? row[3] : row[4];
        games.push({
          white: game.white,
          black: game.black,
          score: game.white === row[0] ? firstScore : 1 - firstScore,
        });
      });
    }
    history = [...history, { pairings: round.value.pairings, games }];
  }
  return history;
};

describe('double round-robin of 2-game matches with a three-way tie', () => {
  it('is played in 6 rounds, each pair meeting once a cycle with colours turned in the second', () => {
    const history = playTable();
    expect(history).toHaveLength(6);
    for (let r = 0; r < 3; r++)
      for (const p of history[r]!.pairings)
        expect(history[r + 3]!.pairings).toContainEqual('white' in p ? { white: p.black, black: p.white } : p);
  });

  it('breaks the tie by games between the tied, then Sonneborn–Berger', () => {
    const table = standings(spec, entrants, playTable());
    expect(table.map((s) => [s.rank, s.id, s.matchPoints, s.points])).toEqual([
      [1, 'B', 7, 7.5],
      [2, 'C', 7, 7],
      [3, 'A', 7, 6],
      [4, 'D', 3, 3.5],
    ]);
    const values = Object.fromEntries(
      table.map((s) => [s.id, Object.fromEntries(s.tiebreaks.map((t) => [t.name, t.value]))]),
    );
    expect(values).toEqual({
      B: { 'mutual-games': 4.5, 'sonneborn-berger': 40.5, buchholz: 34 },
      C: { 'mutual-games': 4.5, 'sonneborn-berger': 39, buchholz: 34 },
      A: { 'mutual-games': 3, 'sonneborn-berger': 30, buchholz: 34 },
      D: { 'mutual-games': 0, 'sonneborn-berger': 24.5, buchholz: 42 },
    });
  });
});

describe('round-robin schedules', () => {
  it('5 players, single: 5 rounds, everyone rests once and meets everyone once, whites within one', () => {
    const field = ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, rating: 1500 - i }));
    const run = simulate({ system: 'round-robin' }, field, randomUmpire(Rng.fromSeed(3)));
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    expect(run.value.rounds).toHaveLength(5);
    const met = new Set<string>();
    const whites = new Map<string, number>();
    const rests = new Map<string, number>();
    for (const round of run.value.rounds)
      for (const p of round) {
        if ('bye' in p) rests.set(p.bye, (rests.get(p.bye) ?? 0) + 1);
        if (!('white' in p)) continue;
        met.add([p.white, p.black].sort().join());
        whites.set(p.white, (whites.get(p.white) ?? 0) + 1);
      }
    expect(met.size).toBe(10);
    expect([...rests.values()]).toEqual([1, 1, 1, 1, 1]);
    for (const id of ['a', 'b', 'c', 'd', 'e']) expect(whites.get(id)).toBe(2);
    // A rest scores nothing in a round-robin.
    for (const s of run.value.standings) expect(s.points).toBe(s.wins + s.draws / 2);
  });

  it('a player who withdraws is no longer paired; their opponent rests', () => {
    const field: Entrant[] = [
      { id: 'a', rating: 1600 },
      { id: 'b', rating: 1500 },
      { id: 'c', rating: 1400, withdrawnAtRound: 2 },
      { id: 'd', rating: 1300 },
    ];
    const run = simulate({ system: 'round-robin' }, field, randomUmpire(Rng.fromSeed(5)));
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    for (const round of run.value.rounds.slice(1)) {
      expect(JSON.stringify(round)).not.toContain('"c"');
      expect(round.filter((p) => 'bye' in p)).toHaveLength(1);
    }
  });
});
