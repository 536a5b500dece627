import type { PointId } from './star.js';

/** A move packed as `from | to << 8`; `PASS` when a player is walled in and must let the turn go. */
export type PackedMove = number;
export const PASS: PackedMove = 0xffff;
export const packMove = (from: PointId, to: PointId): PackedMove => from | (to << 8);
export const moveFrom = (m: PackedMove): PointId => m & 0xff;
export const moveTo = (m: PackedMove): PointId => m >>> 8;
