import { describe, expect, it } from 'vitest';
import {
  directionTo,
  HEX_DIRECTIONS,
  hex,
  hexDistance,
  hexKey,
  hexLine,
  hexNeighbors,
  hexRing,
  hexRotate,
  hexSpiral,
  lineDirection,
  oppositeDirection,
  parseHexKey,
  toCube,
} from '../src/index.js';

describe('hex geometry', () => {
  it('cube coordinates sum to zero', () => {
    const c = toCube(hex(2, -5));
    expect(c.q + c.r + c.s).toBe(0);
  });

  it('has six distinct unit neighbours', () => {
    const n = hexNeighbors(hex(0, 0));
    expect(new Set(n.map(hexKey)).size).toBe(6);
    for (const h of n) expect(hexDistance(hex(0, 0), h)).toBe(1);
  });

  it('opposite directions cancel', () => {
    for (let d = 0; d < 6; d++) {
      const a = HEX_DIRECTIONS[d]!;
      const b = HEX_DIRECTIONS[oppositeDirection(d)]!;
      expect(a.q + b.q).toBe(0);
      expect(a.r + b.r).toBe(0);
    }
  });

  it('measures distance in steps', () => {
    expect(hexDistance(hex(0, 0), hex(3, -1))).toBe(3);
    expect(hexDistance(hex(-2, 4), hex(1, 1))).toBe(3);
    expect(hexDistance(hex(1, 1), hex(1, 1))).toBe(0);
  });

  it('rings have 6k hexes at distance k, and the spiral 1 + 3k(k+1)', () => {
    for (let k = 1; k <= 5; k++) {
      const ring = hexRing(hex(1, 2), k);
      expect(ring).toHaveLength(6 * k);
      for (const h of ring) expect(hexDistance(hex(1, 2), h)).toBe(k);
    }
    // Abalone's board is the radius-4 hexagon: 61 cells.
    expect(hexSpiral(hex(0, 0), 4)).toHaveLength(61);
  });

  it('lines step one hex at a time and include both ends', () => {
    const line = hexLine(hex(0, 0), hex(4, -2));
    expect(line).toHaveLength(5);
    expect(line[0]).toEqual(hex(0, 0));
    expect(line[4]).toEqual(hex(4, -2));
    for (let i = 1; i < line.length; i++) expect(hexDistance(line[i - 1]!, line[i]!)).toBe(1);
  });

  it('finds straight-line directions and neighbour directions', () => {
    expect(lineDirection(hex(0, 0), hex(3, 0))).toBe(0);
    expect(lineDirection(hex(0, 0), hex(0, -2))).toBe(2);
    expect(lineDirection(hex(0, 0), hex(2, -1))).toBe(-1);
    expect(directionTo(hex(0, 0), hex(-1, 1))).toBe(4);
    expect(directionTo(hex(0, 0), hex(2, 0))).toBe(-1);
  });

  it('six rotations return to the start and preserve distance', () => {
    const h = hex(3, -1);
    expect(hexRotate(h, 6)).toEqual(h);
    expect(hexRotate(hex(1, 0), 1)).toEqual(hex(1, -1));
    expect(hexDistance(hex(0, 0), hexRotate(h, 2))).toBe(hexDistance(hex(0, 0), h));
  });

  it('round-trips keys and refuses bad ones', () => {
    expect(parseHexKey(hexKey(hex(-3, 7)))).toEqual(hex(-3, 7));
    expect(parseHexKey('3;4')).toBeUndefined();
  });
});
