import { describe, expect, it } from 'vitest';
import { BOUNDS, sharedTableBuffer, TranspositionTable, TT_SLOT_BYTES, type TtEntry } from '../src/tt.js';

const BITS = 10;
const probe = (t: TranspositionTable, lo: number, hi: number): TtEntry | undefined => {
  const e: TtEntry = { depth: 0, bound: 0, score: 0, move: -1 };
  return t.probe(lo, hi, e) ? { ...e } : undefined;
};

describe('transposition table over a SharedArrayBuffer', () => {
  it('an entry stored through one view is found through another view of the same memory', () => {
    const buffer = sharedTableBuffer(BITS);
    expect(buffer.byteLength).toBe((1 << BITS) * TT_SLOT_BYTES);
    const writer = new TranspositionTable(BITS, buffer);
    const reader = new TranspositionTable(BITS, buffer);
    writer.store(0x1234_5678, 0x9abc_def0, 7, BOUNDS.lower, -31_000, 42);
    expect(probe(reader, 0x1234_5678, 0x9abc_def0)).toEqual({
      depth: 7,
      bound: BOUNDS.lower,
      score: -31_000,
      move: 42,
    });
    // The same slot, another key: a miss, not the stored entry.
    expect(probe(reader, 0x1234_5678, 0x9abc_def1)).toBeUndefined();
    expect(probe(reader, 0x1234_5678 + (1 << BITS), 0x9abc_def0)).toBeUndefined();
    // Nothing stored yet, all-zero memory: a miss even for the zero key.
    expect(probe(reader, 0, 0)).toBeUndefined();
  });

  it('refuses memory of the wrong size with the size it needs', () => {
    expect(() => new TranspositionTable(BITS, new SharedArrayBuffer(100))).toThrow(/needs 20480 bytes, not 100/);
  });

  it('keeps the deeper entry of the same search, replaces older searches, and keeps a best move the new entry lacks', () => {
    const t = new TranspositionTable(BITS, sharedTableBuffer(BITS));
    t.store(5, 1, 6, BOUNDS.exact, 10, 3);
    // Another key in the same slot, shallower, same generation: the deeper entry stays.
    t.store(5, 2, 2, BOUNDS.exact, 20, 4);
    expect(probe(t, 5, 1)?.depth).toBe(6);
    expect(probe(t, 5, 2)).toBeUndefined();
    // The same key with no best move: the known move is kept.
    t.store(5, 1, 7, BOUNDS.upper, -5, -1);
    expect(probe(t, 5, 1)).toEqual({ depth: 7, bound: BOUNDS.upper, score: -5, move: 3 });
    // A new search's entry replaces an old deeper one.
    t.nextGeneration();
    t.store(5, 2, 1, BOUNDS.lower, 1, 9);
    expect(probe(t, 5, 2)).toEqual({ depth: 1, bound: BOUNDS.lower, score: 1, move: 9 });
    expect(probe(t, 5, 1)).toBeUndefined();
  });

  it('a helper that takes the generation of the main table writes entries of the same search', () => {
    const buffer = sharedTableBuffer(BITS);
    const main = new TranspositionTable(BITS, buffer);
    const helper = new TranspositionTable(BITS, buffer);
    main.nextGeneration();
    main.nextGeneration();
    helper.age = main.age;
    helper.store(9, 9, 8, BOUNDS.exact, 0, 1);
    // In the main table's search, the helper's deeper entry is not overwritten by a shallower one of another key.
    main.store(9, 10, 3, BOUNDS.exact, 0, 2);
    expect(probe(main, 9, 9)?.depth).toBe(8);
  });

  // Two threads writing one slot at once may leave any mix of their words. Each row: which of the slot's five words
  // (check of the low key half, check of the high half, score, move, depth|bound|age) come from the second write.
  const torn = Array.from({ length: 30 }, (_, i) => i + 1).map((mask) => [
    mask,
    ['check-lo', 'check-hi', 'score', 'move', 'meta'].filter((_, w) => mask & (1 << w)).join('+'),
  ]);
  it.each(torn)("a slot torn between two writes (second write's words: %i = %s) matches neither key", (mask) => {
    const buffer = sharedTableBuffer(BITS);
    const words = new Int32Array(buffer);
    const a = new TranspositionTable(BITS, buffer);
    const slot = 77;
    const A = { lo: slot + (1 << BITS) * 3, hi: 0x0bad_cafe, depth: 5, bound: BOUNDS.exact, score: 123, move: 17 };
    const B = { lo: slot + (1 << BITS) * 8, hi: 0x7eed_f00d, depth: 9, bound: BOUNDS.upper, score: -4567, move: 905 };
    a.store(A.lo, A.hi, A.depth, A.bound, A.score, A.move);
    const first = Array.from(words.subarray(slot * 5, slot * 5 + 5));
    a.nextGeneration();
    a.store(B.lo, B.hi, B.depth, B.bound, B.score, B.move);
    const second = Array.from(words.subarray(slot * 5, slot * 5 + 5));
    // Every word differs between the two writes, so each mix is a real tear.
    for (let w = 0; w < 5; w++) expect(first[w]).not.toBe(second[w]);
    for (let w = 0; w < 5; w++) words[slot * 5 + w] = (Number(mask) & (1 << w) ? second : first)[w]!;
    expect(probe(a, A.lo, A.hi)).toBeUndefined();
    expect(probe(a, B.lo, B.hi)).toBeUndefined();
    // Whole, each write is found.
    words.set(second, slot * 5);
    expect(probe(a, B.lo, B.hi)).toEqual({ depth: 9, bound: BOUNDS.upper, score: -4567, move: 905 });
  });
});
