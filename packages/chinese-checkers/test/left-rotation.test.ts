import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { homePoints, oppositeCorner, POINTS, seatCorners } from '../src/index.js';
import { game, layout, play } from './helpers.js';

const cells = (points: readonly number[], colour: number): [number, number, number][] =>
  points.map((p) => [POINTS[p]!.q, POINTS[p]!.r, colour]);
const places = (g: ReturnType<typeof game>): readonly number[] => g.viewFor('spectator').places;

describe('the blocker rule judges a seat that has left the rotation by what it can no longer do', () => {
  // Four players, long jumps. Green (seat 2) brings one piece into Red's home while Red shuffles; Red's tenth
  // move lets its home pieces be blamed, so Green arrives after nine moves and leaves the rotation with nine
  // pieces that never moved still standing in its home, which is Red's goal.
  const LINE = (
    'd1-e6 h10-i9 o1-m5 j1-i1 e6-e5 i9-h10 m5-l4 i1-j1 e5-e6 h10-i9 l4-k3 j1-i1 e6-e5 i9-h10 k3-j3 i1-j1 ' +
    'e5-e6 h10-i9 j3-i3 j1-i1 e6-e5 i9-h10 i3-h4 i1-j1 e5-e6 h10-i9 h4-g5 j1-i1 e6-e5 i9-h10 g5-f6 i1-j1 ' +
    'e5-e6 h10-i9 f6-d1 j1-i1 e6-e5'
  ).split(' ');
  // Orange and Blue shuffle; Red walks a piece to o1, the one empty point of its goal.
  const RED_FILLS =
    'i9-h10 i1-j1 e5-f5 h10-i9 j1-i1 d2-h3 i9-h10 i1-j1 f5-j2 h10-i9 j1-i1 j2-k3 i9-h10 i1-j1 k3-l4 ' +
    'h10-i9 j1-i1 l4-m5 i9-h10 i1-j1 m5-o1';

  it('Green arrives on Red’s tenth move, having made nine', () => {
    const g = game({ players: 4, jump: 'long' });
    for (const m of LINE) play(g, m);
    expect(places(g)).toEqual([0, 0, 1, 0]);
  });

  it('Green’s unmoved pieces left in Red’s goal count for Red: filling the last point arrives', () => {
    const g = game({ players: 4, jump: 'long' });
    for (const m of [...LINE, ...RED_FILLS.split(' ')]) play(g, m);
    expect(places(g)).toEqual([2, 0, 1, 0]);
    expect(g.outcome()).toBeUndefined();
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
    unwrap(g.undo());
    expect(places(g)).toEqual([0, 0, 1, 0]);
  });

  it('a goal already full but for an unmoved blocker counts the moment the blocker’s seat arrives (next place)', () => {
    // Red's goal (corner 3, Green's home): nine red pieces and one green piece that never moved.
    // Green's goal (corner 0, Red's home): eight green pieces, one orange, one empty point; Green's last piece
    // stands beside it. Green steps in and arrives; its blocker can never move again, so Red arrives too.
    const redGoal = homePoints(3, 10);
    const greenGoal = homePoints(0, 10);
    const hole = greenGoal.find((p) => POINTS.some((o) => o.corner < 0 && isNext(o.id, p)))!;
    const rest = greenGoal.filter((p) => p !== hole);
    const outside = POINTS.find((p) => p.corner < 0 && isNext(p.id, hole))!;
    const g = game(
      { players: 4, repetition: false },
      layout(
        [
          ...cells(redGoal.slice(0, 9), 0),
          ...cells(redGoal.slice(9), 3),
          ...cells(rest.slice(0, 8), 3),
          ...cells(rest.slice(8), 1),
          [outside.q, outside.r, 3],
          [0, 0, 4],
        ],
        2,
      ),
    );
    expect(places(g)).toEqual([0, 0, 0, 0]);
    play(g, `${POINTS[outside.id]!.name}-${POINTS[hole]!.name}`);
    expect(places(g)).toEqual([2, 0, 1, 0]);
    unwrap(g.undo());
    expect(places(g)).toEqual([0, 0, 0, 0]);
  });
});

describe('the blocker rule judges a piece by what its owner did with it, as the rules page says', () => {
  it('a piece its owner moved back into its home counts at once: it was put there on purpose', () => {
    // Red's goal is Green's home: nine red pieces in it and one point left, which Green steps back into
    // after one move of its own (far fewer than ten)
    const goal = homePoints(3, 10);
    const back = goal.find((p) => POINTS.some((o) => o.corner < 0 && isNext(o.id, p)))!;
    const out = POINTS.find((p) => p.corner < 0 && isNext(p.id, back))!;
    const g = game(
      { repetition: false },
      layout(
        [
          ...cells(
            goal.filter((p) => p !== back),
            0,
          ),
          [out.q, out.r, 3],
          [0, 4, 0],
          [0, 2, 3],
        ],
        1,
      ),
    );
    play(g, `${out.name}-${POINTS[back]!.name}`);
    expect(g.outcome()).toEqual({ reason: 'goal-filled', results: ['win', 'loss'], ranking: [1, 2] });
  });

  it('a piece that never moved from its home still waits for its owner’s tenth move', () => {
    const goal = homePoints(3, 10);
    const back = goal.find((p) => POINTS.some((o) => o.corner < 0 && isNext(o.id, p)))!;
    const out = POINTS.find((p) => p.corner < 0 && isNext(p.id, back))!;
    // the same, but the green piece stands on that point from the start and Red steps into the hole it left
    const hole = goal.find((p) => p !== back && POINTS.some((o) => o.corner < 0 && isNext(o.id, p)))!;
    const beside = POINTS.find((p) => p.corner < 0 && isNext(p.id, hole) && p.id !== out.id)!;
    const g = game(
      { repetition: false },
      layout(
        [
          ...cells(
            goal.filter((p) => p !== back && p !== hole),
            0,
          ),
          ...cells([back], 3),
          [beside.q, beside.r, 0],
        ],
        0,
      ),
    );
    play(g, `${beside.name}-${POINTS[hole]!.name}`);
    expect(g.outcome()).toBeUndefined();
  });
});

const isNext = (a: number, b: number): boolean => {
  const A = POINTS[a]!;
  const B = POINTS[b]!;
  const dq = A.q - B.q;
  const dr = A.r - B.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2 === 1;
};

describe('three players, 15 pieces: a goal overlaps one point of each neighbour’s home', () => {
  it('two points of every goal are neighbours’ home points, one of each', () => {
    const corners = seatCorners(3);
    corners.forEach((home, s) => {
      const goal = new Set(homePoints(oppositeCorner(home), 15));
      const shared = corners.filter((_, t) => t !== s).map((c) => homePoints(c, 15).filter((p) => goal.has(p)).length);
      expect(shared).toEqual([1, 1]);
    });
  });

  it('Red’s goal full around both neighbours’ unmoved pieces counts once both could have moved them, not after one', () => {
    const goal = homePoints(3, 15);
    const yellow = goal.find((p) => homePoints(2, 15).includes(p))!;
    const blue = goal.find((p) => homePoints(4, 15).includes(p))!;
    const free = goal.filter((p) => p !== yellow && p !== blue);
    const hole = free.find((p) => POINTS.some((o) => o.corner < 0 && !goal.includes(o.id) && isNext(o.id, p)))!;
    const entry = POINTS.find((o) => o.corner < 0 && !goal.includes(o.id) && isNext(o.id, hole))!;
    const g = game(
      { players: 3, pieces: 15, repetition: false },
      layout([
        ...cells(
          free.filter((p) => p !== hole),
          0,
        ),
        ...cells([yellow], 2),
        ...cells([blue], 4),
        [entry.q, entry.r, 0],
        [-1, 1, 0],
        [0, 0, 2],
        [1, -2, 4],
      ]),
    );
    const step = (a: [number, number], b: [number, number]) =>
      `${POINTS.find((p) => p.q === a[0] && p.r === a[1])!.name}-${POINTS.find((p) => p.q === b[0] && p.r === b[1])!.name}`;
    const shuffle = (a: [number, number], b: [number, number]) => (i: number) =>
      i % 2 === 0 ? step(a, b) : step(b, a);
    const red = shuffle([-1, 1], [-1, 2]);
    const yel = shuffle([0, 0], [1, 0]);
    const blu = shuffle([1, -2], [2, -2]);
    play(g, `${entry.name}-${POINTS[hole]!.name}`);
    expect(places(g)).toEqual([0, 0, 0]);
    for (let i = 0; i < 14; i++) {
      play(g, yel(i));
      play(g, blu(i));
      play(g, red(i));
    }
    // Yellow's fifteenth move: its piece may be blamed, Blue's not yet
    play(g, yel(14));
    expect(places(g)).toEqual([0, 0, 0]);
    // Blue's fifteenth: both may be blamed, and Red has arrived
    play(g, blu(14));
    expect(places(g)).toEqual([1, 0, 0]);
  });
});
