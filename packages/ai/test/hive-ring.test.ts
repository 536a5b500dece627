import { unwrap } from '@qiyuan/core';
import { BUG_INDEX, parseGameString } from '@qiyuan/hive';
import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  FREE,
  HAND,
  PILLBUG_SPARE,
  RING_ENEMY,
  RING_FREE,
  RING_STUCK,
  RING_WEIGHTS,
  ringEvaluation,
  ringFeatures,
} from '../src/games/hive-ring.js';
import { seededRng } from '../src/levels.js';

const featuresOf = (gameString: string, seat: number): Int32Array => {
  const out = new Int32Array(FEATURES);
  ringFeatures(unwrap(parseGameString(gameString)).position, seat, RING_WEIGHTS, out);
  return out;
};

/** The non-zero features by name, for readable expectations. */
const named = (f: Int32Array): Record<string, number> => {
  const names: Record<number, string> = {
    [RING_STUCK]: 'ringStuck',
    [RING_FREE]: 'ringFree',
    [RING_ENEMY]: 'ringEnemy',
    [PILLBUG_SPARE]: 'pillbugSpare',
  };
  for (const [bug, i] of Object.entries(BUG_INDEX)) {
    names[HAND + i] = `hand ${bug}`;
    names[FREE + i] = `free ${bug}`;
  }
  const out: Record<string, number> = {};
  f.forEach((v, i) => {
    if (v !== 0) out[names[i] ?? String(i)] = v;
  });
  return out;
};

describe('Hive queen-ring evaluation', () => {
  // A line wQ wS1 bS1 bQ bA1, and a white Ant that went round to sit beside the black Queen (touching bS1 too).
  const line = 'Base;InProgress;Black[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 -wQ;bA1 bQ-;wA1 bQ/';
  it('counts the rings, the free tiles and the hands of a small position', () => {
    expect(named(featuresOf(line, 0))).toEqual({
      // Each Spider pins the hive in its own Queen's ring: one each, nothing left.
      ringFree: -1, // their Ant at the end of the line, in their Queen's ring, free to leave
      ringEnemy: -1, // our Ant in their Queen's ring (and so worth nothing for its freedom)
      'free Q': 1, // our Queen at the end of the line; theirs holds their Ant to the hive
      'free A': -1,
    });
  });
  it('is the same position seen from the other side', () => {
    const white = featuresOf(line, 0);
    const black = featuresOf(line, 1);
    for (let i = 0; i < FEATURES; i++) expect(black[i]! + white[i]!).toBe(0);
    const opening = named(featuresOf('Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-', 0));
    expect(opening).toEqual({});
  });
  it('counts a Pillbug in hand with a place beside its uncovered Queen', () => {
    // Both sides keep their Pillbug in hand and both Queens have a free place of their own colour beside them.
    expect(
      named(featuresOf('Base+P;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-', 0)).pillbugSpare,
    ).toBeUndefined();
    const onlyWhite = 'Base+P;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 -wQ;bP bQ-';
    expect(named(featuresOf(onlyWhite, 0)).pillbugSpare).toBe(1);
  });
  it('values a position as the dot product of its features and the weights, opposite for the two sides', () => {
    const evaluate = ringEvaluation(RING_WEIGHTS);
    const rng = seededRng(7);
    const game = unwrap(parseGameString('Base+MLP;NotStarted;White[1]'));
    const pos = game.position.clone();
    const f = new Int32Array(FEATURES);
    for (let ply = 0; ply < 80 && !pos.outcome(); ply++) {
      pos.makeMove(rng.pick([...pos.generateMoves()]));
      ringFeatures(pos, 0, RING_WEIGHTS, f);
      const dot = f.reduce((s, v, i) => s + v * RING_WEIGHTS[i]!, 0);
      expect(evaluate(pos, 0)).toBe(dot);
      expect(evaluate(pos, 1) + dot).toBe(0);
    }
  });
  it('refuses weights of the wrong length', () => {
    expect(() => ringEvaluation([1, 2, 3])).toThrow(/needs/);
  });
});
