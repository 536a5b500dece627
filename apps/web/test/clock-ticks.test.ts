import { describe, expect, it } from 'vitest';
import { nextClockChange } from '../src/online/clocks.js';
import { clockFace, nextFaceChange } from '../src/online/names.js';

describe('when a running clock face next changes', () => {
  it.each([
    // [time left, ms until the face shows something else, the face before → after]
    [12_345, 345, '0:13', '0:12'],
    [12_000, 1_000, '0:12', '0:11'],
    [10_400, 400, '0:11', '0:10'],
    [10_000, 1, '0:10', '0:09.9'],
    [9_950, 51, '0:09.9', '0:09.8'],
    [9_900, 1, '0:09.9', '0:09.8'],
    [100, 1, '0:00.1', '0:00.0'],
    [61_001, 1, '1:02', '1:01'],
  ])('%i ms left: the face changes after %i ms', (ms, wait, before, after) => {
    expect(nextFaceChange(ms)).toBe(wait);
    expect(clockFace(ms)).toBe(before);
    expect(clockFace(ms - wait)).toBe(after);
  });

  it('is exactly the first moment the face differs, at every time left under two minutes', () => {
    for (let ms = 100; ms < 120_000; ms += 7) {
      const wait = nextFaceChange(ms);
      const face = clockFace(ms);
      // one millisecond earlier it still shows the same (so no redraw is wasted), and at `wait` it has changed
      expect(clockFace(ms - wait + 1), `${ms} ms`).toBe(face);
      expect(clockFace(ms - wait), `${ms} ms`).not.toBe(face);
    }
  });

  it('waits for nothing that has run out, and takes the earliest change of all the clocks and thresholds', () => {
    expect(nextFaceChange(0)).toBe(Number.POSITIVE_INFINITY);
    expect(nextFaceChange(99)).toBe(Number.POSITIVE_INFINITY);
    expect(nextClockChange([])).toBeUndefined();
    expect(nextClockChange([0, -5])).toBeUndefined();
    expect(nextClockChange([12_345, 40_700])).toBe(345);
    // a clock at 30.5 s crosses a 30 s low-time mark in 501 ms, before its face's next second (500 ms: 0:31 → 0:30)
    expect(nextClockChange([30_500], [30_000])).toBe(500);
    expect(nextClockChange([30_200], [30_000])).toBe(200);
    expect(nextClockChange([40_000], [30_000])).toBe(1_000);
    // a mark already passed is no longer waited for
    expect(nextClockChange([20_600], [30_000])).toBe(600);
  });
});
