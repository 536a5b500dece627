import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { SecretStream } from './secret-stream.js';

/**
 * Seeded randomness for every engine and the AI: pure-rand's xoroshiro128+ for public seeds, SHA-256 in counter
 * mode for a game's secret seed; either state can be saved in a snapshot and restored exactly.
 */
export class Rng {
  private constructor(private generator: RandomGenerator) {}

  /**
   * xoroshiro128+ seeded straight from a small integer starts with several
   * outputs near the top of the range (the state is almost all zero bits), so
   * the seed is mixed first and the first outputs are dropped.
   */
  static fromSeed(seed: number | string): Rng {
    const secret = typeof seed === 'string' ? SECRET_SEED_STREAM.exec(seed) : null;
    // A secret seed (32 hex digits, 128 bits) keys a stream of SHA-256 (secret-stream.ts): what a player sees of it
    // tells nothing of the rest. Any other seed is the old form, hashed to 32 bits into xoroshiro128+, kept so that
    // games stored with numeric seeds replay exactly as they were played, and for public seeds (Zobrist keys, tests).
    if (secret) return new Rng(SecretStream.fromSecret(secret[1] as string, secret[2] ?? ''));
    const generator = xoroshiro128plus(mix32(typeof seed === 'number' ? seed | 0 : hashSeed(seed)));
    for (let i = 0; i < 8; i++) generator.next();
    return new Rng(generator);
  }

  static fromState(state: readonly number[]): Rng {
    return new Rng(SecretStream.isState(state) ? SecretStream.fromState(state) : xoroshiro128plusFromState(state));
  }

  state(): number[] {
    return [...this.generator.getState()];
  }

  clone(): Rng {
    return new Rng(this.generator.clone());
  }

  /** A uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return uniformInt(this.generator, min, max);
  }

  /** A uniform float in [0, 1) with 32 bits of precision. */
  float(): number {
    return (this.generator.next() >>> 0) / 4294967296;
  }

  /** A uint32, for hashing keys such as Zobrist tables. */
  uint32(): number {
    return this.generator.next() >>> 0;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Fisher–Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const t = items[i] as T;
      items[i] = items[j] as T;
      items[j] = t;
    }
    return items;
  }
}

/** The MurmurHash3 finalizer: spreads every bit of a 32-bit seed over the whole word. */
export const mix32 = (x: number): number => {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
};

/** FNV-1a over the UTF-16 code units: turns a seed phrase into a 32-bit seed. */
export const hashSeed = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
};

/**
 * A game's secret seed: 32 lowercase hex digits, 128 random bits drawn by the server. With the old 31-bit
 * seeds every 翻棋 layout could be found by trying all seeds (hours on one core); 2^128 cannot be searched.
 */
export const SECRET_SEED = /^[0-9a-f]{32}$/;

/** Whether a seed is the secret form (else a stored game's old numeric seed or a public phrase). */
export const isSecretSeed = (seed: unknown): seed is string => typeof seed === 'string' && SECRET_SEED.test(seed);

/** A secret seed, alone or followed by `:` and a stream's label (`${seed}:flip`, `${seed}:deal:0`, …). */
const SECRET_SEED_STREAM = /^([0-9a-f]{32})(?::([\s\S]*))?$/;
