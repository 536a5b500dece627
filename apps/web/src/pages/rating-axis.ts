/**
 * The rating chart's time axis, in seconds (uPlot's time unit): a range around the games played and ticks on whole
 * days, labelled with their year, so one game or a week of games is not drawn at the edge of an axis of years; games
 * of a single day are spread over an axis of hours, not stacked into one vertical line on an axis of days.
 */

const DAY = 86_400;
const HOUR = 3_600;

/** Games no further apart than this are drawn on an axis of hours. */
const SHORT = 2 * DAY;

/** Whether a range is drawn in hours (ticks on whole hours, labelled with the time of day) rather than days. */
export const inHours = (min: number, max: number): boolean => max - min <= SHORT;

/**
 * The axis's range: the games' span and a margin of a twentieth of it either side, at least three days; games of
 * one day (more than one game, less than two days apart) get a margin of a tenth of their span, at least half an
 * hour, so that they spread across the chart.
 */
export const timeRange = (xs: readonly number[]): [number, number] => {
  if (xs.length === 0) return [0, DAY];
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  const span = max - min;
  const margin = span > 0 && span < SHORT - DAY / 2 ? Math.max(HOUR / 2, span / 10) : Math.max(3 * DAY, span / 20);
  return [min - margin, max + margin];
};

/** About `count` ticks on whole hours of the page's time zone, 1, 2, 3, 6 or 12 hours apart, inside the range. */
export const hourTicks = (min: number, max: number, count = 5): number[] => {
  const hours = [1, 2, 3, 6, 12].find((h) => (max - min) / (h * HOUR) <= count) ?? 24;
  const ticks: number[] = [];
  const d = new Date(min * 1000);
  d.setMinutes(0, 0, 0);
  while (d.getTime() / 1000 <= max) {
    const x = d.getTime() / 1000;
    if (x >= min && d.getHours() % hours === 0) ticks.push(x);
    d.setTime(d.getTime() + HOUR * 1000);
  }
  return ticks;
};

/** The axis's ticks: whole hours for a day of games, whole days otherwise. */
export const timeTicks = (min: number, max: number): number[] =>
  inHours(min, max) ? hourTicks(min, max) : dayTicks(min, max);

/** A tick's label: the time of day on an axis of hours, else the day with its year. */
export const tickLabel = (x: number, min: number, max: number, language: string): string =>
  inHours(min, max)
    ? new Date(x * 1000).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' })
    : dayLabel(x, language);

/**
 * What the legend shows for a series at the point under the cursor: its rating there, or the last one before it
 * (its line spans the gap); with no cursor on the chart, its latest rating, not a dash. Null when it has none yet.
 */
export const legendValue = (column: readonly (number | null)[], idx: number | null | undefined): number | null => {
  for (let i = Math.min(idx ?? column.length - 1, column.length - 1); i >= 0; i--) {
    const v = column[i];
    if (v !== null && v !== undefined) return v;
  }
  return null;
};

/** About `count` ticks at midnight (UTC) of whole days, evenly apart, inside the range. */
export const dayTicks = (min: number, max: number, count = 5): number[] => {
  const step = Math.max(1, Math.ceil((max - min) / DAY / count)) * DAY;
  const ticks: number[] = [];
  for (let x = Math.ceil(min / step) * step; x <= max; x += step) ticks.push(x);
  return ticks;
};

/** A tick's label: its day, month and year in the page's language (the tick's own day: it is a UTC midnight). */
export const dayLabel = (x: number, language: string): string =>
  new Date(x * 1000).toLocaleDateString(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
