import { perftOverContract } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { HiveGame, hive, Position } from '../src/index.js';
import fixtures from './perft.fixtures.json' with { type: 'json' };

const rules = (m: boolean, l: boolean, p: boolean) => ({
  mosquito: m,
  ladybug: l,
  pillbug: p,
  tournamentOpening: true,
  repetition: false,
  pillbugDutchRule: false,
});

describe('perft against the published tables', () => {
  // Base through depth 5 (516,240 leaves): placement, the queen rule, first movements.
  it('Base matches through depth 5', () => {
    const p = new Position(rules(false, false, false));
    for (let d = 1; d <= 5; d++) expect(p.perft(d), `depth ${d}`).toBe(fixtures.counts.Base[d - 1]);
  });

  // Base+MLP through depth 5 (5,427,108): Mosquito copying, Ladybug paths and Pillbug throws all appear.
  it('Base+MLP matches through depth 5', () => {
    const p = new Position(rules(true, true, true));
    for (let d = 1; d <= 5; d++) expect(p.perft(d), `depth ${d}`).toBe(fixtures.counts['Base+MLP'][d - 1]);
  });

  // The six other expansion combinations through depth 5: each expansion alone and in pairs.
  it.each(['Base+M', 'Base+L', 'Base+P', 'Base+ML', 'Base+MP', 'Base+LP'] as const)(
    '%s matches through depth 5',
    (v) => {
      const p = new Position(rules(v.includes('M'), v.includes('L'), v.includes('P')));
      for (let d = 1; d <= 5; d++) expect(p.perft(d), `depth ${d}`).toBe(fixtures.counts[v][d - 1]);
    },
  );

  // The checked Game path (play/undo with legality checks) agrees with the fast path.
  it('perft over the Game contract agrees at depth 3', () => {
    expect(perftOverContract(new HiveGame(rules(true, true, true)), 3)).toBe(6678);
  });

  // The definition and a GameString start position feed perft too.
  it('perft from a GameString position', () => {
    const opts = hive.parseOptions({ variant: 'Base+MLP', position: 'Base+MLP;InProgress;White[2];wS1;bG1 -wS1' });
    expect(opts.ok).toBe(true);
    // White's second turn: 7 kinds (no Queen restriction now) × the cells touching wS1 but not bG1.
    if (opts.ok) {
      const n = hive.perft(opts.value, 1);
      expect(n.ok && n.value % 8).toBe(0);
      expect(n).toEqual({ ok: true, value: 8 * 3 });
    }
  });

  // The scratch stamps wrap around safely: a search that has run for billions of generations still counts right.
  it('survives the stamp counters wrapping', () => {
    const p = new Position(rules(true, true, true));
    const raw = p as unknown as { markStamp: number; seenStamp: number };
    raw.markStamp = 0xffffffff - 5;
    raw.seenStamp = 0xffffffff - 2;
    expect(p.perft(4)).toBe(fixtures.counts['Base+MLP'][3]);
  });

  // make/unmake leaves the position and its hash exactly as they were.
  it('restores the hash after a search', () => {
    const p = new Position(rules(true, true, true));
    const before = [p.hashLo(), p.hashHi()];
    p.perft(4);
    expect([p.hashLo(), p.hashHi()]).toEqual(before);
  });
});
