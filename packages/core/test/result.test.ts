import { describe, expect, it } from 'vitest';
import type { Result } from '../src/index.js';
import { all, andThen, fail, map, ok, QiyuanError, unwrap } from '../src/index.js';

// A tiny parser in the style the engines use: errors are values with a reason.
const parseDepth = (text: string): Result<number> => {
  if (!/^\d+$/.test(text)) return fail('bad-depth', `depth must be a whole number, not "${text}"`);
  const n = Number(text);
  return n > 12 ? fail('bad-depth', `depth ${n} is more than 12`) : ok(n);
};

describe('Result values', () => {
  it('carries the value or the reason', () => {
    expect(parseDepth('4')).toEqual({ ok: true, value: 4 });
    const bad = parseDepth('four');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toEqual({ code: 'bad-depth', reason: 'depth must be a whole number, not "four"' });
  });

  it('maps and chains, stopping at the first failure', () => {
    expect(map(parseDepth('3'), (d) => d * 2)).toEqual(ok(6));
    expect(andThen(parseDepth('13'), (d) => ok(d + 1)).ok).toBe(false);
    expect(all(['1', '2', '3'].map(parseDepth))).toEqual(ok([1, 2, 3]));
    const mixed = all(['1', 'x', '99'].map(parseDepth));
    expect(!mixed.ok && mixed.error.reason).toContain('"x"');
  });

  it('unwrap throws a QiyuanError with the code and reason', () => {
    expect(unwrap(parseDepth('5'))).toBe(5);
    try {
      unwrap(parseDepth('-1'));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(QiyuanError);
      expect((e as QiyuanError).code).toBe('bad-depth');
    }
  });
});
