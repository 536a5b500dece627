import { describe, expect, it } from 'vitest';
import { dayLabel, dayTicks, legendValue, tickLabel, timeRange, timeTicks } from '../src/pages/rating-axis.js';

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

  it('spreads a day of games over hours, ticked and labelled with the time of day', () => {
    const games = [at('2026-11-25T14:05:00Z'), at('2026-11-25T14:40:00Z'), at('2026-11-25T16:20:00Z')];
    const [min, max] = timeRange(games);
    // the games take most of the chart's width, not a sliver of a week
    expect((games[2]! - games[0]!) / (max - min)).toBeGreaterThan(0.6);
    const ticks = timeTicks(min, max);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    for (const x of ticks) {
      expect(x % 3_600).toBe(0);
      expect(x).toBeGreaterThanOrEqual(min);
      expect(x).toBeLessThanOrEqual(max);
    }
    expect(tickLabel(ticks[0]!, min, max, 'en')).toMatch(/^\d\d:00( [AP]M)?$/);
    // a longer span keeps its days
    const [a, b] = timeRange([at('2026-11-01T00:00:00Z'), at('2026-11-25T00:00:00Z')]);
    expect(tickLabel(at('2026-11-10T00:00:00Z'), a, b, 'en')).toBe('Nov 10, 2026');
  });

  it('the legend shows the latest rating with no cursor, and the last one before a gap', () => {
    const column = [1500, null, 1516, null];
    expect(legendValue(column, null)).toBe(1516);
    expect(legendValue(column, undefined)).toBe(1516);
    expect(legendValue(column, 0)).toBe(1500);
    expect(legendValue(column, 1)).toBe(1500);
    expect(legendValue([null, 1490], 0)).toBeNull();
    expect(legendValue([null, 1490], null)).toBe(1490);
  });
});
