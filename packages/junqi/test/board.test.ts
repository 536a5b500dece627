import { describe, expect, it } from 'vitest';
import { boardFor } from '../src/board.js';

const count = (players: number) => {
  const b = boardFor(players);
  return {
    points: b.points.length,
    road: b.edges.filter((e) => e.kind === 'road').length,
    rail: b.edges.filter((e) => e.kind === 'rail').length,
    camps: b.points.filter((p) => p.kind === 'camp').length,
    hqs: b.points.filter((p) => p.kind === 'hq').length,
  };
};

describe('boards', () => {
  it.each([
    // the two-player board of the rules: 60 points, 98 road and 35 rail edges, 5 camps and 2 headquarters a side
    [2, { points: 60, road: 98, rail: 35, camps: 10, hqs: 4 }],
    // three players use the four-player board
    [3, { points: 129, road: 196, rail: 92, camps: 20, hqs: 8 }],
    // the four-player board: 4 × 30 points plus the 9 central railway points
    [4, { points: 129, road: 196, rail: 92, camps: 20, hqs: 8 }],
  ])('%i players: counts', (players, expected) => {
    expect(count(players)).toEqual(expected);
  });

  it.each([2, 4])('%i players: each adjacent pair is listed once, ids are dense, names unique', (players) => {
    const b = boardFor(players);
    const keys = b.edges.map((e) => `${Math.min(e.from, e.to)}-${Math.max(e.from, e.to)}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(b.points.map((p) => p.id)).toEqual(b.points.map((_, i) => i));
    expect(new Set(b.points.map((p) => p.name)).size).toBe(b.points.length);
    for (const p of b.points) expect(b.byName(p.name)).toBe(p.id);
  });

  it('two players: the halves meet only at columns a, c and e, by rail', () => {
    const b = boardFor(2);
    const crossing = b.edges.filter((e) => b.points[e.from]!.army !== b.points[e.to]!.army);
    expect(crossing.map((e) => `${b.points[e.from]!.name}-${b.points[e.to]!.name}:${e.kind}`).sort()).toEqual([
      'a6-a7:rail',
      'c6-c7:rail',
      'e6-e7:rail',
    ]);
  });

  it('camps join all eight neighbours; headquarters only three', () => {
    const b = boardFor(2);
    // a camp (b3) has 4 orthogonal and 4 diagonal neighbours
    expect(b.adjacent[b.byName('b3')!]!.length).toBe(8);
    // the central camp c4 too
    expect(b.adjacent[b.byName('c4')!]!.length).toBe(8);
    // a headquarters (b1) joins a1, c1 and b2 only
    expect(b.adjacent[b.byName('b1')!]!.map((i) => b.points[i]!.name).sort()).toEqual(['a1', 'b2', 'c1']);
    // a plain station next to no camp (a1) has two neighbours
    expect(b.adjacent[b.byName('a1')!]!.length).toBe(2);
  });

  it('two players: a non-camp station that touches a camp diagonally is joined to it', () => {
    const b = boardFor(2);
    // a2 touches camp b3 diagonally; c2 touches b3 and d3
    expect(b.adjacent[b.byName('a2')!]!.map((i) => b.points[i]!.name).sort()).toEqual(['a1', 'a3', 'b2', 'b3']);
    expect(b.adjacent[b.byName('c2')!]!.map((i) => b.points[i]!.name).sort()).toEqual([
      'b2',
      'b3',
      'c1',
      'c3',
      'd2',
      'd3',
    ]);
  });

  it('two players: the long railway of column a runs from a2 to a11', () => {
    const b = boardFor(2);
    const line = b.lines.find((l) => l.length === 10 && b.points[l[0]!]!.name === 'a2');
    expect(line?.map((i) => b.points[i]!.name)).toEqual(['a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10', 'a11']);
  });

  it('four players: each arc joins two neighbouring armies front corners', () => {
    const b = boardFor(4);
    const arcs = b.edges.filter((e) => {
      const [p, q] = [b.points[e.from]!, b.points[e.to]!];
      return p.army !== null && q.army !== null && p.army !== q.army;
    });
    const pairs = arcs.map((e) => [b.points[e.from]!.name, b.points[e.to]!.name].sort().join('-')).sort();
    expect(pairs).toEqual(['Ea6-Se6', 'Ee6-Na6', 'Ne6-Wa6', 'Sa6-We6']);
    expect(arcs.every((e) => e.kind === 'rail')).toBe(true);
  });

  it('four players: each arc joins an army’s left side railway to its left-hand neighbour’s right side railway', () => {
    const b = boardFor(4);
    const centre = (army: number) => {
      const own = b.points.filter((p) => p.army === army);
      return { x: own.reduce((s, p) => s + p.x, 0) / own.length, y: own.reduce((s, p) => s + p.y, 0) / own.length };
    };
    for (let army = 0; army < 4; army++) {
      const back = b.points.find((p) => p.army === army && p.row === 1 && p.col === 2)!;
      const front = b.points.find((p) => p.army === army && p.row === 6 && p.col === 2)!;
      // facing from the back row to the front; on the drawing (y downwards) the left hand is that turned a quarter
      const left = { x: front.y - back.y, y: back.x - front.x };
      const here = centre(army);
      const toLeft = (other: number) => (centre(other).x - here.x) * left.x + (centre(other).y - here.y) * left.y;
      const leftHand = [0, 1, 2, 3].filter((o) => o !== army).sort((p, q) => toLeft(q) - toLeft(p))[0]!;
      const corner = b.points.find((p) => p.army === army && p.row === 6 && p.col === 0)!;
      const across = b.adjacent[corner.id]!.map((i) => b.points[i]!).filter((p) => p.army !== null && p.army !== army);
      expect(across.map((p) => [p.army, p.col])).toEqual([[leftHand, 4]]);
    }
  });

  it('four players: the centre is a 3 × 3 railway grid fed by each army front row at columns a, c, e', () => {
    const b = boardFor(4);
    const centre = b.points.filter((p) => p.army === null);
    expect(centre.length).toBe(9);
    for (const p of centre) expect(b.adjacent[p.id]!.length).toBe(b.railAdjacent[p.id]!.length);
    const fed = b.edges.filter((e) => b.points[e.from]!.army !== null && b.points[e.to]!.army === null);
    expect(fed.length).toBe(12);
    expect(new Set(fed.map((e) => b.points[e.from]!.name.slice(1))).size).toBe(3);
  });

  it('four players: a straight railway runs from one back rail row through the centre to the opposite one', () => {
    const b = boardFor(4);
    const long = b.lines.filter((l) => l.length === 13);
    expect(long.length).toBe(4);
    for (const l of long) {
      const ends = [b.points[l[0]!]!, b.points[l.at(-1)!]!];
      expect(ends.map((p) => p.row)).toEqual([2, 2]);
      expect((ends[0]!.army! + 2) % 4).toBe(ends[1]!.army);
    }
  });
});
