import { perftOverContract } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { AbaloneGame, abalone, Position, START_POSITIONS } from '../src/index.js';
import fixtures from './perft.fixtures.json' with { type: 'json' };

const counts = fixtures.counts as Record<string, number[]>;
const options = (start: (typeof START_POSITIONS)[number]) => ({ start, repetition: false, maxPlies: 0 });

describe('perft from the five start positions', () => {
  for (const start of START_POSITIONS) {
    // Depths 1–4 for every layout (depth 5 is in the benchmark).
    const deepest = 4;
    it(`${start} matches the published counts through depth ${deepest}`, () => {
      const p = Position.start(start);
      for (let d = 1; d <= deepest; d++) expect(p.perft(d), `depth ${d}`).toBe(counts[start]![d - 1]);
    });
  }

  it('the definition answers perft with the same numbers', () => {
    expect(abalone.perft(options('belgian-daisy'), 2)).toEqual({ ok: true, value: 2692 });
  });

  // The contract's slow play/undo path agrees with the fast path, so the checks in `play` list every move once.
  it('perft over the Game contract agrees at depth 2', () => {
    for (const start of START_POSITIONS) {
      expect(perftOverContract(new AbaloneGame(options(start)), 2)).toBe(counts[start]![1]);
    }
  });

  it('make/unmake restores the board and the hash exactly', () => {
    const p = Position.start('german-daisy');
    const before = [p.hashLo(), p.hashHi(), p.cells.join('')];
    p.perft(3);
    expect([p.hashLo(), p.hashHi(), p.cells.join('')]).toEqual(before);
  });
});
