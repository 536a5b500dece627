import { perftOverContract, unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { chineseCheckers, homePoints, isNeighbour, POINTS } from '../src/index.js';
import { at, game, layout, play } from './helpers.js';

const cells = (points: readonly number[], colour: number): [number, number, number][] =>
  points.map((p) => [POINTS[p]!.q, POINTS[p]!.r, colour]);

// Seat 0 (red, colour 0) aims at the north corner 3; (1,-5) is a goal point next to (0,-4) on the hexagon edge.
const GOAL0 = homePoints(3, 10).filter((p) => p !== at(1, -5));

describe('arriving: the anti-blocking rule and the strict rule', () => {
  // [what it proves, win rule, goal contents besides the empty (1,-5), mover colour, side, seat 0 wins]
  const table: [string, 'filled' | 'own', [number, number, number][], number, number, boolean][] = [
    [
      'filled: a full goal with one blocker wins if any goal piece is one’s own',
      'filled',
      [...cells(GOAL0.slice(0, 8), 0), ...cells(GOAL0.slice(8), 3)],
      0,
      0,
      true,
    ],
    [
      'own: the same full goal does not win while an opponent sits in it',
      'own',
      [...cells(GOAL0.slice(0, 8), 0), ...cells(GOAL0.slice(8), 3)],
      0,
      0,
      false,
    ],
    ['own: all ten goal points with one’s own pieces wins', 'own', cells(GOAL0, 0), 0, 0, true],
    ['filled: a goal full of opponents only does not count as arrived', 'filled', cells(GOAL0, 3), 3, 1, false],
    ['filled: an opponent who fills my last goal point makes me arrive', 'filled', cells(GOAL0, 0), 3, 1, true],
    ['own: an opponent filling my last goal point does not', 'own', cells(GOAL0, 0), 3, 1, false],
  ];
  it.each(table)('%s', (_what, win, goal, moverColour, side, wins) => {
    const extra: [number, number, number][] = moverColour === 0 ? [[0, 0, 3]] : [[0, 0, 0]];
    const g = game({ win }, layout([...goal, [0, -4, moverColour], ...extra], side));
    unwrap(g.play({ kind: 'move', from: at(0, -4), to: at(1, -5) }));
    const out = g.outcome();
    if (wins) {
      expect(out?.reason).toBe('goal-filled');
      expect(out?.results).toEqual(['win', 'loss']);
      expect(out?.ranking).toEqual([1, 2]);
      expect(g.turn()).toEqual({ kind: 'over' });
    } else {
      expect(out).toBeUndefined();
    }
  });
});

describe('more than two players: play on for later places', () => {
  // 3 players: seat 0 red (corner 0 → 3), seat 1 yellow (corner 2 → 5), seat 2 blue (corner 4 → 1).
  // Corner 5 is q < -4; (-5,1) is its point next to (-4,0).
  const goal1 = homePoints(5, 10).filter((p) => p !== at(-5, 1));
  const setup = layout([...cells(GOAL0, 0), [0, -4, 0], ...cells(goal1, 2), [-4, 0, 2], [2, 0, 2], [0, 0, 4]]);

  it('the first to arrive takes first place, is skipped from then on, and the last two decide second and third', () => {
    const g = game({ players: 3 }, setup);
    unwrap(g.play({ kind: 'move', from: at(0, -4), to: at(1, -5) }));
    expect(g.outcome()).toBeUndefined();
    expect(g.viewFor('spectator').places).toEqual([1, 0, 0]);
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
    unwrap(g.play({ kind: 'move', from: at(2, 0), to: at(3, 0) }));
    expect(g.turn()).toEqual({ kind: 'seat', seat: 2 });
    unwrap(g.play({ kind: 'move', from: at(0, 0), to: at(0, 1) }));
    // seat 0 has finished: the turn goes from seat 2 straight to seat 1
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
    unwrap(g.play({ kind: 'move', from: at(-4, 0), to: at(-5, 1) }));
    const out = g.outcome();
    expect(out?.reason).toBe('goal-filled');
    expect(out?.ranking).toEqual([1, 2, 3]);
    expect(out?.results).toEqual(['win', 'loss', 'loss']);
  });

  it('undo takes a finish back: the place is free again and the seat plays', () => {
    const g = game({ players: 3 }, setup);
    unwrap(g.play({ kind: 'move', from: at(0, -4), to: at(1, -5) }));
    unwrap(g.undo());
    expect(g.viewFor('spectator').places).toEqual([0, 0, 0]);
    expect(g.turn()).toEqual({ kind: 'seat', seat: 0 });
  });
});

describe('resign, timeout, agreed draw', () => {
  it('two players: resigning loses at once', () => {
    const g = game({});
    unwrap(g.apply({ type: 'resign', seat: 0 }));
    expect(g.outcome()).toEqual({ reason: 'resignation', results: ['loss', 'win'], ranking: [2, 1] });
  });

  it('two players: a timeout loses, even out of turn', () => {
    const g = game({});
    unwrap(g.apply({ type: 'timeout', seat: 1 }));
    expect(g.outcome()).toEqual({ reason: 'timeout', results: ['win', 'loss'], ranking: [1, 2] });
  });

  it('names each move’s record by its ply, the resignations between moves left out', () => {
    const g = game({ players: 3 });
    const played: string[] = [];
    const move = () => {
      const text = g.moveToString(g.legalMoves()[played.length % 2]!);
      play(g, text);
      played.push(text);
    };
    move();
    move();
    unwrap(g.apply({ type: 'resign', seat: 2 }));
    move();
    move();
    expect(g.ply).toBe(4);
    expect(Array.from({ length: g.ply }, (_, p) => g.recordFor(0, p))).toEqual(
      played.map((notation, ply) => ({ ply, seat: [0, 1, 0, 1][ply], notation })),
    );
    // past the last move, or not a ply at all: no record
    for (const ply of [4, -1, 1.5]) expect(g.recordFor(0, ply)).toEqual({ ply, seat: -1, notation: '' });
  });

  it('three players: the resigner takes last place, its pieces leave the board, the others play on', () => {
    const g = game({ players: 3 });
    unwrap(g.apply({ type: 'resign', seat: 1 }));
    expect(g.outcome()).toBeUndefined();
    expect(g.positionToString()).not.toMatch(/y/);
    expect(g.viewFor(0).places).toEqual([0, 3, 0]);
    play(g, g.moveToString(g.legalMoves()[0]!));
    expect(g.turn()).toEqual({ kind: 'seat', seat: 2 });
    unwrap(g.apply({ type: 'resign', seat: 2 }));
    expect(g.outcome()).toEqual({ reason: 'resignation', results: ['win', 'loss', 'loss'], ranking: [1, 3, 2] });
    // the resignation that ends the game leaves the last resigner's pieces where they were
    expect(g.positionToString()).toMatch(/^1\/2\/3\/4\/bbbb9\/bbb9\/bb9\/b9\//);
  });

  it('two players: the final board keeps the resigner’s pieces, and undo restores the position', () => {
    const g = game({});
    const before = g.positionToString();
    unwrap(g.apply({ type: 'resign', seat: 0 }));
    expect(g.positionToString()).toBe(before.replace(/ r$/, ' -'));
    unwrap(g.undo());
    expect(g.positionToString()).toBe(before);
  });

  it('undoing a resignation puts the pieces back', () => {
    const g = game({ players: 3 });
    const before = g.positionToString();
    unwrap(g.apply({ type: 'resign', seat: 1 }));
    unwrap(g.undo());
    expect(g.positionToString()).toBe(before);
    expect(g.viewFor(0).places).toEqual([0, 0, 0]);
  });

  // [what it proves, event, error code]
  const refusals: [string, Parameters<ReturnType<typeof game>['apply']>[0], string][] = [
    ['a seat that does not exist cannot resign', { type: 'resign', seat: 5 }, 'bad-seat'],
    ['a fractional seat is refused', { type: 'timeout', seat: 0.5 }, 'bad-seat'],
  ];
  it.each(refusals)('%s', (_what, event, code) => {
    const r = game({}).apply(event);
    expect(r.ok ? 'ok' : r.error.code).toBe(code);
  });

  it('a seat that already left cannot leave again; nothing happens after the end', () => {
    const g = game({ players: 3 });
    unwrap(g.apply({ type: 'resign', seat: 1 }));
    const again = g.apply({ type: 'resign', seat: 1 });
    expect(again.ok ? 'ok' : again.error.code).toBe('not-playing');
    unwrap(g.apply({ type: 'draw-agreed' }));
    const late = g.apply({ type: 'resign', seat: 0 });
    expect(late.ok ? 'ok' : late.error.code).toBe('game-over');
  });

  it('an agreed draw: everyone still playing shares first place', () => {
    const g = game({ players: 3 });
    unwrap(g.apply({ type: 'timeout', seat: 2 }));
    unwrap(g.apply({ type: 'draw-agreed' }));
    expect(g.outcome()).toEqual({ reason: 'draw-agreed', results: ['draw', 'draw', 'loss'], ranking: [1, 1, 3] });
    unwrap(g.undo());
    expect(g.outcome()).toBeUndefined();
  });
});

describe('move cap and threefold repetition', () => {
  it('the game ends at the move cap as a draw among those still playing', () => {
    const g = game({ maxPlies: 4 });
    for (let i = 0; i < 4; i++) unwrap(g.play(g.legalMoves()[0]!));
    expect(g.outcome()).toEqual({ reason: 'move-cap', results: ['draw', 'draw'], ranking: [1, 1] });
    expect(g.legalMoves()).toEqual([]);
    const r = g.play({ kind: 'pass' });
    expect(r.ok ? 'ok' : r.error.code).toBe('game-over');
  });

  const shuffle = (g: ReturnType<typeof game>): void => {
    // both sides step a front piece forward and back: the start position comes round again every 4 plies
    for (const text of ['d1-e5', 'n1-m5', 'e5-d1', 'm5-n1']) play(g, text);
  };

  // [what it proves, repetition option, outcome reason after 8 plies]
  const table: [string, boolean, string | undefined][] = [
    ['the third occurrence of a position with the same side to move is a draw', true, 'threefold-repetition'],
    ['with repetition off the game goes on', false, undefined],
  ];
  it.each(table)('%s', (_what, repetition, reason) => {
    const g = game({ repetition });
    shuffle(g);
    expect(g.outcome()).toBeUndefined();
    shuffle(g);
    expect(g.outcome()?.reason).toBe(reason);
  });
});

describe('食棋, the capture variant', () => {
  it('starts with the 60 pieces of six colours on the hexagon around an empty centre, every move a capture', () => {
    const g = game({ variant: 'capture', players: 2 });
    expect(g.viewFor(0).cells.filter((c) => c !== null)).toHaveLength(60);
    expect(g.viewFor(0).cells[at(0, 0)]).toBeNull();
    for (const colour of ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const) {
      expect(g.viewFor(0).cells.filter((c) => c === colour)).toHaveLength(10);
    }
    const moves = g.legalMoves();
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((m) => m.kind === 'move' && !isNeighbour(m.from, m.to))).toBe(true);
  });

  it('a capture removes the jumped piece and is credited to the mover; any colour may be moved', () => {
    const g = game({ variant: 'capture', players: 2 });
    play(g, 'g7xi5'); // (0,2) over (0,1) into the centre
    expect(g.viewFor(0).captures).toEqual([1, 0]);
    expect(g.viewFor(0).cells[at(0, 1)]).toBeNull();
    expect(g.recordFor(0, 0)).toEqual({ ply: 0, seat: 0, notation: 'g7xi5', detail: { captured: 'h6' } });
    expect(g.positionToString().endsWith(' 1,0')).toBe(true);
  });

  it('capturing is compulsory: a step is refused while a capture exists', () => {
    const g = game(
      { variant: 'capture' },
      layout([
        [0, 0, 1],
        [1, 0, 2],
        [-3, 0, 5],
      ]),
    );
    const r = g.play({ kind: 'move', from: at(-3, 0), to: at(-4, 0) });
    expect(r.ok ? 'ok' : r.error.reason).toMatch(/compulsory/);
  });

  it('without a capture, a single step is played', () => {
    const g = game(
      { variant: 'capture' },
      layout([
        [0, 0, 1],
        [3, 0, 2],
      ]),
    );
    expect(g.legalMoves()).toHaveLength(12);
    play(g, g.moveToString({ kind: 'move', from: at(0, 0), to: at(1, 0) }));
    expect(g.recordFor(0, 0).notation).toBe('i5-i6');
    expect(g.outcome()).toBeUndefined();
  });

  it('long jumps capture the piece in the middle of the jump', () => {
    const g = game(
      { variant: 'capture', jump: 'long' },
      layout([
        [0, 0, 1],
        [2, 0, 2],
        [-4, 4, 3],
      ]),
    );
    unwrap(g.play({ kind: 'move', from: at(0, 0), to: at(4, 0) }));
    expect(g.viewFor(0).cells[at(2, 0)]).toBeNull();
  });

  // [what it proves, players, captures before the last capture by seat 0, ranking, results]
  const scoring: [string, number, number[], number[], string[]][] = [
    ['most captures wins', 2, [3, 3], [1, 2], ['win', 'loss']],
    ['the last capture does not decide alone: captures are counted', 2, [0, 4], [2, 1], ['loss', 'win']],
    ['equal captures share a place; a shared first place is a draw', 3, [2, 3, 0], [1, 1, 3], ['draw', 'draw', 'loss']],
  ];
  it.each(scoring)('scoring: %s', (_what, players, captures, ranking, results) => {
    const g = game(
      { variant: 'capture', players: players as 2 | 3 },
      layout(
        [
          [0, 0, 1],
          [1, 0, 2],
        ],
        0,
        captures,
      ),
    );
    unwrap(g.play({ kind: 'move', from: at(0, 0), to: at(2, 0) }));
    expect(g.outcome()).toEqual({ reason: 'one-piece-left', ranking, results });
  });

  it('a resigning player drops out ranked last; the pieces stay, the others play on', () => {
    const g = game({ variant: 'capture', players: 3 });
    play(g, 'g7xi5');
    unwrap(g.apply({ type: 'resign', seat: 0 }));
    expect(g.outcome()).toBeUndefined();
    expect(g.viewFor(0).cells.filter((c) => c !== null)).toHaveLength(59);
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
    unwrap(g.apply({ type: 'resign', seat: 2 }));
    expect(g.outcome()).toEqual({ reason: 'resignation', ranking: [3, 1, 2], results: ['loss', 'win', 'loss'] });
  });
});

describe('the contract', () => {
  it('the slow perft over play/undo equals the fast perft (2p long jumps, depth 3)', () => {
    const g = game({ jump: 'long' });
    expect(perftOverContract(g, 3)).toBe(unwrap(chineseCheckers.perft(g.options, 3)));
  });

  it('undo restores the exact position and hash after a long game, resignations included', () => {
    const g = game({ players: 4 });
    const start = g.positionToString();
    const hash = [g.searchable.hashLo(), g.searchable.hashHi()];
    for (let i = 0; i < 60; i++) unwrap(g.play(g.legalMoves()[(i * 7) % g.legalMoves().length]!));
    unwrap(g.apply({ type: 'resign', seat: 2 }));
    for (let i = 0; i < 20; i++) unwrap(g.play(g.legalMoves()[(i * 5) % g.legalMoves().length]!));
    while (g.record().length > 0) unwrap(g.undo());
    expect(g.positionToString()).toBe(start);
    expect([g.searchable.hashLo(), g.searchable.hashHi()]).toEqual(hash);
    expect(g.undo().ok).toBe(false);
  });

  it('the record tokens follow play, events and undo, each entry as its notation or event text', () => {
    const g = game({ players: 3, variant: 'capture' });
    const expected: string[] = [];
    const move = (i: number, step: number) => {
      const m = g.legalMoves()[(i * step) % g.legalMoves().length]!;
      expected.push(g.moveToString(m));
      unwrap(g.play(m));
    };
    for (let i = 0; i < 30; i++) move(i, 7);
    unwrap(g.apply({ type: 'resign', seat: 1 }));
    expected.push('resign@1');
    for (let i = 0; i < 10; i++) move(i, 3);
    for (let i = 0; i < 12; i++) {
      unwrap(g.undo());
      expected.pop();
    }
    move(0, 1);
    expect(g.recordTokens()).toEqual(expected);
    expect(expected).toHaveLength(30);
    // the snapshot's record replays to the same game
    const back = unwrap(chineseCheckers.fromSnapshot(JSON.parse(JSON.stringify(g.snapshot()))));
    expect(back.positionToString()).toBe(g.positionToString());
  });

  it('the incremental hash equals a hash computed from scratch', () => {
    const g = game({ players: 3, jump: 'long' });
    for (let i = 0; i < 40; i++) unwrap(g.play(g.legalMoves()[(i * 11) % g.legalMoves().length]!));
    const fresh = game({ players: 3, jump: 'long' }, g.searchable.layout());
    expect(fresh.searchable.hashLo()).toBe(g.searchable.hashLo());
    expect(fresh.searchable.hashHi()).toBe(g.searchable.hashHi());
  });

  it('clone is independent', () => {
    const g = game({});
    play(g, 'd1-e5');
    const c = g.clone();
    play(c, 'n1-m5');
    expect(g.ply).toBe(1);
    expect(c.ply).toBe(2);
  });

  it('seat checks: moving for the wrong seat is refused', () => {
    const g = game({});
    const r = g.play(g.legalMoves()[0]!, 1);
    expect(r.ok ? 'ok' : r.error.code).toBe('not-your-turn');
  });
});

describe('the view for the board UI', () => {
  it('lists every point’s colour, the seats’ colours, the side to move and the last move with its path', () => {
    const g = game(
      { players: 3 },
      layout([
        [0, 0, 0],
        [0, 1, 2],
        [0, 3, 0],
        [3, -3, 4],
      ]),
    );
    expect(g.viewFor('spectator')).toMatchObject({
      players: 3,
      seatColours: ['red', 'yellow', 'blue'],
      toMove: 0,
      lastMove: null,
    });
    play(g, 'i5-e9');
    const v = g.viewFor(1);
    expect(v.cells).toHaveLength(121);
    expect(v.cells[at(0, 4)]).toBe('red');
    expect(v.toMove).toBe(1);
    expect(v.lastMove).toEqual({ from: at(0, 0), to: at(0, 4), path: [at(0, 0), at(0, 2), at(0, 4)] });
  });
});
