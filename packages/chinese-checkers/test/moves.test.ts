import { describe, expect, it } from 'vitest';
import { POINTS } from '../src/index.js';
import { at, destinationsOf, game, keys, layout } from './helpers.js';

// Colours: 0 is seat 0 (red, south corner), 3 is seat 1 (green, north corner) in a two-player game.
const ME = 0;
const YOU = 3;

describe('steps and jumps (two players, open corners)', () => {
  // [what it proves, jump rule, pieces, the mover at (0,0): expected destinations]
  const table: [string, 'adjacent' | 'long', [number, number, number][], [number, number][]][] = [
    [
      'a lone piece steps to each of its six neighbours',
      'adjacent',
      [[0, 0, ME]],
      [
        [1, 0],
        [1, -1],
        [0, -1],
        [-1, 0],
        [-1, 1],
        [0, 1],
      ],
    ],
    [
      'a neighbour of any colour is jumped to the empty point right behind it',
      'adjacent',
      [
        [0, 0, ME],
        [1, 0, YOU],
      ],
      [
        [2, 0],
        [1, -1],
        [0, -1],
        [-1, 0],
        [-1, 1],
        [0, 1],
      ],
    ],
    [
      'adjacent rule: a piece two points away cannot be jumped',
      'adjacent',
      [
        [0, 0, ME],
        [2, 0, YOU],
      ],
      [
        [1, 0],
        [1, -1],
        [0, -1],
        [-1, 0],
        [-1, 1],
        [0, 1],
      ],
    ],
    [
      'long rule: a piece two points away is jumped to four points away (mirror image)',
      'long',
      [
        [0, 0, ME],
        [2, 0, YOU],
      ],
      [
        [4, 0],
        [1, 0],
        [1, -1],
        [0, -1],
        [-1, 0],
        [-1, 1],
        [0, 1],
      ],
    ],
    [
      'long rule: a second piece on the far side blocks the jump (the seed’s d/e example)',
      'long',
      [
        [0, 0, ME],
        [2, 0, YOU],
        [3, 0, ME],
      ],
      [
        [1, 0],
        [1, -1],
        [0, -1],
        [-1, 0],
        [-1, 1],
        [0, 1],
      ],
    ],
    [
      'long rule: a jump that would land off the star is not a move',
      'long',
      [
        [0, 0, ME],
        [3, 0, YOU],
      ],
      [
        [1, 0],
        [1, -1],
        [0, -1],
        [-1, 0],
        [-1, 1],
        [0, 1],
      ],
    ],
    [
      'a chain of jumps may stop after any jump (the seed’s b → B → C)',
      'adjacent',
      [
        [0, 0, ME],
        [0, 1, YOU],
        [0, 3, ME],
      ],
      [
        [0, 2],
        [0, 4],
        [1, 0],
        [1, -1],
        [0, -1],
        [-1, 0],
        [-1, 1],
      ],
    ],
  ];
  it.each(table)('%s', (_what, jump, pieces, expected) => {
    const g = game({ jump }, layout(pieces));
    expect(destinationsOf(g, 0, 0)).toEqual(keys(expected));
  });

  it('a piece off the line is not jumped (the seed’s f): only the six straight directions count', () => {
    // (2,1) is a knight-like offset from (0,0): on no line through it, so no long jump over it
    const g = game(
      { jump: 'long' },
      layout([
        [0, 0, ME],
        [2, 1, YOU],
      ]),
    );
    expect(destinationsOf(g, 0, 0)).toHaveLength(6);
  });

  it('two paths to one point are one move, and a chain back to the start is no move', () => {
    // (2,0) and (0,2) are reachable directly and through each other; (2,0) → (0,2) → (0,0) closes a loop
    const g = game(
      {},
      layout([
        [0, 0, ME],
        [1, 0, YOU],
        [0, 1, YOU],
        [1, 1, YOU],
      ]),
    );
    const moves = g.legalMoves().filter((m) => m.kind === 'move' && m.from === at(0, 0));
    const ends = moves.map((m) => (m.kind === 'move' ? m.to : -1));
    expect(new Set(ends).size).toBe(ends.length);
    expect(ends).not.toContain(at(0, 0));
    expect(ends).toContain(at(2, 0));
    expect(ends).toContain(at(0, 2));
  });

  it('the moving piece is lifted: a chain may not jump over the point it started from', () => {
    // from (0,0) over (1,0) to (2,0); jumping back west from (2,0) would need a piece on (1,0)→ no, on (0,0) for (−2,0)
    const g = game(
      {},
      layout([
        [0, 0, ME],
        [1, 0, YOU],
        [-1, 0, YOU],
      ]),
    );
    // (-2,0) is reached directly over (-1,0); from (2,0) the line west passes (1,0) then (0,0), which is empty now
    expect(destinationsOf(g, 0, 0)).toContain('-2,0');
    expect(destinationsOf(g, 0, 0)).toContain('2,0');
    expect(destinationsOf(g, 0, 0)).toHaveLength(6);
  });

  it('only the side to move has moves, and each legal move is a distinct from-to pair', () => {
    const g = game({});
    const moves = g.legalMoves();
    expect(moves).toHaveLength(14);
    for (const m of moves) if (m.kind === 'move') expect(POINTS[m.from]!.corner).toBe(0);
    expect(g.legalMoves(1)).toEqual([]);
  });
});

describe('the corner rule', () => {
  // Seat 0 (south) goes north. (3,2) lies in corner 1, which is neither its home nor its goal.
  // From (1,2): a jump over (2,2) lands in corner 1 at (3,2); from there over (3,1) to (3,0) outside it.
  const pieces: [number, number, number][] = [
    [1, 2, ME],
    [2, 2, YOU],
    [3, 1, YOU],
  ];
  // [what it proves, rule, corner-1 landing is a move, chain through it reaches (3,0)]
  const table: [string, 'open' | 'pass' | 'closed', boolean, boolean][] = [
    ['open: a piece may stop in and pass through other corners', 'open', true, true],
    ['pass: a chain may land in another corner on its way but not end there', 'pass', false, true],
    ['closed: other corners are out of bounds, even mid-chain', 'closed', false, false],
  ];
  it.each(table)('%s', (_what, corners, stopInCorner, through) => {
    const g = game({ corners }, layout(pieces));
    const dests = destinationsOf(g, 1, 2);
    expect(dests.includes('3,2')).toBe(stopInCorner);
    expect(dests.includes('3,0')).toBe(through);
  });

  it('closed: a step into another corner is refused with a reason', () => {
    const g = game({ corners: 'closed' }, layout([[2, 2, ME]]));
    expect(destinationsOf(g, 2, 2)).not.toContain('3,2');
    const r = g.play({ kind: 'move', from: at(2, 2), to: at(3, 2) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.reason).toMatch(/corner/);
  });

  it('closed: home and goal corners stay open to their owner', () => {
    // (0,-4) is on the hexagon edge in front of the goal (north corner, r < -4); (1,-5) is in the goal
    const g = game(
      { corners: 'closed' },
      layout([
        [0, -4, ME],
        [-3, 6, ME],
      ]),
    );
    expect(destinationsOf(g, 0, -4)).toContain('1,-5');
    expect(destinationsOf(g, -3, 6)).toContain('-3,7'); // back into its own home corner
  });
});

describe('a walled-in player passes', () => {
  it('has only the pass move, and the turn goes on', () => {
    // the south tip (-4,8) has two neighbours; both taken, both jump landings taken
    const g = game(
      {},
      layout([
        [-4, 8, ME],
        [-4, 7, YOU],
        [-3, 7, YOU],
        [-4, 6, YOU],
        [-2, 6, YOU],
      ]),
    );
    expect(g.legalMoves()).toEqual([{ kind: 'pass' }]);
    expect(g.moveToString({ kind: 'pass' })).toBe('pass');
    expect(g.play({ kind: 'pass' }).ok).toBe(true);
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
  });

  it('may not pass while it has a move', () => {
    const g = game({});
    const r = g.play({ kind: 'pass' });
    expect(r.ok).toBe(false);
  });
});
