/**
 * Perft for the reverse sides: the engine's counts (test/perft.further.fixtures.json) and the independent reference
 * generator's, and the legal-move sets of both on seeded random games in every fixture roster.
 */
import { describe, expect, it } from 'vitest';
import { hive, UhpSession } from '../src/index.js';
import { enginePerft } from './engine-perft.js';
import further from './perft.further.fixtures.json' with { type: 'json' };
import { crossCheck, start } from './reference/crosscheck.js';
import { perft } from './reference/movegen.js';

const counts = further.counts as Record<string, number[]>;

describe('perft with the reverse sides', () => {
  it.each(Object.keys(counts))('%s: the engine matches the fixture through depth 5', (variant) => {
    for (let d = 1; d <= 5; d++) expect(enginePerft(variant, d), `depth ${d}`).toBe(counts[variant]![d - 1]);
  });

  // Depth 4 from the start of the three mixed rosters: placements of every new bug, and the first movements.
  it.each(['Base+MLP:R2T2F3W3DKC', 'Base+MLP:TF2W/R2DC', 'Base+MLP:RFK/TWDC'])(
    '%s: the reference agrees through depth 4',
    (variant) => {
      for (let d = 1; d <= 4; d++) expect(perft(start(variant), d), `depth ${d}`).toBe(counts[variant]![d - 1]);
    },
  );

  // The first depth where a new piece moves (the Mantis grabs at White's third turn).
  it('Base:T2: the reference agrees at depth 5', () => {
    expect(perft(start('Base:T2'), 5)).toBe(counts['Base:T2']![4]);
  });

  it('refuses a perft before the rosters are chosen', () => {
    const options = hive.parseOptions({ variant: 'Base+MLP:?' });
    expect(options.ok && hive.perft(options.value, 2).ok).toBe(false);
  });
});

describe('engine against the reference on seeded games', () => {
  it.each(Object.keys(counts))('%s: the same legal moves at every position', (type) => {
    const report = crossCheck(() => new UhpSession(), type, 4, 120);
    expect(report.problems).toEqual([]);
    expect(report.positions).toBeGreaterThan(4 * 20);
    if (/[TDC]/.test(type.split(':')[1] ?? '')) expect(report.twoTileMoves).toBeGreaterThan(0);
  });
});
