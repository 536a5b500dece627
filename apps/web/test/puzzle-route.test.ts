import { describe, expect, it } from 'vitest';
import { parseRoute, routeHref } from '../src/router.js';

/** The puzzles page's links: the game chosen is kept in the link, Hive's page has the short one. */
describe('puzzle links', () => {
  const table: [string, ReturnType<typeof parseRoute>][] = [
    ['#/puzzles', { page: 'puzzles' }],
    ['#/puzzles/abalone', { page: 'puzzles', game: 'abalone' }],
    ['#/puzzles/chinese-checkers', { page: 'puzzles', game: 'chinese-checkers' }],
  ];
  for (const [hash, r] of table)
    it(`${hash} opens ${JSON.stringify(r)} and is its link`, () => {
      expect(parseRoute(hash)).toEqual(r);
      expect(routeHref(r)).toBe(hash);
    });
});
