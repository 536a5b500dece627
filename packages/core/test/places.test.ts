import { describe, expect, it } from 'vitest';
import { type Outcome, pairScore, placeOf } from '../src/index.js';

describe('places and pair scores of an outcome', () => {
  const ranked: Outcome = { reason: 'move-limit', results: ['draw', 'draw', 'loss', 'loss'], ranking: [1, 1, 3, 4] };
  const unranked: Outcome = { reason: 'flag-captured', results: ['loss', 'win', 'draw'] };
  it.each([
    // the ranking decides where the game gives one, ties included
    { o: ranked, a: 0, b: 1, place: 1, score: 0.5 },
    { o: ranked, a: 0, b: 2, place: 1, score: 1 },
    { o: ranked, a: 3, b: 2, place: 4, score: 0 },
    // without one, a win is ahead of a draw, a draw ahead of a loss
    { o: unranked, a: 1, b: 2, place: 1, score: 1 },
    { o: unranked, a: 0, b: 2, place: 3, score: 0 },
    { o: unranked, a: 2, b: 2, place: 2, score: 0.5 },
  ])('seat $a against $b: place $place, score $score', ({ o, a, b, place, score }) => {
    expect(placeOf(o, a)).toBe(place);
    expect(pairScore(o, a, b)).toBe(score);
  });
});
