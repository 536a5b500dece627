import { Rng } from '@qiyuan/core';
import { RANK_COUNT } from './piece.js';

/**
 * Zobrist keys for the play phase as two 32-bit halves: one per point, army
 * (0..3), rank and face-down flag (`pieceKey`), then one per seat to move
 * from `Z_SEAT`. Seeded, so hashes agree between runs and machines.
 */
const POINT_SLOTS = 129;
export const Z_SEAT: number = POINT_SLOTS * 4 * RANK_COUNT * 2;
const size = Z_SEAT + 8;
export const Z_LO = new Uint32Array(size);
export const Z_HI = new Uint32Array(size);
{
  const rng = Rng.fromSeed(0x6a756e71);
  for (let i = 0; i < size; i++) {
    Z_LO[i] = rng.uint32();
    Z_HI[i] = rng.uint32();
  }
}

/** The key index of a piece: its point, army, rank and whether it lies face down. */
export const pieceKey = (point: number, owner: number, rank: number, faceDown: number): number =>
  ((point * 4 + owner) * RANK_COUNT + rank) * 2 + faceDown;
