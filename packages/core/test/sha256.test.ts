import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/random.js';
import { sha256Words } from '../src/sha256.js';

const nodeWords = (bytes: Uint8Array): number[] => {
  const d = createHash('sha256').update(bytes).digest();
  return Array.from({ length: 8 }, (_, i) => d.readUInt32BE(i * 4));
};

describe('sha256Words', () => {
  it('gives the standard digests of the FIPS 180-4 examples', () => {
    const hex = (s: string) =>
      Array.from(sha256Words(new TextEncoder().encode(s)), (w) => w.toString(16).padStart(8, '0')).join('');
    expect(hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with Node for every length across the padding and block boundaries', () => {
    // lengths 0-200 cover one, two and four blocks, and the lengths whose padding spills into a block of its own
    const rng = Rng.fromSeed('sha256-lengths');
    for (let n = 0; n <= 200; n++) {
      const bytes = Uint8Array.from({ length: n }, () => rng.int(0, 255));
      expect(Array.from(sha256Words(bytes)), `length ${n}`).toEqual(nodeWords(bytes));
    }
  });

  it('reads a view into a larger buffer from its own offset', () => {
    const whole = Uint8Array.from({ length: 100 }, (_, i) => i * 7);
    const part = whole.subarray(13, 71);
    expect(Array.from(sha256Words(part))).toEqual(nodeWords(part));
  });
});
