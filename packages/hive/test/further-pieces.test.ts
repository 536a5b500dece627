/**
 * The seven further pieces and the advanced game: one test (or a table) per ruling of docs/rules/hive.md, on
 * hand-laid boards whose expected move sets are worked out by hand in the comments. A move is shown as where the
 * tile goes (`q,r`), a grab as `+victim`, a swap as `=victim`, a carry as `q,r^carried`.
 */
import { describe, expect, it } from 'vitest';
import {
  cellOf,
  cellQ,
  cellR,
  encodeMove,
  HiveGame,
  hive,
  isRosterMove,
  MOVE_CARRY,
  MOVE_GRAB,
  MOVE_SWAP,
  moveKind,
  movePiece,
  moveTo,
  PASS,
  Position,
  parseGameString,
  parseGameType,
  rosterMove,
  UhpSession,
} from '../src/index.js';

const rules = (type: string) => {
  const t = parseGameType(type);
  if (!t.ok) throw new Error(t.error.reason);
  return { ...t.value, tournamentOpening: true, pillbugDutchRule: false };
};

/** `name@q,r` tiles, stacks listed bottom first; `side` to move, well into the game. */
const board = (type: string, tiles: string, side = 0): Position => {
  const p = new Position(rules(type));
  for (const t of tiles.split(/\s+/).filter(Boolean)) {
    const [name, at] = t.split('@');
    const [q, r] = at!.split(',').map(Number);
    const id = p.roster.idOf(name!);
    if (id < 0) throw new Error(`${name} is not in ${type}`);
    p.place(id, cellOf(q!, r!));
  }
  p.setTurn(side as 0 | 1, 20 + side);
  return p;
};

const at = (cell: number) => `${cellQ(cell)},${cellR(cell)}`;

/** Every legal move whose acting (or thrown) tile is `name`, in the notation above, sorted. */
const targets = (p: Position, name: string): string[] => {
  const id = p.roster.idOf(name);
  return p
    .generateMoves()
    .filter((m) => m !== PASS && movePiece(m) === id)
    .map((m) => {
      const kind = moveKind(m);
      const other = p.otherOf(m);
      if (kind === MOVE_GRAB) return `+${p.nameOf(other)}`;
      if (kind === MOVE_SWAP) return `=${p.nameOf(other)}`;
      if (kind === MOVE_CARRY) return `${at(moveTo(m))}^${p.nameOf(other)}`;
      return at(moveTo(m));
    })
    .sort();
};

const cell = (q: number, r: number) => cellOf(q, r);

describe('ruling 7: a tile the opponent just displaced cannot be taken', () => {
  // Black's last move brought bA1 next to the Mantis: of wQ, bQ and bA1 it may grab only the first two.
  it('the Mantis does not grab the tile just moved', () => {
    const p = board('Base:T', 'wQ@0,0 wT1@1,0 bQ@2,0 bA1@3,0', 1);
    p.makeMove(encodeMove(p.roster.idOf('bA1'), cell(1, -1)));
    expect(targets(p, 'wT1')).toEqual(['+bQ', '+wQ']);
  });
  // After Black's Centipede swapped with wQ, neither tile of the swap may be taken by White's Centipede.
  it('nor the Centipede either tile of the opponent’s swap', () => {
    const p = board('Base+P:C', 'wC@-1,1 wQ@0,0 bC@1,0 bQ@2,0 wA1@-1,0', 1);
    p.makeMove(encodeMove(p.roster.idOf('bC'), cell(0, 0), MOVE_SWAP));
    // wQ now at 1,0, bC at 0,0 beside wC (-1,1): bC is a Centipede anyway; wA1 (-1,0) is still takeable.
    expect(targets(p, 'wC').filter((t) => t.startsWith('='))).toEqual(['=wA1']);
  });
});

describe('ruling 8: a tile the opponent’s ability moved sits out a turn', () => {
  // Black's Centipede at 2,0 trades places with wA1 (1,0); the Ant then may not move on White's turn.
  it('a swapped tile may not move on its owner’s next turn', () => {
    const p = board('Base+P:C', 'wQ@0,0 wA1@1,0 bC@2,0 bQ@2,-1', 1);
    const swap = encodeMove(p.roster.idOf('bC'), cell(1, 0), MOVE_SWAP);
    expect(p.generateMoves()).toContain(swap);
    p.makeMove(swap);
    expect(targets(p, 'wA1')).toEqual([]);
    expect(targets(p, 'wQ').length).toBeGreaterThan(0);
    // A turn later it is free again.
    p.makeMove(encodeMove(p.roster.idOf('wQ'), cell(0, 1)));
    p.makeMove(PASS);
    expect(targets(p, 'wA1').length).toBeGreaterThan(0);
  });
});

describe('ruling 9: the Scorpion walks like a Spider', () => {
  // Around the pair wQ, bQ from -1,0: three steps either way round the ring of eight.
  it('exactly three sliding steps', () => {
    expect(targets(board('Base:R2', 'wQ@0,0 bQ@1,0 wR1@-1,0'), 'wR1')).toEqual(['1,1', '2,-1']);
  });
});

describe('ruling 10: nothing climbs on, passes over or moves a Scorpion', () => {
  const a = (middle: string, type: string) => board(type, `wG1@-1,0 wQ@0,0 ${middle}@1,0 bQ@2,-1 wB1@1,-1 wP@0,1`);
  it('Grasshopper, Beetle and the opponent’s Pillbug (an ordinary Spider as control)', () => {
    const scorpion = a('bR1', 'Base+P:/R2');
    expect(targets(scorpion, 'wG1')).toEqual([]);
    expect(targets(scorpion, 'wB1')).toEqual(['0,-1', '0,0', '2,-1', '2,-2']);
    expect(targets(scorpion, 'bR1')).toEqual([]);
    const spider = a('bS1', 'Base+P');
    expect(targets(spider, 'wG1')).toEqual(['2,0']);
    expect(targets(spider, 'wB1')).toEqual(['0,-1', '0,0', '1,0', '2,-1', '2,-2']);
    expect(targets(spider, 'bS1')).toEqual(['-1,1', '-1,2', '0,2', '1,1']);
  });
  // A tile with five neighbours cannot slide out, but its own Pillbug could lift it — not a Scorpion.
  it('its own Pillbug', () => {
    const ring = 'wQ@1,0 bQ@1,-1 wA1@0,-1 bA1@-1,0 wP@-1,1';
    expect(targets(board('Base+P:R2', `${ring} wR1@0,0`), 'wR1')).toEqual([]);
    expect(targets(board('Base+P', `${ring} wS1@0,0`), 'wS1')).toEqual(['-1,2', '-2,1', '-2,2', '0,1']);
  });
  it('the Mantis’s grab and the Centipede’s swap', () => {
    expect(targets(board('Base:T/R2', 'wQ@-1,0 wT1@0,0 bR1@1,0 bQ@1,-1'), 'wT1')).toEqual(['+bQ', '+wQ']);
    expect(targets(board('Base:T', 'wQ@-1,0 wT1@0,0 bS1@1,0 bQ@1,-1'), 'wT1')).toEqual(['+bQ', '+bS1', '+wQ']);
    expect(targets(board('Base+P:C/R2', 'wQ@-1,0 wC@0,0 bR1@1,0 bQ@1,-1'), 'wC')).toEqual(['=bQ', '=wQ']);
    expect(targets(board('Base+P:C', 'wQ@-1,0 wC@0,0 bS1@1,0 bQ@1,-1'), 'wC')).toEqual(['=bQ', '=bS1', '=wQ']);
  });
  it('the Ladybug’s and the Cockroach’s paths', () => {
    expect(targets(board('Base+L:R2', 'wL@-1,0 wQ@0,0 bR1@1,0 bQ@2,0'), 'wL')).toEqual([]);
    expect(targets(board('Base+L', 'wL@-1,0 wQ@0,0 bS1@1,0 bQ@2,0'), 'wL')).toEqual(['0,1', '1,-1', '1,1', '2,-1']);
    const roach = (s: string) => `wK@-1,0 wQ@0,0 ${s}@1,0 bQ@2,0`;
    expect(targets(board('Base+L:R2K', roach('wR1')), 'wK')).toEqual(['-1,1', '0,-1', '0,1', '1,-1']);
    expect(targets(board('Base+L:K', roach('wS1')), 'wK')).toEqual(['-1,1', '0,-1', '0,1', '1,-1', '1,1', '2,-1']);
  });
  // From on top a Mantis and a Mosquito are Beetles: every neighbour but the Scorpion (2,0), which a Spider leaves open.
  it('a Mantis and a Mosquito on top of the hive', () => {
    const onTop = (climber: string, middle: string, type: string) =>
      targets(board(type, `wQ@0,0 bA1@1,0 ${climber}@1,0 ${middle}@2,0 bQ@2,-1`), climber);
    expect(onTop('wT1', 'bR1', 'Base:T/R2')).toEqual(['0,0', '0,1', '1,-1', '1,1', '2,-1']);
    expect(onTop('wT1', 'bS1', 'Base:T')).toEqual(['0,0', '0,1', '1,-1', '1,1', '2,-1', '2,0']);
    expect(onTop('wM', 'bR1', 'Base+M:/R2')).toEqual(['0,0', '0,1', '1,-1', '1,1', '2,-1']);
    expect(onTop('wM', 'bS1', 'Base+M')).toEqual(['0,0', '0,1', '1,-1', '1,1', '2,-1', '2,0']);
  });
  // wM (0,0) touches wP and so throws as a Pillbug: bA1 to 0,-1 or 0,1, and a Spider at 1,0 likewise — a Scorpion never.
  it('a Mosquito acting as a Pillbug', () => {
    const tiles = (middle: string) => `wQ@-1,0 wP@-1,1 wM@0,0 ${middle}@1,0 bA1@1,-1 bQ@2,-1`;
    const scorpion = board('Base+MP:/R2', tiles('bR1'));
    expect(targets(scorpion, 'bR1')).toEqual([]);
    expect(targets(scorpion, 'bA1')).toEqual(['0,-1', '0,1']);
    expect(targets(board('Base+MP', tiles('bS1')), 'bS1')).toEqual(['0,-1', '0,1']);
  });
  // Two Scorpions side by side close both middle spaces towards 2,-1; one Scorpion on a landing space closes it.
  it('the Dragonfly, in flight and landing', () => {
    const over = board('Base+M:D/R2', 'wD@0,0 wQ@0,-1 bR1@1,0 bR2@1,-1 bQ@2,0');
    expect(targets(over, 'wD')).toEqual(['-1,-1', '1,-2', '1,1']);
    expect(targets(board('Base+M:D/R2', 'wD@0,0 wQ@1,0 bR1@1,1 bQ@2,0'), 'wD')).toEqual(['2,-1']);
    expect(targets(board('Base+M:D', 'wD@0,0 wQ@1,0 bS1@1,1 bQ@2,0'), 'wD')).toEqual(['1,1', '2,-1']);
  });
});

describe('ruling 11: flights ignore Scorpions; a Scorpion is an ordinary tile otherwise', () => {
  it('a Wasp lands beside a Scorpion; a Scorpion holding the hive together cannot move', () => {
    const p = board('Base:W/R2', 'wQ@0,0 wW1@-1,0 bQ@1,0 bR1@2,0');
    expect(targets(p, 'wW1')).toEqual(['1,1', '2,-1', '2,1', '3,-1', '3,0']);
    expect(targets(board('Base:R2', 'wQ@0,0 wR1@1,0 bQ@2,0'), 'wR1')).toEqual([]);
  });
});

describe('ruling 12: a Mosquito beside a Scorpion walks like a Spider and is not immune', () => {
  it('moves three steps', () => {
    expect(targets(board('Base+M:/R2', 'wM@-1,0 bR1@0,0 wQ@1,0 bQ@2,0'), 'wM')).toEqual(['1,1', '2,-1']);
  });
  it('a Beetle may climb onto it', () => {
    const p = board('Base+M:/R2', 'wM@-1,0 bR1@0,0 wQ@1,0 bQ@2,0 bB1@-1,1', 1);
    expect(targets(p, 'bB1')).toContain('-1,0');
    expect(targets(p, 'bB1')).not.toContain('0,0');
  });
});

describe('rulings 13 and 14: the Fly', () => {
  const ring = 'wQ@1,0 bQ@1,-1 wA1@0,-1 bA1@-1,0';
  it('steps while it can (13)', () => {
    expect(targets(board('Base:F3', `${ring} wF1@0,0`), 'wF1')).toEqual(['-1,1', '0,1']);
  });
  // With 0,1 behind a gate it has no step: it flies to each of the twelve empty spaces around the hive, 0,1 too.
  it('flies anywhere next to the hive when hemmed in, gates ignored (14)', () => {
    expect(targets(board('Base:F3', `${ring} wA2@-1,1 wF1@0,0`), 'wF1')).toEqual(
      ['2,0', '2,-1', '1,1', '0,1', '2,-2', '1,-2', '0,-2', '-1,-1', '-2,0', '-2,1', '-2,2', '-1,2'].sort(),
    );
  });
  it('a Fly holding the hive together neither steps nor flies (14)', () => {
    expect(targets(board('Base:F3', 'wQ@0,0 wF1@1,0 bQ@2,0'), 'wF1')).toEqual([]);
  });
});

describe('rulings 15 and 16: the Wasp', () => {
  it('flies to spaces touching only the opponent, into surrounded ones too (15)', () => {
    expect(targets(board('Base:W3/', 'wQ@0,0 wW1@-1,0 bQ@1,0 bA1@2,0'), 'wW1')).toEqual([
      '1,1',
      '2,-1',
      '2,1',
      '3,-1',
      '3,0',
    ]);
    const hole = 'bQ@1,0 bS1@1,-1 bS2@0,-1 bB1@-1,0 bB2@-1,1 bG1@0,1 wQ@2,0';
    expect(targets(board('Base:W3', `${hole} wW1@3,0`), 'wW1')).toContain('0,0');
    // Out of the hole again: its six neighbours are Black's, and no space next to wQ (2,0) is offered.
    const out = targets(board('Base:W3', `${hole} wW1@0,0`), 'wW1');
    expect(out).toContain('-2,1');
    expect(out).not.toContain('3,0');
  });
  // wW1 alone joins wQ to bQ; with bG1 and bG2 bridging round it, it flies to the seven spaces touching only Black.
  it('a Wasp holding the hive together cannot move (15)', () => {
    expect(targets(board('Base:W3', 'wQ@0,0 wW1@1,0 bQ@2,0'), 'wW1')).toEqual([]);
    expect(targets(board('Base:W3', 'wQ@0,0 wW1@1,0 bQ@2,0 bG1@1,-1 bG2@2,-1'), 'wW1')).toEqual(
      ['1,-2', '1,1', '2,-2', '2,1', '3,-1', '3,-2', '3,0'].sort(),
    );
  });
  // Placed beside its own colour; thrown beside it by its own Pillbug; its own flight avoids its colour.
  it('may stand beside its own colour unless it flies there (16)', () => {
    const p = board('Base+P:W/', 'wQ@0,0 bQ@1,0 wP@-1,0 wW1@-1,1 bA1@2,0');
    expect(targets(p, 'wW1')).toEqual(['-1,-1', '-2,0', '-2,1', '0,-1', '1,1', '2,-1', '2,1', '3,-1', '3,0']);
    expect(targets(p, 'wS1')).toContain('-2,2');
  });
});

describe('ruling 17: the Cockroach', () => {
  it('crosses stacks topped by its own colour, never the opponent’s', () => {
    const own = board('Base+L:K', 'wK@-1,0 wQ@0,0 bA1@1,0 wB1@1,0 bQ@2,0');
    expect(targets(own, 'wK')).toEqual(['-1,1', '0,-1', '0,1', '1,-1', '1,1', '2,-1']);
    const theirs = board('Base+L:K', 'wK@-1,0 wQ@0,0 wB1@1,0 bB1@1,0 bQ@2,0');
    expect(targets(theirs, 'wK')).toEqual(['-1,1', '0,-1', '0,1', '1,-1']);
  });
  // From wQ (0,0) the step east onto wA1 passes between two black stacks two high, higher than both: the gate is shut.
  // With the stacks one high it is open, and the Cockroach comes down beyond wA1 too (2,0, 1,1).
  it('obeys the gate rule on top of the hive', () => {
    const tiles = (beetles: string) => `wK@-1,0 wQ@0,0 wA1@1,0 bA1@1,-1 bA2@0,1 bQ@2,-1 ${beetles}`;
    expect(targets(board('Base+L:K', tiles('bB1@1,-1 bB2@0,1')), 'wK')).toEqual(['-1,1', '0,-1']);
    expect(targets(board('Base+L:K', tiles('')), 'wK')).toEqual(['-1,1', '0,-1', '1,1', '2,0']);
  });
});

describe('rulings 18 and 19: the Dragonfly’s flight', () => {
  it('a step, a turned step, over tiles, onto the hive (18, 19)', () => {
    expect(targets(board('Base+M:D', 'wQ@0,0 bQ@1,0 bA1@1,-1 wD@-1,0'), 'wD')).toEqual(['0,1', '1,-1']);
    // Onto a stack two high.
    expect(targets(board('Base+M:D', 'wQ@0,0 bQ@1,0 bA1@1,-1 bB1@1,-1 wD@-1,0'), 'wD')).toEqual(['0,1', '1,-1']);
  });
  // wD alone joins wQ to bQ; with bA1 and bA2 bridging round it, it reaches five of its six spaces (0,2 touches nothing).
  it('a Dragonfly on the ground holding the hive together cannot move (19)', () => {
    expect(targets(board('Base+M:D', 'wQ@0,0 wD@1,0 bQ@2,0'), 'wD')).toEqual([]);
    expect(targets(board('Base+M:D', 'wQ@0,0 wD@1,0 bQ@2,0 bA1@1,-1 bA2@2,-1'), 'wD')).toEqual([
      '-1,1',
      '0,-1',
      '2,-2',
      '2,1',
      '3,-1',
    ]);
  });
  it('no gate stops it: hemmed in by five tiles it reaches all six spaces (19)', () => {
    const p = board('Base+M:D', 'wQ@1,0 bQ@1,-1 wA1@0,-1 bA1@-1,0 wA2@-1,1 wD@0,0');
    expect(targets(p, 'wD')).toEqual(['-1,-1', '-1,2', '-2,1', '1,-2', '1,1', '2,-1']);
  });
});

describe('rulings 20 and 21: the Dragonfly’s carry', () => {
  it('from on top to an empty space it carries the tile beneath (20)', () => {
    const p = board('Base+M:D', 'wQ@0,0 bQ@1,0 bA1@1,-1 wD@1,-1');
    expect(targets(p, 'wD')).toEqual(['-1,0^bA1', '0,1^bA1', '2,0^bA1']);
    const high = board('Base+M:D', 'wQ@0,0 bQ@1,0 bA1@1,-1 bB1@1,-1 wD@1,-1');
    expect(targets(high, 'wD')).toEqual(['-1,0^bB1', '0,1^bB1', '2,0^bB1']);
  });
  it('alone when carrying would split the hive, or the tile beneath is a Dragonfly (20)', () => {
    const split = board('Base+M:D', 'wA1@-1,0 wQ@0,0 wD@0,0 bQ@1,0');
    expect(targets(split, 'wD')).toEqual(['-1,-1', '-2,1', '1,1', '2,-1']);
    const dragonfly = board('Base+M:D', 'wQ@0,0 bQ@1,0 bD@1,-1 wD@1,-1');
    expect(targets(dragonfly, 'wD')).toEqual(['-1,0', '0,1', '2,0']);
  });
  it('the carried tile lands under the Dragonfly and is pinned; the opponent’s Queen may be carried (21)', () => {
    const p = board('Base+M:D', 'wQ@0,0 bQ@1,0 wD@1,0 bA2@1,-1 bA1@2,-1');
    const carry = p.generateMoves().find((m) => moveKind(m) === MOVE_CARRY && p.otherOf(m) === p.roster.idOf('bQ'));
    expect(carry).toBeDefined();
    p.makeMove(carry!);
    const q = p.pos[p.roster.idOf('bQ')]!;
    expect(p.top[q]).toBe(p.roster.idOf('wD'));
    expect(p.height[q]).toBe(2);
    expect(targets(p, 'bQ')).toEqual([]);
    p.unmakeMove();
    expect(at(p.pos[p.roster.idOf('bQ')]!)).toBe('1,0');
  });
});

describe('ruling 21: a Queen under a Mantis or a Dragonfly counts as surrounded', () => {
  const game = (type: string, tiles: string) => {
    const g = new HiveGame({ ...rules(type), repetition: true });
    g.position = board(type, tiles);
    return g;
  };
  // bQ lies under wT1 at 0,0 with five neighbours taken; wA1 steps into the sixth, 0,1.
  it('under a Mantis: the move that fills the last space wins', () => {
    const ring = 'wQ@1,0 bA1@1,-1 bA2@0,-1 bG1@-1,0 bG2@-1,1 wA1@1,1';
    const g = game('Base:T', `bQ@0,0 wT1@0,0 ${ring}`);
    expect(g.outcome()).toBeUndefined();
    expect(g.play(encodeMove(g.position.roster.idOf('wA1'), cell(0, 1))).ok).toBe(true);
    expect(g.outcome()).toEqual({ reason: 'queen-surrounded', results: ['win', 'loss'] });
  });
  // wD on top of bQ at 2,-1 carries her over wA1 into the hole at 0,0, whose six neighbours are all taken.
  it('under a Dragonfly: carried into a hole, she is surrounded at once', () => {
    const ring = 'wQ@1,0 wA1@1,-1 wA2@0,-1 bA1@-1,0 bA2@-1,1 wG1@0,1';
    const g = game('Base+M:D', `${ring} bQ@2,-1 wD@2,-1`);
    const carry = encodeMove(g.position.roster.idOf('wD'), cell(0, 0), MOVE_CARRY);
    expect(g.legalMoves()).toContain(carry);
    expect(g.outcome()).toBeUndefined();
    expect(g.play(carry).ok).toBe(true);
    expect(g.position.top[cell(0, 0)]).toBe(g.position.roster.idOf('wD'));
    expect(g.outcome()).toEqual({ reason: 'queen-surrounded', results: ['win', 'loss'] });
  });
});

describe('rulings 21 to 24: the Mantis', () => {
  it('grabs any lone neighbour through a shared empty space, the opponent’s Queen too (21, 22)', () => {
    expect(targets(board('Base:T2', 'wQ@0,0 wT1@1,0 bQ@2,0 bA1@1,-1'), 'wT1')).toEqual(['+bA1', '+bQ', '+wQ']);
    // wQ sits in a gate (1,-1 and 0,1 both taken).
    expect(targets(board('Base:T2', 'wT1@0,0 wQ@1,0 bQ@1,-1 bA1@0,1'), 'wT1')).toEqual(['+bA1', '+bQ']);
    // wQ holds bQ to the hive; the Beetle on wQ's stack is not lone.
    expect(targets(board('Base:T2', 'bA1@-1,0 wT1@0,0 wQ@1,0 bQ@2,0'), 'wT1')).toEqual(['+bA1']);
    expect(targets(board('Base:T2/', 'bA1@-1,0 wT1@0,0 wQ@1,0 bB1@1,0 bQ@2,0'), 'wT1')).toEqual(['+bA1']);
  });
  it('the grabbed tile goes under the Mantis, which stays; undo restores both', () => {
    const p = board('Base:T2', 'wQ@0,0 wT1@1,0 bQ@2,0 bA1@1,-1');
    const hash = p.hashLo();
    p.makeMove(encodeMove(p.roster.idOf('wT1'), cell(2, 0), MOVE_GRAB));
    expect(p.top[cell(1, 0)]).toBe(p.roster.idOf('wT1'));
    expect(p.below[p.roster.idOf('wT1')]).toBe(p.roster.idOf('bQ'));
    expect(p.height[cell(2, 0)]).toBe(0);
    p.unmakeMove();
    expect(at(p.pos[p.roster.idOf('bQ')]!)).toBe('2,0');
    expect(p.hashLo()).toBe(hash);
  });
  it('on top it moves as a Beetle and does not grab (23)', () => {
    const p = board('Base:T2', 'wQ@0,0 bA1@1,0 wT1@1,0 bQ@2,0');
    expect(targets(p, 'wT1')).toEqual(['0,0', '0,1', '1,-1', '1,1', '2,-1', '2,0']);
  });
  // A white Mantis moved during Black's turn (only a Pillbug can do that) neither moves nor grabs.
  it('a Mantis that sits out does not grab (24)', () => {
    const p = board('Base+P:T2', 'wQ@0,0 bQ@2,0 bA1@1,-1 bP@1,1 wT1@0,1', 1);
    p.makeMove(encodeMove(p.roster.idOf('wT1'), cell(1, 0)));
    expect(targets(p, 'wT1')).toEqual([]);
  });
  it('a Centipede that sits out does not swap (24)', () => {
    const tiles = 'wQ@0,0 bQ@1,0 bP@1,1';
    expect(targets(board('Base+P:C/', `${tiles} wC@0,1`), 'wC').length).toBeGreaterThan(0);
    const p = board('Base+P:C/', `${tiles} wC@-1,1`, 1);
    p.makeMove(encodeMove(p.roster.idOf('wC'), cell(0, 1)));
    expect(targets(p, 'wC')).toEqual([]);
  });
});

describe('ruling 25: the Centipede', () => {
  it('steps, or swaps through a shared empty space; never with a Pillbug; even while holding the hive', () => {
    expect(targets(board('Base+P:C/', 'wQ@0,0 wC@1,0 bQ@2,0 bP@1,-1'), 'wC')).toEqual(['=bQ', '=wQ']);
    expect(targets(board('Base+P:C', 'wC@0,0 wQ@1,0 bQ@1,-1 bA1@0,1'), 'wC')).toEqual(['-1,1', '0,-1', '=bA1', '=bQ']);
  });
  // The same Centipede, lone (it holds the hive, so it only swaps) and under a black Beetle (it does nothing).
  it('a Centipede under a stack neither steps nor swaps', () => {
    expect(targets(board('Base+P:C', 'wQ@-1,0 wC@0,0 bQ@1,0'), 'wC')).toEqual(['=bQ', '=wQ']);
    expect(targets(board('Base+P:C', 'wQ@-1,0 wC@0,0 bB1@0,0 bQ@1,0'), 'wC')).toEqual([]);
  });
  it('never with a Centipede or a tile on a stack', () => {
    expect(targets(board('Base+P:C', 'wQ@-1,0 wC@0,0 bC@1,0 bQ@2,0'), 'wC')).toEqual(['=wQ']);
    expect(targets(board('Base+P:C', 'wQ@-1,0 wC@0,0 bQ@1,0 wB1@1,0'), 'wC')).toEqual(['=wQ']);
  });
});

describe('ruling 26: what a Mosquito copies', () => {
  it('beside only a Mantis and a Mosquito it grabs and does not walk', () => {
    const p = board('Base+M:T2', 'wM@0,0 wT1@1,0 bM@0,1 wQ@2,0 bQ@1,1');
    expect(targets(p, 'wM')).toEqual(['+bM', '+wT1']);
  });
  it('as a Centipede it steps and may swap with the other Mosquito, not with the Centipede', () => {
    const p = board('Base+MP:C', 'wM@0,0 wC@1,0 bM@0,1 wQ@2,0 bQ@1,1');
    expect(targets(p, 'wM')).toEqual(['-1,1', '1,-1', '=bM']);
  });
  it('as a Wasp it flies to spaces touching only its owner’s opponent', () => {
    expect(targets(board('Base+M:W3/', 'wQ@0,0 bQ@1,0 wW1@-1,0 wM@-2,0'), 'wM')).toEqual(['1,1', '2,-1', '2,0']);
  });
  it('as a Cockroach it crosses only stacks of its owner’s colour', () => {
    expect(targets(board('Base+ML:/K', 'wQ@0,0 bQ@1,0 bK@-1,0 wM@-2,0'), 'wM')).toEqual([]);
  });
  // wM (-1,0) touches bK and wQ: the Queen's steps (0,-1, -2,1), and as a Cockroach up onto wQ, across the stack
  // wB1 tops (on bQ, so White's), and down: 1,-1 and 0,1 beside wQ, 2,-1, 2,0 and 1,1 beside the stack.
  it('as a Cockroach it crosses its owner’s stacks', () => {
    const p = board('Base+ML:/K', 'wQ@0,0 bQ@1,0 wB1@1,0 bK@-1,1 wM@-1,0');
    expect(targets(p, 'wM')).toEqual(['-2,1', '0,-1', '0,1', '1,-1', '1,1', '2,-1', '2,0']);
  });
  // Beside only a Fly it steps while it can; hemmed in by five Flies (0,1 behind a gate) it flies to any of the
  // fourteen empty spaces touching the hive, 0,1 included.
  it('as a Fly it steps, or flies when it cannot step', () => {
    expect(targets(board('Base+M:F3', 'wF1@0,0 wM@-1,0 wQ@1,0 bQ@2,0'), 'wM')).toEqual(['-1,1', '0,-1']);
    const hemmed = board('Base+M:F3', 'wF1@1,0 wF2@1,-1 wF3@0,-1 bF1@-1,0 bF2@-1,1 wQ@2,-1 bQ@-2,1 wM@0,0');
    const flights = '-1,-1 -1,2 -2,0 -2,2 -3,1 -3,2 0,-2 0,1 1,-2 1,1 2,-2 2,0 3,-1 3,-2';
    expect(targets(hemmed, 'wM')).toEqual(flights.split(' '));
  });
  it('as a Dragonfly it may land on top; on top it is a Beetle and carries nothing', () => {
    // Each side has one tile that shows either the Mosquito or the Dragonfly: White's Mosquito copies Black's Dragonfly.
    const ground = board('Base+M:/D', 'wQ@0,0 bQ@1,0 bA1@1,-1 wM@-1,0 bD@-1,1');
    expect(targets(ground, 'wM')).toEqual(['-2,1', '-2,2', '0,-1', '0,1', '1,-1']);
    const top = board('Base+M:/D', 'wQ@0,0 bQ@1,0 bA1@1,-1 wM@1,-1 bD@2,-1');
    expect(targets(top, 'wM')).toEqual(['0,-1', '0,0', '1,-2', '1,0', '2,-1', '2,-2']);
  });
});

describe('ruling 27: the Pillbug throws the new pieces, not the Scorpion', () => {
  it('throws a Centipede', () => {
    expect(targets(board('Base+P:/C', 'wQ@-1,0 wP@0,0 bC@1,0 bQ@1,-1'), 'bC')).toEqual(['-1,1', '0,-1', '0,1']);
  });
});

describe('ruling 28: one move per result', () => {
  it('a Mosquito’s climb onto a tile and its grab of it are two moves with two MoveStrings', () => {
    const p = board('Base+M:T', 'wM@0,0 wT1@1,0 wB1@0,1 wQ@1,1 bQ@2,0');
    expect(targets(p, 'wM')).toEqual(['+wB1', '+wT1', '-1,1', '0,1', '1,-1', '1,0']);
    const g = new HiveGame({ ...rules('Base+M:T'), repetition: true });
    g.position = p;
    const texts = g.legalMoves().map((m) => g.moveToString(m));
    expect(texts).toContain('wM wT1');
    expect(texts).toContain('wM +wT1');
    expect(g.parseMove('wM +wT1')).toEqual({
      ok: true,
      value: encodeMove(p.roster.idOf('wM'), cell(1, 0), MOVE_GRAB),
    });
  });
});

describe('ruling 29: placement and the Queen rule are unchanged', () => {
  it('first placements: one tile of each bug, no Queen; the Queen is due on turn four', () => {
    const g = parseGameString('Base+MLP:R2T2F3W3DKC');
    if (!g.ok) throw new Error(g.error.reason);
    const first = [...new Set(g.value.legalMoves().map((m) => g.value.moveToString(m)))].sort();
    expect(first).toEqual(['wC', 'wD', 'wF1', 'wK', 'wR1', 'wT1', 'wW1']);
    const later = parseGameString(
      'Base+MLP:R2T2F3W3DKC;InProgress;White[4];wR1;bR1 wR1-;wF1 -wR1;bF1 bR1-;wW1 -wF1;bW1 bF1-',
    );
    if (!later.ok) throw new Error(later.error.reason);
    const pieces = new Set(later.value.legalMoves().map((m) => later.value.moveToString(m).split(' ')[0]));
    expect([...pieces]).toEqual(['wQ']);
  });
});

describe('ruling 30: rosters and the extended GameTypeString', () => {
  it('reads rosters and names tiles', () => {
    const g = parseGameString('Base+MLP:T1F2W/R2DC');
    if (!g.ok) throw new Error(g.error.reason);
    expect(g.value.gameType).toBe('Base+MLP:TF2W/R2DC');
    expect(g.value.position.roster.names.slice(0, 14)).toEqual(
      'wQ wS1 wS2 wB1 wT1 wG1 wF1 wF2 wA1 wA2 wW1 wM wL wP'.split(' '),
    );
    expect(g.value.position.roster.names.slice(14)).toEqual(
      'bQ bR1 bR2 bB1 bB2 bG1 bG2 bG3 bA1 bA2 bA3 bD bL bC'.split(' '),
    );
  });
  it.each([
    ['Base:F3/F3', 'Base:F3'],
    ['Base+MLP:R1', 'Base+MLP:R'],
    ['Base:', 'Base'],
    ['Base:W3/', 'Base:W3/'],
    ['Base+MLP:?', 'Base+MLP:?'],
    ['Base+MLP', 'Base+MLP'],
  ])('%s is written %s', (text, canonical) => {
    const g = parseGameString(text);
    expect(g.ok && g.value.gameType).toBe(canonical);
  });
  it.each([
    ['Base:D', 'needs the +M'],
    ['Base+MLP:TR', 'order'],
    ['Base:F4', '3 G tiles'],
    ['Base:R0', '2 S tiles'],
    ['Base:Q', 'not a reverse side'],
    ['Base:F/F/F', 'at most two'],
    ['Base+LM', 'in that order'],
    ['Base+X', 'expansions'],
    ['Base:f', 'expected reverse-side'],
  ])('refuses %s (%s)', (text, reason) => {
    const t = parseGameType(text);
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error.reason).toContain(reason);
  });
  it('offers every roster the game type allows', () => {
    expect(new HiveGame({ ...rules('Base:?'), repetition: true }).rosterChoices()).toHaveLength(3 * 3 * 4 * 4);
    expect(new HiveGame({ ...rules('Base+MLP:?'), repetition: true }).rosterChoices()).toHaveLength(1152);
  });
});

describe('ruling 31: the roster phase', () => {
  const advanced = () => {
    const g = hive.parseOptions({ variant: 'Base+MLP:?' });
    if (!g.ok) throw new Error(g.error.reason);
    const c = hive.create(g.value);
    if (!c.ok) throw new Error(c.error.reason);
    return c.value;
  };
  it('is blind and simultaneous, then the game goes on with the rosters', () => {
    const g = advanced();
    expect(g.turn()).toEqual({ kind: 'simultaneous', seats: [0, 1] });
    expect(g.play(encodeMove(0, cell(0, 0)), 0).ok).toBe(false);
    const black = g.parseMove('roster R2DC', 1);
    expect(black.ok && g.play(black.value, 1).ok).toBe(true);
    expect(g.turn()).toEqual({ kind: 'simultaneous', seats: [0] });
    expect(g.play(rosterMove({ R: 1 }), 1).ok).toBe(false);
    expect(g.recordFor(0, 0).notation).toBe('roster ?');
    expect(g.recordFor(1, 0).notation).toBe('roster R2DC');
    expect(g.viewFor(0).roster).toEqual({ chosen: [false, true], own: null });
    expect(g.viewFor(1).roster).toEqual({ chosen: [false, true], own: 'R2DC' });
    expect(JSON.stringify(g.viewFor(0))).not.toContain('R2DC');
    expect(g.play(rosterMove({ T: 1, F: 2, W: 1 }), 0).ok).toBe(true);
    expect(g.turn()).toEqual({ kind: 'seat', seat: 0 });
    expect(g.gameType).toBe('Base+MLP:TF2W/R2DC');
    expect(g.recordFor(0, 0).notation).toBe('roster R2DC');
    expect(g.ply).toBe(2);
    const first = g.legalMoves().map((m) => g.moveToString(m));
    expect(first).toContain('wT1');
    expect(g.play(rosterMove({}), 0).ok).toBe(false);
    // Undo takes the last choice back and reopens the phase.
    expect(g.undo().ok).toBe(true);
    expect(g.turn()).toEqual({ kind: 'simultaneous', seats: [0] });
    expect(g.gameType).toBe('Base+MLP:?');
  });
  it('a seat out of time plays the classic roster', () => {
    const g = advanced();
    g.play(rosterMove({ W: 3 }), 0);
    expect(g.apply({ type: 'timeout', seat: 1 }).ok).toBe(true);
    expect(g.outcome()).toBeUndefined();
    expect(g.gameType).toBe('Base+MLP:W3/');
    expect(isRosterMove(g.legalMoves()[0]!)).toBe(false);
  });
  it('survives a snapshot in the middle of the phase', () => {
    const g = advanced();
    g.play(rosterMove({ K: 1 }), 1);
    const back = hive.fromSnapshot(JSON.parse(JSON.stringify(g.snapshot())));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.turn()).toEqual({ kind: 'simultaneous', seats: [0] });
    back.value.play(rosterMove({}), 0);
    expect(back.value.gameType).toBe('Base+MLP:/K');
  });
});

describe('ruling 32: the GameString names the chosen rosters', () => {
  it('replays from its GameString and from UHP', () => {
    const g = parseGameString('Base+MLP:?');
    if (!g.ok) throw new Error(g.error.reason);
    g.value.play(rosterMove({ T: 1 }), 0);
    g.value.play(rosterMove({ C: 1 }), 1);
    for (const t of ['wT1', 'bC wT1-', 'wQ -wT1', 'bQ bC-']) {
      const m = g.value.parseMove(t);
      if (!m.ok) throw new Error(m.error.reason);
      expect(g.value.play(m.value).ok).toBe(true);
    }
    const text = g.value.positionToString();
    expect(text).toBe('Base+MLP:T/C;InProgress;White[3];wT1;bC wT1-;wQ -wT1;bQ bC-');
    const again = parseGameString(text);
    expect(again.ok && again.value.positionToString()).toBe(text);
    const s = new UhpSession();
    expect(s.handle(`newgame ${text}`)[0]).toBe(text);
    // bC holds bQ to the hive, so of its two neighbours the Mantis may grab only wQ.
    const valid = s.handle('validmoves')[0]!.split(';');
    expect(valid).toContain('wT1 +wQ');
    expect(valid).not.toContain('wT1 +bC');
  });
});

describe('the create form’s sides option', () => {
  it.each([
    ['Base+MLP', 'none', 'Base+MLP'],
    ['Base+MLP', 'advanced', 'Base+MLP:?'],
    ['Base+M', 'all', 'Base+M:R2T2F3W3D'],
    ['Base', 'F3', 'Base:F3'],
    ['Base+P', 'C/R2', 'Base+P:C/R2'],
  ])('%s with sides %s is %s', (variant, sides, type) => {
    const o = hive.parseOptions({ variant, sides });
    const g = o.ok ? hive.create(o.value) : o;
    expect(g.ok && g.value.gameType).toBe(type);
  });
  it('refuses sides twice or sides the game type lacks', () => {
    expect(hive.parseOptions({ variant: 'Base:F', sides: 'T' }).ok).toBe(false);
    const o = hive.parseOptions({ variant: 'Base', sides: 'D' });
    expect(!o.ok && o.error.reason).toContain('+M');
  });
});
