import { Rng } from '@qiyuan/core';
import { CORNER_COUNT, POINT_COUNT } from './star.js';

/**
 * Zobrist keys as two 32-bit halves: one per colour and point, then one per
 * seat to move (`Z_SIDE + seat`) and one per seat that has left (`Z_DROP + seat`).
 * Seeded, so hashes agree between runs and machines.
 */
const count = CORNER_COUNT * POINT_COUNT + 2 * 6;
export const Z_LO = new Uint32Array(count);
export const Z_HI = new Uint32Array(count);
{
  const rng = Rng.fromSeed('qiyuan chinese-checkers zobrist');
  for (let i = 0; i < count; i++) {
    Z_LO[i] = rng.uint32();
    Z_HI[i] = rng.uint32();
  }
}
export const Z_SIDE: number = CORNER_COUNT * POINT_COUNT;
export const Z_DROP: number = Z_SIDE + 6;
