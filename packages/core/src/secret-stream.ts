import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { sha256Words } from './sha256.js';

/**
 * The random stream of a game's secret seed: SHA-256 in counter mode. Block `n` is SHA-256(key ‖ n as 8 bytes),
 * read as eight 32-bit words, and the key is SHA-256 of the seed and the stream's label. A player who sees part of
 * one stream (the pieces 翻棋 turns face up, their own random deployment) learns nothing about the rest of it, about
 * another stream of the same game or about the seed: that would take inverting SHA-256. A linear generator such as
 * xoroshiro128+ gives no such promise, so it serves only the old public seeds.
 */
export class SecretStream implements RandomGenerator {
  private readonly words = new Uint32Array(8);

  private constructor(
    /** The 256-bit key as eight 32-bit words (big-endian). */
    private readonly key: Uint32Array,
    /** The block `words` holds. */
    private counter: number,
    /** The next word of `words` to hand out (8: the block is used up). */
    private index: number,
  ) {
    if (index < 8) this.fill();
  }

  static fromSecret(seedHex: string, label: string): SecretStream {
    const key = sha256Words(new TextEncoder().encode(`${STREAM_DOMAIN}\u0000${seedHex}\u0000${label}`));
    return new SecretStream(key, -1, 8);
  }

  /** Whether `state` is a state `getState` gave. */
  static isState(state: readonly number[]): boolean {
    return state.length === STATE_LENGTH && state[0] === STATE_TAG;
  }

  static fromState(state: readonly number[]): SecretStream {
    if (!SecretStream.isState(state)) throw new RangeError('not the state of a secret stream');
    const index = state[10] as number;
    if (!Number.isInteger(index) || index < 0 || index > 8) throw new RangeError('a secret stream state out of range');
    return new SecretStream(Uint32Array.from(state.slice(1, 9)), state[9] as number, index);
  }

  next(): number {
    if (this.index === 8) {
      this.counter++;
      this.fill();
      this.index = 0;
    }
    return (this.words[this.index++] as number) | 0;
  }

  clone(): SecretStream {
    return new SecretStream(this.key.slice(), this.counter, this.index);
  }

  /** `[tag, the key's eight words, block counter, index]`: the generator restored exactly by `fromState`. */
  getState(): readonly number[] {
    return [STATE_TAG, ...this.key, this.counter, this.index];
  }

  private fill(): void {
    const input = new Uint8Array(40);
    const view = new DataView(input.buffer);
    for (let i = 0; i < 8; i++) view.setUint32(i * 4, this.key[i] as number);
    view.setUint32(32, Math.floor(this.counter / 2 ** 32));
    view.setUint32(36, this.counter >>> 0);
    this.words.set(sha256Words(input));
  }
}

/** Names this construction, so that its keys never coincide with SHA-256 of anything else the project hashes. */
const STREAM_DOMAIN = 'qiyuan-secret-stream-1';
/** Marks a saved state as this generator's (a xoroshiro128+ state is four words). */
const STATE_TAG = 0x5ec2e7 | 0;
const STATE_LENGTH = 11;
