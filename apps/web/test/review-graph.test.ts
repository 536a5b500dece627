import type { PlyReview } from '@qiyuan/ai';
import { describe, expect, it } from 'vitest';
import { type StoredReview, seriesOf } from '../src/pages/review-series.js';

/** The review graph's lines, from a review's plies: two players on one line, more on one line each. */

const ply = (n: number, seat: number, after: PlyReview['after']): PlyReview => ({
  ply: n,
  seat,
  move: `m${n}`,
  before: after,
  after,
  best: `m${n}`,
  loss: 0,
  class: 'best',
});

const review = (plies: PlyReview[]): StoredReview => ({
  game: 'chinese-checkers',
  fullInformation: false,
  depth: 2,
  plies,
  players: [],
  scale: 1000,
});

describe('the review graph', () => {
  it('two players: the first player’s advantage, proven results at the edge, the rest clamped', () => {
    const r = review([ply(0, 0, { cp: 40 }), ply(1, 1, { cp: 70 }), ply(2, 0, { cp: 5000 }), ply(3, 1, { win: 1 })]);
    expect(seriesOf(r, 2)).toEqual([[40, -70, 1000, -1000]]);
  });

  it('three players: one line each, through its own moves only', () => {
    const r = review([ply(0, 0, { cp: 10 }), ply(1, 1, { loss: 2 }), ply(2, 2, { cp: -30 }), ply(3, 0, { cp: 20 })]);
    expect(seriesOf(r, 3)).toEqual([
      [10, null, null, 20],
      [null, -1000, null, null],
      [null, null, -30, null],
    ]);
  });
});
