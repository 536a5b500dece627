import { describe, expect, it } from 'vitest';
import { RepetitionCounter } from '../src/index.js';

describe('RepetitionCounter', () => {
  // Counts the current position's occurrences through plays and take-backs; clones are independent.
  it('counts occurrences of the current position as moves come and go', () => {
    const r = new RepetitionCounter();
    expect(r.current()).toBe(0);
    for (const k of ['a', 'b', 'a', 'b', 'a']) r.push(k);
    expect(r.current()).toBe(3);
    r.pop();
    expect(r.current()).toBe(2); // back on 'b', seen twice
    const copy = r.clone();
    r.pop();
    r.pop();
    expect(r.current()).toBe(1);
    expect(copy.current()).toBe(2);
  });
});
