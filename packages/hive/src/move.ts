/**
 * A move: 0 is a pass; otherwise `piece + 32 * destination + 32768 * kind + 1`.
 * Placements, moves and Pillbug throws are kind 0 (the tile that ends on
 * `destination`). The two-tile moves name the tile that acts: a Mantis's grab
 * (`to` is the cell of the tile it takes under itself), a Centipede's swap
 * (`to` is the cell of the tile it trades places with), a Dragonfly's carry
 * (`to` is where it lands with the tile it stood on).
 */
export type Move = number;
export const PASS: Move = 0;
export const MOVE_PLAIN = 0;
export const MOVE_GRAB = 1;
export const MOVE_SWAP = 2;
export const MOVE_CARRY = 3;
export const encodeMove = (piece: number, to: number, kind = 0): Move => piece + 32 * to + 32768 * kind + 1;
export const movePiece = (m: Move): number => (m - 1) & 31;
export const moveTo = (m: Move): number => ((m - 1) >> 5) & 1023;
export const moveKind = (m: Move): number => (m - 1) >> 15;
