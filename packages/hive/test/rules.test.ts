import { describe, expect, it } from 'vitest';
import {
  cellOf,
  cellQ,
  cellR,
  encodeMove,
  HiveGame,
  movePiece,
  moveTo,
  PASS,
  PIECES,
  Position,
  parseGameString,
  pieceByName,
} from '../src/index.js';

const ALL = { mosquito: true, ladybug: true, pillbug: true, tournamentOpening: true, pillbugDutchRule: false };

/** A position from `name@q,r` tiles (listed bottom first for stacks), `side` to move, well into the game. */
const build = (tiles: string, side = 0, plies = 20, rules = ALL): Position => {
  const p = new Position(rules);
  for (const t of tiles.split(/\s+/).filter(Boolean)) {
    const [name, at] = t.split('@');
    const [q, r] = at!.split(',').map(Number);
    p.place(pieceByName(name!), cellOf(q!, r!));
  }
  p.setTurn(side, plies);
  return p;
};

/** The destinations (q,r) of one tile's legal moves. */
const targets = (p: Position, name: string): string[] =>
  p
    .generateMoves()
    .filter((m) => m !== PASS && PIECES[movePiece(m)]!.name === name)
    .map((m) => `${cellQ(moveTo(m))},${cellR(moveTo(m))}`)
    .sort();

describe('Hive rules', () => {
  // One hive: a tile that joins two parts of the hive (an articulation point) cannot move at all.
  it('a tile holding the hive together cannot move', () => {
    const p = build('wQ@0,0 wA1@1,0 bQ@2,0 bA1@3,0');
    expect(targets(p, 'wA1')).toEqual([]);
    expect(targets(p, 'wQ').length).toBeGreaterThan(0);
  });

  // Freedom to move: a Queen whose only empty neighbour lies behind a closed gate cannot slide out.
  it('sliding through a gate of two tiles is blocked', () => {
    // wQ at the centre; E, NE, NW, W, SW occupied; SE (0,1) empty but flanked by SW and E.
    const p = build('wQ@0,0 wA1@1,0 bA1@1,-1 wA2@0,-1 bA2@-1,0 wA3@-1,1 bQ@2,-1');
    expect(targets(p, 'wQ')).toEqual([]);
  });

  // Placement: a new tile touches its own colour and none of the opponent's.
  it('placements touch only their own colour', () => {
    const p = build('wQ@0,0 bQ@1,0', 0);
    for (const m of p.generateMoves()) {
      const info = PIECES[movePiece(m)]!;
      if (p.pos[movePiece(m)]! >= 0) continue;
      expect(info.color).toBe(0);
      const q = cellQ(moveTo(m));
      const r = cellR(moveTo(m));
      // never next to bQ at (1,0)
      const dq = q - 1;
      const dr = r;
      expect(Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr))).toBeGreaterThan(1);
    }
  });

  // The Queen by the fourth turn: if she is still in hand, placing her is the only legal move.
  it('forces the Queen on the fourth turn', () => {
    const g = parseGameString('Base;InProgress;White[4];wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-;wG1 /wA1;bG1 bA1\\');
    expect(g.ok).toBe(true);
    if (g.ok) {
      const moves = g.value.legalMoves();
      expect(moves.length).toBeGreaterThan(0);
      for (const m of moves) expect(PIECES[movePiece(m)]!.name).toBe('wQ');
    }
  });

  // Tournament opening: no Queen on the first turn; with the option off she may open.
  it('tournament opening is an option', () => {
    const on = parseGameString('Base');
    const off = parseGameString('Base', { tournamentOpening: false });
    expect(on.ok && on.value.legalMoves().some((m) => PIECES[movePiece(m)]!.name === 'wQ')).toBe(false);
    expect(off.ok && off.value.legalMoves().some((m) => PIECES[movePiece(m)]!.name === 'wQ')).toBe(true);
  });

  // No tile moves before its owner's Queen is in play.
  it('no movement before the Queen is placed', () => {
    const p = build('wS1@0,0 wA1@1,0 bQ@-1,0 bA1@-2,0');
    for (const m of p.generateMoves()) expect(p.pos[movePiece(m)]).toBe(-1);
  });

  // A Beetle climbs onto the hive; the tile under it is pinned; it may climb down again.
  it('a Beetle climbs, pins and climbs down', () => {
    const p = build('wQ@0,0 wB1@1,0 bQ@1,-1 bA1@2,-1');
    expect(targets(p, 'wB1')).toContain('1,-1');
    expect(targets(p, 'wB1')).toContain('0,0');
    const on = build('wQ@0,0 bQ@1,0 wB1@1,0 bA1@2,0', 1);
    expect(targets(on, 'bQ')).toEqual([]);
    const down = build('wQ@0,0 bQ@1,0 wB1@1,0 bA1@2,0', 0);
    expect(targets(down, 'wB1')).toEqual(expect.arrayContaining(['1,-1', '0,0', '2,0']));
  });

  // A Grasshopper jumps over a straight line of tiles to the first empty space, never over a gap.
  it('a Grasshopper jumps in straight lines', () => {
    const p = build('wQ@1,-1 wG1@0,0 bA1@1,0 bA2@2,0 bQ@3,0');
    const t = targets(p, 'wG1');
    expect(t).toContain('4,0');
    expect(t).toContain('2,-2');
    expect(t).toHaveLength(2);
  });

  // A Spider moves exactly three steps: one or two steps away is not a destination.
  it('a Spider moves exactly three steps', () => {
    const p = build('wQ@0,0 wS1@-1,0 bQ@1,0 bA1@2,0');
    const t = targets(p, 'wS1');
    expect(t.length).toBeGreaterThan(0);
    // (0,-1) and (-1,1) are one step from the Spider along the hive.
    expect(t).not.toContain('0,-1');
    expect(t).not.toContain('-1,1');
  });

  // The Pillbug lifts an adjacent unstacked tile over itself, but not the tile the opponent just moved.
  it('the Pillbug throws, with its exceptions', () => {
    const p = build('wQ@-1,0 wP@0,0 bQ@1,-1 bA1@2,-1', 1);
    // Black's Ant walks round to touch the Pillbug; White may then throw the Queen but not the Ant.
    p.makeMove(encodeMove(pieceByName('bA1'), cellOf(1, 0)));
    expect(targets(p, 'bA1')).toEqual([]);
    expect(targets(p, 'bQ').length).toBeGreaterThan(0);
    // A tile in a stack cannot be thrown.
    const stacked = build('wQ@0,0 wP@1,0 bQ@2,0 bB1@2,0 bA1@3,0');
    expect(targets(stacked, 'bB1')).toEqual([]);
    expect(targets(stacked, 'bQ')).toEqual([]);
  });

  // A Mosquito next to only Mosquitoes cannot move; next to a Grasshopper it jumps.
  it('the Mosquito copies what it touches', () => {
    const p = build('wQ@1,-1 wM@0,0 bG1@1,0 bQ@2,0');
    expect(targets(p, 'wM')).toContain('3,0');
    const onlyMosquito = build('wM@0,0 bM@1,0 wQ@2,-1 bQ@2,0', 0);
    expect(targets(onlyMosquito, 'wM')).toEqual([]);
  });

  // A Ladybug moves two steps on top and one down.
  it('the Ladybug moves up, across and down', () => {
    const p = build('wQ@0,0 wL@-1,0 bQ@1,0 bA1@2,0');
    const t = targets(p, 'wL');
    expect(t).toEqual(['0,1', '1,-1', '1,1', '2,-1']);
  });

  // A surrounded Queen loses; both at once is a draw.
  it('a surrounded Queen ends the game', () => {
    const p = build('wQ@0,0 bA1@1,0 bA2@1,-1 bA3@0,-1 bG1@-1,0 bG2@-1,1 bQ@0,1 wA1@3,0');
    expect(p.outcome()).toEqual({ reason: 'queen-surrounded', results: ['loss', 'win'] });
    expect(p.generateMoves()).toEqual([]);
  });

  // A player with no legal move must pass, and pass is the only move then; otherwise passing is refused.
  it('passes only when there is nothing else', () => {
    // White's only tile in play is the Queen, pinned under a black Beetle: no movement, and no white
    // tile on top anywhere, so no space to place on either.
    const p = build('wQ@0,0 bB1@0,0 bQ@1,0', 0, 20);
    expect([...p.generateMoves()]).toEqual([PASS]);
    const g = parseGameString('Base');
    expect(g.ok && g.value.play(PASS).ok).toBe(false);
  });
});

describe('Hive options', () => {
  // The Dutch Pillbug rule: White's Mosquito (as a Pillbug) throws White's Pillbug; on White's next turn that
  // Pillbug may not throw (wG1 cannot reach -2,3 by itself, only by being thrown). Without the option it may.
  it('the Dutch Pillbug rule is an option', () => {
    const tiles = 'wQ@0,0 wP@1,0 wM@0,1 wG1@-1,1 bQ@-1,0 bA1@-2,0';
    const reach = (dutch: boolean): string[] => {
      const p = build(tiles, 0, 20, { ...ALL, pillbugDutchRule: dutch });
      const throwP = encodeMove(pieceByName('wP'), cellOf(-1, 2));
      expect(p.generateMoves()).toContain(throwP);
      p.makeMove(throwP);
      const antMove = encodeMove(pieceByName('bA1'), cellOf(1, -1));
      expect(p.generateMoves()).toContain(antMove);
      p.makeMove(antMove);
      return targets(p, 'wG1');
    };
    expect(reach(false)).toContain('-2,3');
    expect(reach(true)).not.toContain('-2,3');
  });

  // Threefold repetition: both Queens step out and back twice; the start position's third occurrence is a draw,
  // and with the option off the game goes on.
  it('threefold repetition is a draw, as an option', () => {
    for (const repetition of [true, false]) {
      const g = new HiveGame({
        mosquito: false,
        ladybug: false,
        pillbug: false,
        tournamentOpening: true,
        repetition,
        pillbugDutchRule: false,
      });
      for (const m of ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-'])
        expect(g.play(g.parseMove(m).ok ? (g.parseMove(m) as { value: number }).value : -1).ok).toBe(true);
      const wQ = pieceByName('wQ');
      const bQ = pieceByName('bQ');
      const homeW = g.position.pos[wQ]!;
      const homeB = g.position.pos[bQ]!;
      const away = (piece: number) => g.legalMoves().find((m) => m !== PASS && movePiece(m) === piece)!;
      for (let cycle = 0; cycle < 2; cycle++) {
        expect(g.outcome()).toBeUndefined();
        expect(g.play(away(wQ)).ok).toBe(true);
        expect(g.play(away(bQ)).ok).toBe(true);
        expect(g.play(encodeMove(wQ, homeW)).ok).toBe(true);
        expect(g.play(encodeMove(bQ, homeB)).ok).toBe(true);
      }
      expect(g.outcome()).toEqual(
        repetition ? { reason: 'threefold-repetition', results: ['draw', 'draw'] } : undefined,
      );
    }
  });
});

/** Every legal move of the side to move as `name q,r` (where the tile ends), sorted. */
const allMoves = (p: Position): string[] =>
  p
    .generateMoves()
    .filter((m) => m !== PASS)
    .map((m) => `${PIECES[movePiece(m)]!.name} ${cellQ(moveTo(m))},${cellR(moveTo(m))}`)
    .sort();

describe('ruling 2: a tile placed on the opponent’s last turn counts as moved', () => {
  const tiles = 'wQ@-1,0 wP@0,0 bQ@1,-1 bA1@2,-1';
  // A legal placement touches none of White's tiles, so it never lies beside wP: in play the ruling changes no move.
  it('a legal placement is never beside the opponent’s Pillbug', () => {
    expect(targets(build(tiles, 1), 'bA2')).toEqual(['1,-2', '2,-2', '2,0', '3,-1', '3,-2']);
  });
  // The definition itself, on a board forced past the placement rule: bA2 lying at 1,0 may be thrown; placed there
  // on Black's last turn, it may not (bQ, beside wP all along, may).
  it('the Pillbug may not throw it', () => {
    expect(targets(build(`${tiles} bA2@1,0`), 'bA2')).toEqual(['-1,1', '0,-1', '0,1']);
    const p = build(tiles, 1);
    p.makeMove(encodeMove(pieceByName('bA2'), cellOf(1, 0)));
    expect(targets(p, 'bA2')).toEqual([]);
    expect(targets(p, 'bQ')).toEqual(['-1,1', '0,-1', '0,1']);
  });
});

describe('ruling 3: one move per destination', () => {
  // wQ (1,0) steps to 1,-1 or 0,1 by itself; wP (0,0) can throw it there too, and to 0,-1 and -1,1: four moves, not six.
  it('a space a tile reaches by itself and by the Pillbug’s throw is one move', () => {
    expect(targets(build('wP@0,0 wQ@1,0 bQ@-1,0 bA1@-2,0'), 'wQ')).toEqual(['-1,1', '0,-1', '0,1', '1,-1']);
  });
  // wM (0,0), touching wP, moves it to 1,-1, where wP can step by itself: that is wP's own move, so under the Dutch
  // rule wP still throws on White's next turn (wG1 to 1,-2, 2,-2 or 1,0). Moved to -1,1, which only a throw reaches,
  // wP loses its four throws (wM and wQ, each to two spaces).
  it('and it counts as the tile’s own move', () => {
    const after = (dutch: boolean, q: number, r: number): string[] => {
      const p = build('wQ@-1,0 bQ@-2,0 wM@0,0 wP@1,0 wG1@0,-1', 0, 20, { ...ALL, pillbugDutchRule: dutch });
      const move = encodeMove(pieceByName('wP'), cellOf(q, r));
      expect(p.generateMoves()).toContain(move);
      p.makeMove(move);
      const reply = encodeMove(pieceByName('bQ'), cellOf(-1, -1));
      expect(p.generateMoves()).toContain(reply);
      p.makeMove(reply);
      return allMoves(p);
    };
    expect(after(true, 1, -1)).toEqual(after(false, 1, -1));
    expect(after(true, 1, -1)).toEqual(expect.arrayContaining(['wG1 1,-2', 'wG1 2,-2', 'wG1 1,0']));
    const barred = after(false, -1, 1).filter((m) => !after(true, -1, 1).includes(m));
    expect(barred).toEqual(['wM -1,2', 'wM -2,1', 'wQ -1,2', 'wQ -2,2']);
  });
});

describe('ruling 4: a Mosquito beside a Pillbug', () => {
  // On the ground wM (1,0) steps like the Pillbug (2,0, 0,1) and throws bQ, which only it touches, to 2,0, 0,1 or
  // 1,1; wM itself may also be thrown by wP to 0,-1, -1,1 or 0,1.
  it('on the ground it steps like the Pillbug or uses its ability', () => {
    const p = build('wQ@-1,0 wP@0,0 wM@1,0 bM@1,-1 bQ@2,-1');
    expect(targets(p, 'bQ')).toEqual(['0,1', '1,1', '2,0']);
    expect(targets(p, 'wM')).toEqual(['-1,1', '0,-1', '0,1', '2,0']);
  });
  // On top of wA1 it is a Beetle: any of its six neighbours, and no throw.
  it('on top of the hive it is a Beetle without the ability', () => {
    const p = build('wQ@-1,0 wP@0,0 wA1@1,0 wM@1,0 bM@1,-1 bQ@2,-1');
    expect(targets(p, 'bQ')).toEqual([]);
    expect(targets(p, 'wM')).toEqual(['0,0', '0,1', '1,-1', '1,1', '2,-1', '2,0']);
  });
});
