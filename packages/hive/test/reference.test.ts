/**
 * Cross-check of the engine against the slow reference generator in test/reference (written from the rule text and
 * docs/rules/hive.md without the engine's code): seeded random games through the engine's UHP session, comparing the
 * whole set of legal moves at every position, and perft from the start.
 */
import { describe, expect, it } from 'vitest';
import { hive, UhpSession } from '../src/index.js';
import fixtures from './perft.fixtures.json' with { type: 'json' };
import { crossCheck, start } from './reference/crosscheck.js';
import { parseGameType } from './reference/gametype.js';
import { perft } from './reference/movegen.js';

const enginePerft = (variant: string, depth: number): number => {
  const options = hive.parseOptions({ variant });
  if (!options.ok) throw new Error(`${variant}: ${options.error.reason}`);
  const n = hive.perft(options.value, depth);
  if (!n.ok) throw new Error(`${variant}: ${n.error.reason}`);
  return n.value;
};

describe('reference generator', () => {
  // The reference must first reproduce the published counts on its own, or it checks nothing.
  it('matches the published Base and Base+MLP perft through depth 4', () => {
    for (const v of ['Base', 'Base+MLP'] as const)
      for (let d = 1; d <= 4; d++) expect(perft(start(v), d), `${v} depth ${d}`).toBe(fixtures.counts[v][d - 1]);
  });

  // Names per the notation: numbered when the player has more than one tile able to show the bug.
  it('reads extended GameTypeStrings into rosters', () => {
    const t = parseGameType('Base+MLP:T1F2W/R2DC');
    expect(t.ok && t.value.rosters.w).toEqual([
      'wQ',
      'wS1',
      'wS2',
      'wB1',
      'wT1',
      'wG1',
      'wF1',
      'wF2',
      'wA1',
      'wA2',
      'wW1',
      'wM',
      'wL',
      'wP',
    ]);
    expect(t.ok && t.value.rosters.b).toEqual([
      'bQ',
      'bR1',
      'bR2',
      'bB1',
      'bB2',
      'bG1',
      'bG2',
      'bG3',
      'bA1',
      'bA2',
      'bA3',
      'bD',
      'bL',
      'bC',
    ]);
    for (const bad of ['Base:D', 'Base+MLP:TR', 'Base:F4', 'Base+LM', 'Base:Q', 'Bass'])
      expect(parseGameType(bad).ok, bad).toBe(false);
  });
});

describe('engine against the reference', () => {
  it.each([['Base+MLP', 8, 150]] as const)(
    '%s: the same legal moves at every position of seeded games',
    (type, games, plies) => {
      const report = crossCheck(() => new UhpSession(), type, games, plies);
      expect(report.problems).toEqual([]);
      expect(report.positions).toBeGreaterThan(games * 20);
    },
  );

  it.each(['Base+MLP'])('%s: the same perft from the start through depth 4', (type) => {
    for (let d = 3; d <= 4; d++) expect(enginePerft(type, d), `depth ${d}`).toBe(perft(start(type), d));
  });
});
