import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import {
  CENTRE,
  chineseCheckers,
  exportGame,
  fromSnapshot,
  homePoints,
  POINTS,
  parseGame,
  parseOptions,
  parsePoint,
  parsePosition,
  pointAt,
  seatCorners,
} from '../src/index.js';
import { at, game, layout, play } from './helpers.js';

describe('the star', () => {
  it('has 121 points: a hexagon of 61 and six corners of 10', () => {
    expect(POINTS).toHaveLength(121);
    expect(POINTS.filter((p) => p.corner === -1)).toHaveLength(61);
    for (let c = 0; c < 6; c++) expect(POINTS.filter((p) => p.corner === c)).toHaveLength(10);
  });

  it('15-point homes add the hexagon edge; neighbouring ones share one point, opposite ones none', () => {
    const h = (c: number) => new Set(homePoints(c, 15));
    expect(h(0).size).toBe(15);
    expect([...h(0)].filter((p) => h(1).has(p))).toHaveLength(1);
    expect([...h(0)].filter((p) => h(2).has(p))).toHaveLength(0);
    expect([...h(0)].filter((p) => h(3).has(p))).toHaveLength(0);
  });

  it('corners go counter-clockwise on screen from the south, and drawing coordinates are unit-spaced', () => {
    const centreOf = (c: number) => {
      const ps = POINTS.filter((p) => p.corner === c);
      return [ps.reduce((a, p) => a + p.x, 0) / 10, ps.reduce((a, p) => a + p.y, 0) / 10] as const;
    };
    const angles = [0, 1, 2, 3, 4, 5].map((c) =>
      Math.round((Math.atan2(centreOf(c)[1], centreOf(c)[0]) * 180) / Math.PI),
    );
    expect(angles).toEqual([90, 30, -30, -90, -150, 150]);
    const [a, b] = [POINTS[at(0, 0)]!, POINTS[at(1, 0)]!];
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(1);
  });

  // [name, q, r]: the naming runs by row from the south tip, west to east
  const names: [string, number, number][] = [
    ['a1', -4, 8], // south tip
    ['d4', -1, 5], // east end of red's front row
    ['e1', -8, 4], // west end of the first long row
    ['e13', 4, 4],
    ['i5', 0, 0], // centre
    ['q1', 4, -8], // north tip
  ];
  it.each(names)('%s is (%i, %i)', (name, q, r) => {
    expect(unwrap(parsePoint(name))).toBe(pointAt(q, r));
    expect(POINTS[pointAt(q, r)]!.name).toBe(name);
  });
  it('the centre is i5', () => expect(POINTS[CENTRE]!.name).toBe('i5'));

  // [text]: not points
  it.each([['z1'], ['a2'], ['e14'], [''], ['5e']])('"%s" is refused with a reason', (text) => {
    const r = parsePoint(text);
    expect(r.ok ? 'ok' : r.error.code).toBe('bad-notation');
  });
});

describe('move notation', () => {
  // A chain i5 → g7 → e9 over h6 and f8 (seat 0 to move)
  const chain = () =>
    game(
      {},
      layout([
        [0, 0, 0],
        [0, 1, 3],
        [0, 3, 0],
      ]),
    );

  // [what it proves, text, ok or error code]
  const table: [string, string, string][] = [
    ['from-to names a step', 'i5-i6', 'ok'],
    ['from-to names a whole jump chain by its ends', 'i5-e9', 'ok'],
    ['a chain may be written with every landing point', 'i5-g7-e9', 'ok'],
    ['upper case is accepted', 'I5-E9', 'ok'],
    ['a written chain must be real single jumps', 'i5-h6-g7', 'illegal-move'],
    ['one point is not a move', 'i5', 'bad-notation'],
    ['an unknown point is named in the error', 'i5-z9', 'bad-notation'],
    ['empty text', '  ', 'bad-notation'],
  ];
  it.each(table)('%s: "%s"', (_what, text, expected) => {
    const r = chain().parseMove(text);
    expect(r.ok ? 'ok' : r.error.code).toBe(expected);
  });

  it('parsing is not playing: a well-formed but illegal move fails at play with a reason', () => {
    const g = game({});
    const m = unwrap(g.parseMove('a1-i5'));
    const r = g.play(m);
    expect(r.ok ? 'ok' : r.error.reason).toMatch(/no step or jump chain/);
    const theirs = g.play(unwrap(g.parseMove('n1-m5')));
    expect(theirs.ok ? 'ok' : theirs.error.reason).toMatch(/not yours/);
  });

  it('the board UI gets each destination with one path of landing points', () => {
    const g = chain();
    const e9 = g.destinations(at(0, 0)).find((d) => d.to === at(0, 4));
    expect(e9?.path).toEqual([at(0, 0), at(0, 2), at(0, 4)]);
    expect(g.destinations(at(0, 1))).toEqual([]); // not the mover's piece
  });
});

describe('position notation', () => {
  it('the two-player start, north row first', () => {
    expect(game({}).positionToString()).toBe('g/gg/ggg/gggg/13/12/11/10/9/10/11/12/13/rrrr/rrr/rr/r r');
  });

  it('round-trips through parsePosition', () => {
    const g = game({ players: 6 });
    play(g, g.moveToString(g.legalMoves()[3]!));
    const back = unwrap(parsePosition(g.positionToString(), seatCorners(6)));
    expect(game({ players: 6 }, back).positionToString()).toBe(g.positionToString());
  });

  // [what it proves, text]
  const bad: [string, string][] = [
    ['sixteen rows', 'g/gg/ggg/gggg/13/12/11/10/9/10/11/12/13/rrrr/rrr/rr r'],
    ['a row of the wrong length', 'g/gg/ggg/gggg/12/12/11/10/9/10/11/12/13/rrrr/rrr/rr/r r'],
    ['an unknown colour letter', 'x/gg/ggg/gggg/13/12/11/10/9/10/11/12/13/rrrr/rrr/rr/r r'],
    ['a side that does not play', 'g/gg/ggg/gggg/13/12/11/10/9/10/11/12/13/rrrr/rrr/rr/r b'],
    ['no side at all', 'g/gg/ggg/gggg/13/12/11/10/9/10/11/12/13/rrrr/rrr/rr/r'],
  ];
  it.each(bad)('refuses %s', (_what, text) => {
    const r = parsePosition(text, seatCorners(2));
    expect(r.ok ? 'ok' : r.error.code).toBe('bad-position');
  });
});

describe('options', () => {
  // [what it proves, input, ok or a fragment of the reason]
  const table: [string, Record<string, unknown>, string][] = [
    ['CLI strings are read', { players: '3', pieces: '15', jump: 'long', corners: 'closed' }, 'ok'],
    ['defaults fill the rest', {}, 'ok'],
    ['five players are refused', { players: '5' }, '2, 3, 4 or 6'],
    ['15 pieces do not fit four players', { players: 4, pieces: 15 }, 'fit only 2 or 3'],
    ['an unknown jump rule', { jump: 'huge' }, 'adjacent, long'],
    ['an unknown option', { colour: 'red' }, 'unknown option'],
    ['食棋 with 15 pieces', { variant: 'capture', pieces: 15 }, '60 pieces'],
    ['食棋 has no pass-through corners', { variant: 'capture', corners: 'pass' }, 'open (the whole star)'],
    ['a cap must be a whole number', { 'max-plies': 'many' }, 'whole number'],
    ['repetition is on or off', { repetition: 'maybe' }, 'on or off'],
  ];
  it.each(table)('%s', (_what, input, expected) => {
    const r = parseOptions(input);
    expect(r.ok ? 'ok' : r.error.reason).toContain(expected);
  });
});

describe('whole-game notation', () => {
  it('exports tags and numbered plies, with events where they happened', () => {
    const g = game({ players: 3 });
    play(g, 'd1-e5');
    unwrap(g.apply({ type: 'resign', seat: 1 }));
    const text = exportGame(g);
    expect(text).toContain('[Players "3"]');
    expect(text).toContain('1. d1-e5 resign@1');
    const back = unwrap(parseGame(text));
    expect(back.viewFor(0).places).toEqual([0, 3, 0]);
  });

  it('reads a hand-written record with comments, move numbers and unknown tags', () => {
    const text = '[Event "club night"]\n[Jump "long"]\n\n1. d1-e5 {opening} 2. n1-m5\n3. e5-f5';
    const g = unwrap(parseGame(text));
    expect(g.ply).toBe(3);
    expect(g.options.jump).toBe('long');
  });

  // [what it proves, text, fragment of the reason]
  const bad: [string, string, string][] = [
    ['a broken tag line', '[Players 2]\n', 'tag'],
    ['bad option values', '[Players "5"]\n', '2, 3, 4 or 6'],
    ['an illegal move names its entry', '1. d1-e5 2. d2-e6', 'entry 2'],
    ['an unknown point names its entry', '1. d1-e5 2. zz-e6', 'entry 2'],
    ['a bad setup', '[Setup "nonsense r"]\n', '17 rows'],
  ];
  it.each(bad)('refuses %s', (_what, text, fragment) => {
    const r = parseGame(text);
    expect(r.ok ? 'ok' : r.error.reason).toContain(fragment);
  });

  it('custom setups travel in the Setup tag and in snapshots', () => {
    const g = game(
      {},
      layout([
        [0, 0, 0],
        [0, 1, 3],
        [0, 3, 0],
      ]),
    );
    play(g, 'i5-e9');
    const back = unwrap(parseGame(exportGame(g)));
    expect(back.positionToString()).toBe(g.positionToString());
    expect(unwrap(fromSnapshot(g.snapshot())).positionToString()).toBe(g.positionToString());
  });

  // [what it proves, snapshot]
  const badSnapshots: [string, unknown][] = [
    ['not an object', 42],
    ['another game', { game: 'hive', options: {}, record: [] }],
    ['a record that is not text', { game: 'chinese-checkers', options: {}, setup: null, record: [1] }],
    ['options the board cannot hold', { game: 'chinese-checkers', options: { players: 6, pieces: 15 }, record: [] }],
  ];
  it.each(badSnapshots)('fromSnapshot refuses %s', (_what, snap) => {
    expect(fromSnapshot(snap).ok).toBe(false);
  });

  it('the definition perft refuses a bad depth', () => {
    const r = chineseCheckers.perft(unwrap(parseOptions({})), -1);
    expect(r.ok).toBe(false);
  });
});
