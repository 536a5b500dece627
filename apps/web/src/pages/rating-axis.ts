/**
 * The rating chart's time axis, in seconds (uPlot's time unit): a range around the games played and ticks on whole
 * days, labelled with their year, so one game or a week of games is not drawn at the edge of an axis of years.
 */

const DAY = 86_400;

/** The axis's range: the games' span and a margin of a twentieth of it either side, at least three days. */
export const timeRange = (xs: readonly number[]): [number, number] => {
  if (xs.length === 0) return [0, DAY];
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  const margin = Math.max(3 * DAY, (max - min) / 20);
  return [min - margin, max + margin];
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
