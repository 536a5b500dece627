import { describe, expect, it } from 'vitest';
import { type ChineseCheckersOptions, DEFAULT_OPTIONS, Position, perftPosition } from '../src/index.js';
import { type RefOptions, refPerft, refStart } from './reference.js';

const opts = (o: Partial<ChineseCheckersOptions>): ChineseCheckersOptions => ({ ...DEFAULT_OPTIONS, ...o });

describe('perft from the start position', () => {
  // [what it proves, options, depth, leaves]
  const table: [string, Partial<ChineseCheckersOptions>, number, number][] = [
    ['issue reference, 2p 10 pieces adjacent open: depth 1 (8 steps + 6 jumps)', {}, 1, 14],
    ['issue reference depth 2: the two armies do not meet yet', {}, 2, 196],
    ['issue reference depth 3', {}, 3, 4760],
    ['issue reference depth 4', {}, 4, 115600],
    ['issue reference depth 5 (depth 6 and 7 are in the benchmark)', {}, 5, 3188520],
    ['long jumps, 2p: same as adjacent until pieces spread out', { jump: 'long' }, 2, 196],
    ['long jumps, 2p depth 3: more landings than adjacent (5348 > 4760)', { jump: 'long' }, 3, 5348],
    ['long jumps, 2p depth 4', { jump: 'long' }, 4, 145924],
    ['3 players, alternating corners', { players: 3 }, 3, 2744],
    ['3 players depth 4', { players: 3 }, 4, 66640],
    ['4 players: neighbouring armies meet at ply 2 (199 > 196)', { players: 4 }, 2, 199],
    ['4 players depth 4', { players: 4 }, 4, 39601],
    ['6 players depth 3', { players: 6 }, 3, 2828],
    ['6 players depth 4', { players: 6 }, 4, 40189],
    ['15 pieces, 2p: 10 steps + 12 jumps from the row of five', { pieces: 15 }, 1, 22],
    ['15 pieces, 2p depth 3', { pieces: 15 }, 3, 15752],
    ['15 pieces, 3p depth 3', { players: 3, pieces: 15 }, 3, 10648],
    ['closed corners, 3p: the empty corners cost moves from depth 4', { players: 3, corners: 'closed' }, 4, 65072],
    ['食棋 adjacent: 6 captures into the centre and 48 out into the corners', { variant: 'capture' }, 1, 54],
    ['食棋 adjacent depth 3', { variant: 'capture' }, 3, 174582],
    ['食棋 on the hexagon only: just the 6 captures into the centre', { variant: 'capture', corners: 'closed' }, 1, 6],
  ];
  it.each(table)('%s', (_what, o, depth, leaves) => {
    expect(perftPosition(new Position(opts(o)), depth)).toBe(leaves);
  });
});

describe('the engine agrees with the simple reference generator', () => {
  // [what it proves, options, depth]
  const table: [string, RefOptions, number][] = [
    ['2p adjacent open', { players: 2, pieces: 10, jump: 'adjacent', corners: 'open', variant: 'race' }, 4],
    ['2p long open', { players: 2, pieces: 10, jump: 'long', corners: 'open', variant: 'race' }, 4],
    ['3p adjacent open', { players: 3, pieces: 10, jump: 'adjacent', corners: 'open', variant: 'race' }, 4],
    ['3p long closed corners', { players: 3, pieces: 10, jump: 'long', corners: 'closed', variant: 'race' }, 4],
    [
      '4p adjacent pass-through corners',
      { players: 4, pieces: 10, jump: 'adjacent', corners: 'pass', variant: 'race' },
      4,
    ],
    ['6p adjacent open', { players: 6, pieces: 10, jump: 'adjacent', corners: 'open', variant: 'race' }, 4],
    ['6p long closed', { players: 6, pieces: 10, jump: 'long', corners: 'closed', variant: 'race' }, 4],
    ['2p 15 pieces long', { players: 2, pieces: 15, jump: 'long', corners: 'open', variant: 'race' }, 3],
    ['3p 15 pieces adjacent', { players: 3, pieces: 15, jump: 'adjacent', corners: 'open', variant: 'race' }, 3],
    ['食棋 adjacent whole star', { players: 2, pieces: 10, jump: 'adjacent', corners: 'open', variant: 'capture' }, 3],
    ['食棋 long, hexagon only', { players: 3, pieces: 10, jump: 'long', corners: 'closed', variant: 'capture' }, 4],
  ];
  it.each(table)('%s', (_what, o, depth) => {
    const fast = perftPosition(new Position(opts(o)), depth);
    expect(fast).toBe(refPerft(o, refStart(o), depth));
  });
});
