import {
  createGame,
  homePoints,
  type JumpRule,
  type Layout,
  moveFrom,
  moveTo,
  PASS,
  pointByName,
} from '@qiyuan/chinese-checkers';
import { Rng, unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { ArrivalSearch, arrivalGoal } from '../src/chinese-checkers-arrival.js';
import { arrivalSearchFor, puzzleOptions } from '../src/chinese-checkers-puzzles.js';

/**
 * The arrival search (Chinese Checkers puzzles): its moves are the engine's, its bound never overestimates (checked
 * against a plain breadth-first search that uses no bound), and hand-built positions have the answers worked out
 * by hand.
 */

/** Seeded random games, the positions on the way as layouts with the side to move. */
const randomLayouts = (jump: JumpRule, seed: string, plies: number): Layout[] => {
  const rng = Rng.fromSeed(seed);
  const game = unwrap(createGame(puzzleOptions(jump)));
  const out: Layout[] = [];
  for (let i = 0; i < plies && !game.outcome(); i++) {
    const pos = game.searchable;
    const cells = new Map<number, number>();
    for (let p = 0; p < 121; p++) if (pos.colourAt(p) >= 0) cells.set(p, pos.colourAt(p));
    out.push({ cells, side: pos.turnSeat });
    const moves = game.legalMoves();
    unwrap(game.play(rng.pick(moves)));
  }
  return out;
};

const sidesOf = (layout: Layout): { pieces: number[]; stones: number[]; goal: readonly number[] } => {
  const colour = layout.side === 0 ? 0 : 3;
  const pieces = [...layout.cells].filter(([, c]) => c === colour).map(([p]) => p);
  const stones = [...layout.cells].filter(([, c]) => c !== colour).map(([p]) => p);
  return { pieces, stones, goal: arrivalGoal(colour) };
};

/** The fewest moves by breadth-first search over the solver's positions, no bound used; undefined beyond `limit`. */
const breadthFirst = (
  pieces: readonly number[],
  stones: readonly number[],
  goal: readonly number[],
  jump: JumpRule,
  limit: number,
): number | undefined => {
  const key = (xs: readonly number[]) => [...xs].sort((a, b) => a - b).join(',');
  let frontier: (readonly number[])[] = [pieces];
  const seen = new Set([key(pieces)]);
  for (let depth = 0; depth <= limit; depth++) {
    const next: number[][] = [];
    for (const at of frontier) {
      const search = new ArrivalSearch(at, stones, goal, jump);
      if (search.arrived()) return depth;
      if (depth === limit) continue;
      for (const m of search.moves()) {
        search.play(m);
        if (!seen.has(key(search.pieces))) {
          seen.add(key(search.pieces));
          next.push([...search.pieces]);
        }
        search.undo(m);
      }
    }
    frontier = next;
  }
  return undefined;
};

const p = (names: string): number[] => names.split(' ').map(pointByName);

describe('the arrival search', () => {
  for (const jump of ['adjacent', 'long'] as const) {
    it(`finds exactly the engine's moves for the side to move (${jump} jumps, 400 positions of random games)`, () => {
      let compared = 0;
      for (const seed of ['a', 'b', 'c', 'd']) {
        for (const layout of randomLayouts(jump, `${jump} ${seed}`, 100)) {
          const { pieces, stones, goal } = sidesOf(layout);
          const search = new ArrivalSearch(pieces, stones, goal, jump);
          const engine = new Set(
            unwrap(createGame(puzzleOptions(jump), layout))
              .searchable.generateMoves()
              .filter((m) => m !== PASS)
              .map((m) => `${moveFrom(m)}-${moveTo(m)}`),
          );
          const ours = search.moves().map((m) => `${m & 0xff}-${m >>> 8}`);
          expect(new Set(ours).size).toBe(ours.length);
          expect(new Set(ours)).toEqual(engine);
          compared++;
        }
      }
      expect(compared).toBe(400);
    });
  }

  it('a piece next to the goal steps in: one move; the bound is one', () => {
    const goal = arrivalGoal(0);
    // red goes north: its goal is the north corner (rows n..q); nine pieces home, the tenth on m9, next to n4
    const home = homePoints(3, 10).filter((x) => x !== pointByName('n4'));
    const s = new ArrivalSearch([...home, pointByName('m9')], [], goal, 'adjacent');
    expect(s.lowerBound()).toBe(1);
    expect(s.shortest(4)).toBe(1);
    expect(s.firstMoves(1).length).toBe(1);
  });

  it('a piece of the wrong jump class, far from the free goal point, needs two moves, and the bound says two', () => {
    const home = homePoints(3, 10).filter((x) => x !== pointByName('q1'));
    // q1 is (4, -8) in axial coordinates, i4 (-1, 0): another jump class, and far away
    const s = new ArrivalSearch([...home, pointByName('i4')], [], arrivalGoal(0), 'adjacent');
    expect(s.lowerBound()).toBe(2);
    expect(s.arrivesWithin(1)).toBe(false);
  });

  it('a chain over standing pieces is one move', () => {
    const home = homePoints(3, 10).filter((x) => x !== pointByName('n1'));
    // j6 jumps north over k6 to l6, then over m6 to n1: two hops, one move
    const s = new ArrivalSearch([...home, pointByName('j6')], p('k6 m6'), arrivalGoal(0), 'adjacent');
    expect(s.shortest(6)).toBe(1);
    expect(s.line(1)).toEqual([pointByName('j6') | (pointByName('n1') << 8)]);
    // without the second stone the chain stops on l6, two steps short of n1 (m6, then n1)
    const t = new ArrivalSearch([...home, pointByName('j6')], p('k6'), arrivalGoal(0), 'adjacent');
    expect(t.shortest(6)).toBe(3);
    expect(breadthFirst(t.pieces, p('k6'), arrivalGoal(0), 'adjacent', 3)).toBe(3);
  });

  for (const jump of ['adjacent', 'long'] as const) {
    it(`proves the same fewest moves as a breadth-first search without the bound (${jump} jumps)`, () => {
      const rng = Rng.fromSeed(`bfs ${jump}`);
      let compared = 0;
      for (let trial = 0; trial < 40 && compared < 12; trial++) {
        // nine pieces home, the tenth on a random point of rows j to m, random standing pieces around it
        const goal = arrivalGoal(0);
        const pieces = goal.slice(1);
        const free = Array.from({ length: 121 }, (_, i) => i).filter((x) => !goal.includes(x) && x >= 72);
        while (pieces.length < 10) {
          const x = rng.pick(free);
          if (!pieces.includes(x)) pieces.push(x);
        }
        const stones = free.filter((x) => !pieces.includes(x) && rng.int(0, 5) === 0);
        const a = new ArrivalSearch(pieces, stones, goal, jump);
        const exact = breadthFirst(pieces, stones, goal, jump, 3);
        if (exact === undefined) continue;
        expect(a.lowerBound()).toBeLessThanOrEqual(exact);
        expect(a.shortest(3)).toBe(exact);
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(8);
    });
  }

  it('refuses a layout with another colour in the goal', () => {
    const layout: Layout = { cells: new Map([...homePoints(3, 10).map((x) => [x, 3] as [number, number])]), side: 0 };
    const cells = new Map(layout.cells);
    for (const x of homePoints(0, 10)) cells.set(x, 0);
    expect(arrivalSearchFor({ cells, side: 0 }, 'adjacent')).toMatchObject({ ok: false });
  });
});
