import { describe, expect, it } from 'vitest';
import { dayLabel, dayTicks, timeRange } from '../src/pages/rating-axis.js';

const DAY = 86_400;
const at = (iso: string) => Date.parse(iso) / 1000;

/** The profile's rating chart: its time axis around the games played, its ticks on days with their year. */
describe('the rating chart’s time axis', () => {
  it('puts one game in the middle of a week, not at the edge of years', () => {
    const x = at('2026-11-25T20:00:00Z');
    const [min, max] = timeRange([x]);
    expect(x - min).toBe(max - x);
    expect(max - min).toBe(6 * DAY);
  });

  it('spans the games with a margin', () => {
    const [a, b] = [at('2025-01-10T00:00:00Z'), at('2026-01-10T00:00:00Z')];
    const [min, max] = timeRange([b, a]);
    expect(min).toBeLessThan(a);
    expect(max).toBeGreaterThan(b);
    expect(max - min).toBeLessThan((b - a) * 1.2);
  });

  it('ticks whole days, a handful of them, inside the range', () => {
    for (const [min, max] of [
      timeRange([at('2026-11-25T20:00:00Z')]),
      [at('2024-03-01T00:00:00Z'), at('2026-11-25T00:00:00Z')],
    ] as const) {
      const ticks = dayTicks(min, max);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(7);
      for (const x of ticks) {
        expect(x % DAY).toBe(0);
        expect(x).toBeGreaterThanOrEqual(min);
        expect(x).toBeLessThanOrEqual(max);
      }
    }
  });

  it('labels a tick with its year, in the page’s language', () => {
    const x = at('2026-11-25T00:00:00Z');
    expect(dayLabel(x, 'en')).toBe('Nov 25, 2026');
    expect(dayLabel(x, 'zh-CN')).toBe('2026年11月25日');
  });
});
