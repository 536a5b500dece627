import { Rng, unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { boardFor } from '../src/board.js';
import { JunqiGame } from '../src/game.js';
import { parseOptions } from '../src/options.js';
import { combat, rankFromLetter } from '../src/piece.js';
import { type Mode, Position, type Rules } from '../src/position.js';
import { PRESETS, parseSetup, randomSetup, readSetup, setupToString, validateSetup } from '../src/setup.js';

type Spec = [name: string, army: number, letter: string][];

/** A hand-made position on the two- or four-player board. */
const position = (spec: Spec, o: Partial<Rules> & { players?: number; mode?: Mode } = {}): Position => {
  const board = boardFor(o.players ?? 2);
  const seats = o.seats ?? (o.players === 4 ? 4 : 2);
  const rules: Rules = {
    board,
    seats,
    mode: o.mode ?? 'open',
    armyOfSeat: o.armyOfSeat ?? Array.from({ length: seats }, (_, s) => s),
    teamOfSeat: o.teamOfSeat ?? Array.from({ length: seats }, (_, s) => s),
    landlord: o.landlord ?? -1,
    target: o.target ?? 0,
    firstSeat: o.firstSeat ?? 0,
    noCaptureLimit: o.noCaptureLimit ?? 0,
    moveLimit: o.moveLimit ?? 0,
    chaseLimit: o.chaseLimit ?? 0,
  };
  return new Position(
    rules,
    spec.map(([name, army, letter], id) => ({
      point: board.byName(name)!,
      army,
      rank: rankFromLetter(letter)!,
      faceDown: false,
      id,
    })),
  );
};

const dests = (pos: Position, name: string): string[] =>
  pos
    .destinations(pos.board.byName(name)!)
    .map((p) => pos.board.points[p]!.name)
    .sort();

// Flags on both sides keep the position a game; they sit in the back corners' headquarters.
const FLAGS: Spec = [
  ['b1', 0, 'F'],
  ['d12', 1, 'F'],
];

describe('combat', () => {
  it.each([
    ['9', '8', 'attacker', '司令 beats 军长'],
    ['2', '3', 'defender', '排长 loses to 连长'],
    ['6', '6', 'both', 'equal ranks both die'],
    ['B', '9', 'both', 'a bomb dies with whatever it meets'],
    ['9', 'B', 'both', 'attacking a bomb kills both'],
    ['9', 'M', 'defender', 'a mine kills any attacker but an engineer and a bomb'],
    ['1', 'M', 'attacker', 'an engineer removes a mine'],
    ['B', 'M', 'both', 'a bomb and a mine die together'],
    ['1', 'F', 'attacker', 'any piece takes the flag'],
    ['B', 'F', 'both', 'a bomb taking the flag dies with it (ruling R6), the flag is still taken'],
    ['X', '9', 'attacker', '元帅 beats 司令'],
    ['X', 'M', 'defender', '元帅 loses to a mine'],
    ['X', 'B', 'both', '元帅 dies with a bomb'],
    ['1', 'R', 'defender', '堡垒 is a mine that also beats the engineer'],
    ['B', 'R', 'both', 'a bomb and a 堡垒 die together'],
    ['D', '4', 'attacker', '导弹 beats 营长'],
    ['D', '1', 'attacker', '导弹 beats the engineer'],
    ['D', '7', 'both', '导弹 dies together with 团长'],
    ['D', 'X', 'both', '导弹 dies together with 元帅'],
    ['3', 'D', 'defender', '连长 attacking a 导弹 dies'],
    ['5', 'D', 'both', '团长 attacking a 导弹: both die'],
    ['9', 'D', 'both', '司令 attacking a 导弹: both die'],
    ['D', 'M', 'defender', '导弹 is not an engineer: a mine kills it (ruling L8)'],
  ])('%s attacks %s: %s (%s)', (a, d, result) => {
    expect(combat(rankFromLetter(a)!, rankFromLetter(d)!)).toBe(result);
  });
});

describe('setups', () => {
  it.each(Object.entries(PRESETS))('preset %s is legal and round-trips', (_, text) => {
    // every documented preset passes validation and prints back the same
    expect(setupToString(unwrap(readSetup(text)))).toBe(text);
  });

  it.each([
    ['71316/4+2+5/93+8B/2+3+7/6B154', 'bad-setup', 'six rows'],
    ['71316/4+2+5/93+8B/2+3+7/6B154/MFM2', 'bad-setup', 'a short row'],
    ['71316/4+2+5/93+8B/2+3+7/6B154/MFM2Z', 'bad-setup', 'an unknown letter'],
    ['71316/442+5/93+8B/2+3+7/6B1+4/MFM2M', 'setup-camp', 'a piece in a camp (b5)'],
    ['71316/4+2+5/93+8B/2+3+7/6B154/FMM2M', 'setup-flag', 'the flag outside a headquarters'],
    ['71316/4+2+M/93+8B/2+3+7/6B154/5FM2M', 'setup-mine', 'a mine above the back two rows'],
    ['B1316/4+2+5/93+87/2+3+7/6B154/MFM2M', 'setup-bomb', 'a bomb in the front row'],
    ['71316/4+2+5/93+8B/2+3+7/6B154/MFM22', 'setup-pieces', 'the wrong pieces (four 排长, two mines)'],
  ])('%s is refused (%s: %s)', (text, code) => {
    const r = readSetup(text);
    expect(r.ok ? 'ok' : r.error.code).toBe(code);
    if (!r.ok) expect(r.error.reason.length).toBeGreaterThan(10);
  });

  it('random setups are legal, seeded and varied', () => {
    // 200 seeds: each legal; same seed, same setup; many distinct ones
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const s = unwrap(randomSetup(Rng.fromSeed(seed)));
      expect(validateSetup(s).ok).toBe(true);
      expect(setupToString(unwrap(randomSetup(Rng.fromSeed(seed))))).toBe(setupToString(s));
      seen.add(setupToString(s));
    }
    expect(seen.size).toBe(200);
  });

  it('parseSetup never throws on junk', () => {
    for (const junk of ['', '/////', '+++++/+++++/+++++/+++++/+++++/+++++', '😀😀😀😀😀/a/b/c/d/e']) {
      expect(parseSetup(junk).ok).toBe(false);
    }
  });
});

describe('movement', () => {
  it('roads: one step; a camp joins its diagonals', () => {
    // 团长 on c3 (a station between camps b3 and d3) steps to every neighbour, no further
    const pos = position([...FLAGS, ['c3', 0, '5']]);
    expect(dests(pos, 'c3')).toEqual(['b3', 'c2', 'c4', 'd3']);
    // from the camp b3 a piece reaches all eight neighbours
    const camp = position([...FLAGS, ['b3', 0, '5']]);
    expect(dests(camp, 'b3')).toEqual(['a2', 'a3', 'a4', 'b2', 'b4', 'c2', 'c3', 'c4']);
  });

  it('railways: any distance straight, stopping at the first piece, attacking it if an enemy', () => {
    // 旅长 on a2 runs up column a to the enemy on a9 (attack) and along row 2
    const pos = position([...FLAGS, ['a2', 0, '6'], ['a9', 1, '5']]);
    expect(dests(pos, 'a2')).toEqual(['a1', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'b2', 'b3', 'c2', 'd2', 'e2']);
  });

  it('railways: non-engineers do not turn corners', () => {
    // 旅长 on a6 goes along row 6 and column a, but never turns from row 6 down column e
    const pos = position([...FLAGS, ['a6', 0, '6']]);
    const d = dests(pos, 'a6');
    expect(d).toContain('e6');
    expect(d).not.toContain('e5');
    expect(d).not.toContain('e7');
  });

  it('the engineer turns freely along connected railways', () => {
    // 工兵 on a6 reaches e5 via row 6 and column e, and e11 across the border
    const pos = position([...FLAGS, ['a6', 0, '1']]);
    const d = dests(pos, 'a6');
    expect(d).toContain('e2');
    expect(d).toContain('e11');
    expect(d).toContain('c7');
    // but not a road-only point two steps away
    expect(d).not.toContain('c5');
  });

  it('the engineer stops at blockers and attacks only enemies', () => {
    // own piece on e6 blocks the turn into column e
    const pos = position([...FLAGS, ['a6', 0, '1'], ['e6', 0, '4'], ['c6', 1, '4']]);
    const d = dests(pos, 'a6');
    expect(d).toContain('c6');
    expect(d).not.toContain('d6');
    expect(d).not.toContain('e6');
  });

  it('a piece in a camp cannot be attacked', () => {
    // enemy in camp b5: the 司令 next to it may not move there
    const pos = position([...FLAGS, ['a5', 0, '9'], ['b5', 1, '4']]);
    expect(dests(pos, 'a5')).not.toContain('b5');
  });

  it('a piece in a headquarters never moves; flag and mines never move', () => {
    const pos = position([...FLAGS, ['d1', 0, '9'], ['a1', 0, 'M'], ['a5', 0, '4']]);
    expect(dests(pos, 'd1')).toEqual([]);
    expect(dests(pos, 'a1')).toEqual([]);
    expect(dests(pos, 'b1')).toEqual([]);
  });

  it('the halves meet only at columns a, c and e', () => {
    // a 团长 on b6 cannot step to b7
    const pos = position([...FLAGS, ['b6', 0, '5']]);
    expect(dests(pos, 'b6')).not.toContain('b7');
  });

  it('four players: a railway piece runs through an arc into the neighbour army side line (ruling R2)', () => {
    const pos = position(
      [
        ['Sb1', 0, 'F'],
        ['Eb1', 1, 'F'],
        ['Nb1', 2, 'F'],
        ['Wb1', 3, 'F'],
        ['Sa2', 0, '6'],
      ],
      {
        players: 4,
      },
    );
    const d = dests(pos, 'Sa2');
    // up its own side line, around the arc to the west army's side line, and straight on through the centre
    expect(d).toEqual(expect.arrayContaining(['Sa6', 'We6', 'We2', 'Ca1', 'Ca3', 'Ne6', 'Ne2']));
    // but not along the west army's front row (that would be a turn)
    expect(d).not.toContain('Wd6');
  });
});

describe('winning', () => {
  it('taking the flag wins at once', () => {
    const pos = position(
      [
        ['b1', 0, 'F'],
        ['c11', 1, 'F'],
        ['c1', 1, '1'],
        ['a5', 0, '4'],
        ['e11', 1, '4'],
      ],
      { firstSeat: 1 },
    );
    pos.makeMove(pos.movesFor(1).find((m) => m >> 8 === pos.board.byName('b1'))!);
    expect(pos.outcome()).toMatchObject({ reason: 'flag-captured', results: ['loss', 'win'] });
  });

  it('a side left without a movable piece loses', () => {
    // south's last movable piece dies on a mine; only its flag and a mine remain
    const pos = position([
      ['b1', 0, 'F'],
      ['a1', 0, 'M'],
      ['a5', 0, '4'],
      ['c11', 1, 'F'],
      ['a6', 1, 'M'],
      ['e11', 1, '4'],
    ]);
    pos.makeMove(pos.movesFor(0).find((m) => m >> 8 === pos.board.byName('a6'))!);
    expect(pos.outcome()).toMatchObject({ reason: 'no-movable-pieces', results: ['loss', 'win'] });
    pos.unmakeMove();
    expect(pos.outcome()).toBeUndefined();
  });

  it('暗棋: a dead 司令 reveals its owner flag to everyone', () => {
    const pos = position(
      [
        ['b1', 0, 'F'],
        ['a5', 0, '9'],
        ['d12', 1, 'F'],
        ['a6', 1, 'B'],
        ['e11', 1, '4'],
      ],
      {
        mode: 'hidden',
      },
    );
    pos.makeMove(pos.movesFor(0).find((m) => m >> 8 === pos.board.byName('a6'))!);
    expect(pos.lastPlayEffect()?.flagsRevealed).toEqual([0]);
    expect(pos.flagRevealed).toBe(1);
  });
});

describe('翻棋', () => {
  const flip = () => unwrap(JunqiGame.create(unwrap(parseOptions({ mode: 'flip', seed: '7' }))));

  it('starts with 50 face-down pieces on the 50 non-camp points and only flips to play', () => {
    const g = flip();
    const view = g.viewFor(0) as { pieces: { rank: string | null; army: number | null }[] };
    expect(view.pieces.length).toBe(50);
    expect(view.pieces.every((p) => p.rank === null && p.army === null)).toBe(true);
    expect(g.legalMoves().every((m) => m.type === 'flip')).toBe(true);
    expect(g.legalMoves().length).toBe(50);
  });

  it('the first flip decides the colours', () => {
    const g = flip();
    const first = g.legalMoves()[0]!;
    unwrap(g.play(first));
    const army = g.position!.owner[(first as { at: number }).at]!;
    expect(g.position!.armyOfSeat).toEqual([army, 1 - army]);
    expect(g.recordFor(1, 0).detail).toMatchObject({ colours: [army, 1 - army] });
  });

  it('pieces in a headquarters move; the flag is safe while its mines live', () => {
    const pos = position(
      [
        ['b1', 0, '6'],
        ['b2', 1, 'F'],
        ['a1', 1, 'M'],
        ['e12', 1, '4'],
        ['e1', 0, 'M'],
      ],
      { mode: 'flip' },
    );
    // the 旅长 in the headquarters b1 moves (c1, a1 is an enemy mine it may attack), but may not take the flag on b2
    expect(dests(pos, 'b1')).toEqual(['a1', 'c1']);
  });

  it('once the three mines are gone the flag may be taken', () => {
    const pos = position(
      [
        ['b1', 0, '6'],
        ['b2', 1, 'F'],
        ['e12', 1, '4'],
        ['e1', 0, 'M'],
      ],
      { mode: 'flip' },
    );
    expect(dests(pos, 'b1')).toContain('b2');
  });
});

describe('chase limit (ruling R8)', () => {
  it('one piece may not threaten the same enemy piece more than N moves in a row', () => {
    // south's 司令 shuttles a2-b2, each time threatening north's 营长 on e2 along the railway; limit 2
    const pos = position(
      [
        ['b1', 0, 'F'],
        ['a2', 0, '9'],
        ['d12', 1, 'F'],
        ['e2', 1, '4'],
        ['c10', 1, '3'],
      ],
      { chaseLimit: 2 },
    );
    const b = pos.board;
    const move = (from: string, to: string) => {
      const m = b.byName(from)! | (b.byName(to)! << 8);
      expect(pos.movesFor(pos.toMove)).toContain(m);
      pos.makeMove(m);
    };
    move('a2', 'b2');
    move('c10', 'c9');
    move('b2', 'a2');
    move('c9', 'c10');
    const names = pos.movesFor(0).map((m) => `${b.points[m & 0xff]!.name}-${b.points[(m >> 8) & 0xff]!.name}`);
    // a third threatening shuttle is refused
    expect(names).not.toContain('a2-b2');
    // moves that stop threatening, and the attack itself, stay legal
    expect(names).toContain('a2-a3');
    expect(names).toContain('a2-e2');
    // with the limit off the shuttle is legal
    const free = position(
      [
        ['b1', 0, 'F'],
        ['a2', 0, '9'],
        ['d12', 1, 'F'],
        ['e2', 1, '4'],
      ],
      { chaseLimit: 0 },
    );
    expect(free.movesFor(0)).toContain(b.byName('a2')! | (b.byName('b2')! << 8));
  });
});

describe('hashing', () => {
  it('make/unmake restores the hash; the same position by two move orders hashes the same', () => {
    const g = JunqiGame.create(unwrap(parseOptions({ mode: 'open', setup: 'classic' })));
    const pos = unwrap(g).position!;
    const h0 = [pos.hashLo(), pos.hashHi()];
    const b = pos.board;
    const mv = (f: string, t: string) => b.byName(f)! | (b.byName(t)! << 8);
    // south b6-b5 then c5-c4 ... versus c5-c4 first: north plays a quiet move in between both times
    const north = [mv('c7', 'd8'), mv('a7', 'b8')];
    pos.makeMove(mv('b6', 'b5'));
    pos.makeMove(north[0]!);
    pos.makeMove(mv('c5', 'c4'));
    pos.makeMove(north[1]!);
    const h1 = [pos.hashLo(), pos.hashHi()];
    for (let i = 0; i < 4; i++) pos.unmakeMove();
    expect([pos.hashLo(), pos.hashHi()]).toEqual(h0);
    pos.makeMove(mv('c5', 'c4'));
    pos.makeMove(north[1]!);
    pos.makeMove(mv('b6', 'b5'));
    pos.makeMove(north[0]!);
    expect([pos.hashLo(), pos.hashHi()]).toEqual(h1);
  });
});
