import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { JunqiGame } from '../src/game.js';
import { parseOptions } from '../src/options.js';

const start = (o: Record<string, string | number>) =>
  unwrap(JunqiGame.create(unwrap(parseOptions(o)))).positionToString();

/** Flips bit `bit` (0 = the most significant) of a 32-hex-digit seed. */
const flipBit = (hex: string, bit: number): string => {
  const i = bit >> 2;
  const digit = Number.parseInt(hex[i] as string, 16) ^ (8 >> (bit & 3));
  return hex.slice(0, i) + digit.toString(16) + hex.slice(i + 1);
};

const SEED = 'c4e1a9077b3f52d8e60a1f9b2d74c385';

describe('the seed of hidden pieces', () => {
  it('an old numeric seed still gives the layout it gave when stored games were played', () => {
    // Recorded from the code before seeds had 128 bits.
    expect(start({ mode: 'flip', seed: 12345 })).toBe(
      '12* 17* 1M* 06* 16* 14* 12* 04* 14* 01* 0B* . 11* . 15* 15* 0F* . 13* 07* 03* . 05* . 12* 19* 0M* 13* 0M* 0M* 01* 02* 1F* 09* 01* 02* 07* 05* 16* 06* 1B* . 02* . 11* 0B* 04* . 1M* 1M* 17* . 03* . 11* 18* 13* 03* 1B* 08* | 0 0 0',
    );
    expect(start({ mode: 'flip', seed: '2147483647' })).toBe(
      '11* 13* 16* 14* 1M* 18* 1M* 16* 14* 06* 1B* . 01* . 04* 15* 11* . 03* 12* 19* . 17* . 05* 13* 17* 0M* 05* 02* 09* 15* 04* 0M* 03* 0M* 1B* 06* 03* 07* 1M* . 01* . 0F* 02* 07* . 11* 08* 0B* . 12* . 01* 0B* 1F* 02* 13* 12* | 0 0 0',
    );
    expect(start({ setup: 'random', seed: 777 })).toBe(
      '01 0F 0M 02 0M 0M 04 0B 05 01 06 . 08 . 03 03 01 . 04 06 07 . 09 . 0B 02 05 07 02 03 11 1M 19 1F 12 1M 14 12 1M 1B 13 . 1B . 11 15 13 . 16 11 17 . 12 . 14 17 15 13 16 18 | 0 0 0',
    );
  });

  it.each([0, 1, 31, 32, 63, 64, 95, 96, 126, 127])(
    'flipping bit %i of a secret seed gives another 翻棋 layout',
    (bit) => {
      expect(start({ mode: 'flip', seed: flipBit(SEED, bit) })).not.toBe(start({ mode: 'flip', seed: SEED }));
    },
  );

  it('every one of the 128 bits reaches the 翻棋 layout and the random setups', () => {
    for (const options of [{ mode: 'flip' }, { setup: 'random' }] as Record<string, string>[]) {
      const layouts = new Set([start({ ...options, seed: SEED })]);
      for (let bit = 0; bit < 128; bit++) layouts.add(start({ ...options, seed: flipBit(SEED, bit) }));
      expect(layouts.size).toBe(129);
    }
  });

  it('accepts a secret seed or a stored whole number, and refuses anything else with a reason', () => {
    expect(unwrap(parseOptions({ seed: SEED })).seed).toBe(SEED);
    expect(unwrap(parseOptions({ seed: '42' })).seed).toBe(42);
    for (const seed of [SEED.toUpperCase(), SEED.slice(1), `${SEED}0`, '-1', 'abc', '1.5', true]) {
      const r = parseOptions({ seed });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.reason).toMatch(/seed must be 32 lowercase hex digits/);
    }
  });
});
