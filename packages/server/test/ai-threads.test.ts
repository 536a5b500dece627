import { describe, expect, it } from 'vitest';
import { AiThreads, threadsForSearch } from '../src/ai-threads.js';

/** The AI seats' thread counts as a table of facts: the machine, what else the AI is searching, the answer. */
describe('threads for an AI seat’s search', () => {
  const table: readonly [cores: number, running: number, threads: number][] = [
    // a small machine: the one core past the players' is one thread, however few AI games run
    [1, 1, 1],
    [2, 1, 1],
    [2, 3, 1],
    // four cores: three free, rounded down to two; shared by two searches, one each
    [4, 1, 2],
    [4, 2, 1],
    // eight cores: seven free, four for a search alone, two for each of two or three, one from four searches on
    [8, 1, 4],
    [8, 2, 2],
    [8, 3, 2],
    [8, 4, 1],
    [8, 20, 1],
    // a large machine: capped at eight, then shared
    [16, 1, 8],
    [64, 1, 8],
    [16, 2, 4],
    [16, 3, 4],
    [16, 4, 2],
    [16, 8, 1],
  ];
  for (const [cores, running, threads] of table) {
    it(`${cores} cores, ${running} searches at once: ${threads}`, () => {
      expect(threadsForSearch({ cores, running })).toBe(threads);
    });
  }

  it('keeps the cores it is told to, and the cap it is given', () => {
    expect(threadsForSearch({ cores: 8, running: 1, reserved: 0 })).toBe(8);
    expect(threadsForSearch({ cores: 8, running: 1, reserved: 4 })).toBe(4);
    expect(threadsForSearch({ cores: 64, running: 1, cap: 32 })).toBe(32);
    expect(threadsForSearch({ cores: 64, running: 1, cap: 3 })).toBe(2);
  });

  it('gives each search its share of what runs at once, and master alone more than one', () => {
    const ai = new AiThreads(8);
    expect(ai.begin(10)).toBe(4); // alone
    expect(ai.begin(3)).toBe(1); // below master: one thread, but it takes its core
    expect(ai.begin(9)).toBe(2); // the third search at once
    expect(ai.searches).toBe(3);
    ai.end();
    ai.end();
    expect(ai.begin(10)).toBe(2); // two under way again
    ai.end();
    ai.end();
    expect(ai.searches).toBe(0);
    expect(ai.begin(9)).toBe(4);
  });

  it('counts no more searches than the pool runs at once (the rest wait in its queue)', () => {
    const ai = new AiThreads(16, undefined, 2);
    for (let i = 0; i < 5; i++) ai.begin(9);
    expect(ai.begin(9)).toBe(4); // six asked, two running: 15 free cores / 2, rounded down to 4
  });

  it('gives every search the count QIYUAN_AI_THREADS sets, at every level', () => {
    const ai = new AiThreads(2, 3);
    expect(ai.begin(1)).toBe(3);
    expect(ai.begin(10)).toBe(3);
    expect(new AiThreads(8, 0).begin(10)).toBe(1);
  });
});
