import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSecretSeed, Rng } from '../src/index.js';

const words = (seed: string, n = 6) => {
  const rng = Rng.fromSeed(seed);
  return Array.from({ length: n }, () => rng.uint32());
};

/** Flips bit `bit` (0 = the most significant) of a 32-hex-digit seed. */
const flipBit = (hex: string, bit: number): string => {
  const i = bit >> 2;
  const digit = Number.parseInt(hex[i] as string, 16) ^ (8 >> (bit & 3));
  return hex.slice(0, i) + digit.toString(16) + hex.slice(i + 1);
};

describe('secret seeds (128 bits)', () => {
  it('is SHA-256 in counter mode, keyed by SHA-256 of the seed and the label (checked against node:crypto)', () => {
    const counterMode = (seed: string, label: string, n: number): number[] => {
      const key = createHash('sha256').update(`qiyuan-secret-stream-1\u0000${seed}\u0000${label}`).digest();
      const out: number[] = [];
      for (let block = 0; out.length < n; block++) {
        const counter = Buffer.alloc(8);
        counter.writeBigUInt64BE(BigInt(block));
        const digest = createHash('sha256')
          .update(Buffer.concat([key, counter]))
          .digest();
        for (let i = 0; i < 8; i++) out.push(digest.readUInt32BE(i * 4));
      }
      return out.slice(0, n);
    };
    const seed = '0123456789abcdef0123456789abcdef';
    // 20 words cross two block boundaries
    expect(words(seed, 20)).toEqual(counterMode(seed, '', 20));
    expect(words(`${seed}:flip`, 20)).toEqual(counterMode(seed, 'flip', 20));
    expect(words('00000000000000000000000000000000:deal:1', 9)).toEqual(
      counterMode('00000000000000000000000000000000', 'deal:1', 9),
    );
  });

  it('saves and restores a secret stream exactly, mid-block', () => {
    const rng = Rng.fromSeed('8f3a0c55e1d2b7946a0ffe1023cd4b77:flip');
    for (let i = 0; i < 11; i++) rng.uint32();
    const again = Rng.fromState(rng.state());
    const copy = rng.clone();
    const next = Array.from({ length: 12 }, () => rng.uint32());
    expect(Array.from({ length: 12 }, () => again.uint32())).toEqual(next);
    expect(Array.from({ length: 12 }, () => copy.uint32())).toEqual(next);
  });

  it('every one of the 128 bits changes the stream, for every label', () => {
    const base = '8f3a0c55e1d2b7946a0ffe1023cd4b77';
    for (const label of ['', ':flip', ':setup:0:1', ':deal:3']) {
      const seen = new Set([words(base + label).join()]);
      for (let bit = 0; bit < 128; bit++) seen.add(words(flipBit(base, bit) + label).join());
      expect(seen.size).toBe(129);
    }
  });

  it('a stream label gives a different stream of the same seed', () => {
    const base = '8f3a0c55e1d2b7946a0ffe1023cd4b77';
    const streams = ['', ':flip', ':setup:0:0', ':setup:0:1', ':deal:0', ':deal:1'].map((l) => words(base + l).join());
    expect(new Set(streams).size).toBe(streams.length);
  });

  it('the old forms (numbers and phrases) keep their 32-bit derivation, so stored games replay as played', () => {
    // Recorded from the code before secret seeds existed.
    expect(words('12345:flip', 3)).toEqual([1913179025, 2696652991, 2263178925]);
    expect(words('hive-zobrist', 3)).toEqual([1359511135, 3532924332, 1685169031]);
    const numeric = Rng.fromSeed(12345);
    expect([numeric.uint32(), numeric.uint32(), numeric.uint32()]).toEqual([1067346170, 1966149663, 3885181186]);
    // The same text hashed the old way (32 bits) gave this; the secret form no longer does.
    expect(words('0123456789abcdef0123456789abcdef:flip', 3)).not.toEqual([2479856494, 2949496248, 4262454077]);
    // A seed with upper-case digits or the wrong length is not the secret form.
    expect(isSecretSeed('0123456789ABCDEF0123456789ABCDEF')).toBe(false);
    expect(isSecretSeed('0123456789abcdef0123456789abcde')).toBe(false);
    expect(isSecretSeed(12345)).toBe(false);
    expect(isSecretSeed('0123456789abcdef0123456789abcdef')).toBe(true);
  });
});
