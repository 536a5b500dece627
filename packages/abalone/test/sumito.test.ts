import { describe, expect, it } from 'vitest';
import { AbaloneGame, BLACK, cellByName, cellName, moveToString, Position, WHITE } from '../src/index.js';

/** Builds a game from cell names, Black to move. */
const setup = (black: string, white: string): AbaloneGame => {
  const p = new Position();
  for (const n of black.split(' ').filter(Boolean)) p.put(cellByName(n), BLACK);
  for (const n of white.split(' ').filter(Boolean)) p.put(cellByName(n), WHITE);
  return new AbaloneGame({ start: 'standard', repetition: false, maxPlies: 0 }, p);
};

const occupied = (g: AbaloneGame, value: number) =>
  g
    .marbles()
    .filter((m) => m.seat === value - 1)
    .map((m) => cellName(m.cell))
    .sort()
    .join(' ');

interface Row {
  /** What the row proves. */
  readonly why: string;
  readonly black: string;
  readonly white: string;
  readonly move: string;
  /** White's marbles after the move, or null when the move is refused. */
  readonly whiteAfter: string | null;
  readonly ejected?: number;
}

// Black moves east along row E (and along other lines where the edge matters); every row is one case of the rule.
const ROWS: readonly Row[] = [
  { why: '2 push 1 into an empty cell', black: 'E3 E4', white: 'E5', move: 'E3E5', whiteAfter: 'E6' },
  { why: '3 push 1 into an empty cell', black: 'E2 E3 E4', white: 'E5', move: 'E2E5', whiteAfter: 'E6' },
  {
    why: '3 push 2: the pushed pair shifts as a block',
    black: 'E1 E2 E3',
    white: 'E4 E5',
    move: 'E1E4',
    whiteAfter: 'E5 E6',
  },
  { why: '2 push 1 over the edge ejects it', black: 'E7 E8', white: 'E9', move: 'E7E9', whiteAfter: '', ejected: 1 },
  { why: '3 push 1 over the edge ejects it', black: 'E6 E7 E8', white: 'E9', move: 'E6E9', whiteAfter: '', ejected: 1 },
  {
    why: '3 push 2 at the edge ejects the far one only',
    black: 'E5 E6 E7',
    white: 'E8 E9',
    move: 'E5E8',
    whiteAfter: 'E9',
    ejected: 1,
  },
  {
    why: 'sumito along a diagonal line',
    black: 'C3 D3',
    white: 'E3',
    move: 'C3E3',
    whiteAfter: 'F3',
  },
  {
    why: 'sumito towards row I ejects off the top',
    black: 'G7 H7',
    white: 'I7',
    move: 'G7I7',
    whiteAfter: '',
    ejected: 1,
  },
  { why: '1 v 1 is blocked: a single marble never pushes', black: 'E4', white: 'E5', move: 'E4E5', whiteAfter: null },
  { why: '2 v 2 is blocked: equal numbers', black: 'E3 E4', white: 'E5 E6', move: 'E3E5', whiteAfter: null },
  { why: '3 v 3 is blocked: equal numbers', black: 'E1 E2 E3', white: 'E4 E5 E6', move: 'E1E4', whiteAfter: null },
  { why: '1 v 2 is blocked: fewer pushers', black: 'E4', white: 'E5 E6', move: 'E4E5', whiteAfter: null },
  { why: '2 v 3 is blocked: fewer pushers', black: 'E2 E3', white: 'E4 E5 E6', move: 'E2E4', whiteAfter: null },
  {
    why: '2 v 1 blocked by an own marble behind the opponent',
    black: 'E3 E4 E6',
    white: 'E5',
    move: 'E3E5',
    whiteAfter: null,
  },
  {
    why: '3 v 2 blocked by an own marble behind the opponents',
    black: 'E1 E2 E3 E6',
    white: 'E4 E5',
    move: 'E1E4',
    whiteAfter: null,
  },
  {
    why: '3 v 1 blocked by an own marble behind the opponent',
    black: 'E2 E3 E4 E6',
    white: 'E5',
    move: 'E2E5',
    whiteAfter: null,
  },
  {
    why: '2 v 1 blocked when an opposing marble behind makes it 2 v 2',
    black: 'E3 E4',
    white: 'E5 E6',
    move: 'E3E5',
    whiteAfter: null,
  },
  {
    why: '3 v 2 is fine with a gap behind the pair',
    black: 'E1 E2 E3',
    white: 'E4 E5 E7',
    move: 'E1E4',
    whiteAfter: 'E5 E6 E7',
  },
  {
    why: '4 v 3 is blocked: a fourth marble never joins the push',
    black: 'E1 E2 E3 E4',
    white: 'E5 E6 E7',
    move: 'E2E5',
    whiteAfter: null,
  },
  {
    why: '4 v 2: the front three push, the fourth stays',
    black: 'E1 E2 E3 E4',
    white: 'E5 E6',
    move: 'E2E5',
    whiteAfter: 'E6 E7',
  },
  { why: 'four in line is not a move of four', black: 'E1 E2 E3 E4', white: 'E5', move: 'E1E5', whiteAfter: null },
  {
    why: 'no contact: an in-line move into a gap before the opponent just moves',
    black: 'E1 E2 E3',
    white: 'E5',
    move: 'E1E4',
    whiteAfter: 'E5',
  },
  { why: 'a broadside move never pushes', black: 'E4 E5', white: 'F5', move: 'E4E5F4', whiteAfter: null },
  {
    why: 'a broadside move needs every target empty',
    black: 'E4 E5 E6',
    white: 'F6',
    move: 'E4E6F4',
    whiteAfter: null,
  },
  {
    why: 'a broadside move with empty targets is legal',
    black: 'E4 E5 E6',
    white: 'F8',
    move: 'E4E6F4',
    whiteAfter: 'F8',
  },
  { why: 'own marble in front blocks a single step', black: 'E4 E5', white: '', move: 'E5E4', whiteAfter: null },
];

describe('sumito and blocks, one case per row', () => {
  it.each(ROWS)('$why', ({ black, white, move, whiteAfter, ejected = 0 }) => {
    const g = setup(black, white);
    const before = g.positionToString();
    const parsed = g.parseMove(move);
    const played = parsed.ok ? g.play(parsed.value) : parsed;
    if (whiteAfter === null) {
      expect(played.ok).toBe(false);
      if (!played.ok) expect(played.error.reason.length).toBeGreaterThan(10);
      expect(g.positionToString()).toBe(before);
      return;
    }
    expect(played).toEqual({ ok: true, value: undefined });
    expect(occupied(g, WHITE)).toBe(whiteAfter.split(' ').filter(Boolean).sort().join(' '));
    expect(g.position.ejected[0]).toBe(ejected);
    // Black keeps all its marbles, and undo restores the position exactly.
    expect(occupied(g, BLACK).split(' ')).toHaveLength(black.split(' ').length);
    expect(g.undo().ok).toBe(true);
    expect(g.positionToString()).toBe(before);
  });

  // The sixth ejected marble ends the game, and nothing may be played after it.
  it('the sixth ejection wins', () => {
    const g = setup('E7 E8', 'E9 A1');
    g.position.ejected[0] = 5;
    const m = g.parseMove('E7E9');
    expect(m.ok && g.play(m.value).ok).toBe(true);
    expect(g.outcome()).toEqual({ reason: 'six-ejected', results: ['win', 'loss'] });
    expect(g.turn()).toEqual({ kind: 'over' });
    expect(g.legalMoves()).toEqual([]);
  });
});

describe('selections for a board UI', () => {
  // A lone marble is one selection with six directions, all in-line.
  it('groups moves by the marbles they move', () => {
    const g = setup('E5', 'A1');
    const s = g.selections();
    expect(s).toHaveLength(1);
    expect(s[0]!.marbles).toEqual([cellByName('E5')]);
    expect(s[0]!.choices.map((c) => c.direction)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(s[0]!.choices.every((c) => c.kind === 'inline')).toBe(true);
  });

  // Selecting a pair gives in-line moves both ways plus four broadside moves; every legal move is in exactly one group.
  it('every legal move is in exactly one selection, once', () => {
    const g = new AbaloneGame({ start: 'german-daisy', repetition: false, maxPlies: 0 });
    const all = g.selections().flatMap((s) => s.choices.map((c) => c.move));
    expect(all.sort()).toEqual([...g.legalMoves()].sort());
    const pair = setup('E5 E4', 'A1').movesFor([cellByName('E5'), cellByName('E4')]);
    expect(pair.map((c) => c.kind).sort()).toEqual([
      'broadside',
      'broadside',
      'broadside',
      'broadside',
      'inline',
      'inline',
    ]);
    expect(g.movesFor([cellByName('C1'), cellByName('C3')])).toEqual([]); // not a line: no moves
  });

  // No legal move ever puts an own marble off the board, even with every marble on the rim.
  it('own marbles never leave the board', () => {
    const g = setup('A1 A3 A5 C7 E9 G9 I9 I7 I5 G3', 'E1 C1');
    expect(g.selections().length).toBeGreaterThan(0);
    for (const s of g.selections())
      for (const c of s.choices) expect(c.effect.moved.every((m) => m.to >= 0)).toBe(true);
    expect(setup('E9', '').legalMoves()).toHaveLength(3);
  });

  // The preview shows which marbles move where, which are pushed and which is ejected.
  it('previews pushes and ejections', () => {
    const g = setup('E5 E6 E7', 'E8 E9');
    const choice = g.movesFor(['E5', 'E6', 'E7'].map(cellByName)).find((c) => c.direction === 0)!;
    expect(moveToString(choice.move)).toBe('E5E8');
    const name = (c: number | null) => (c === null ? null : cellName(c));
    expect(choice.effect.moved.map((m) => `${name(m.from)}>${name(m.to)}`)).toEqual(['E5>E6', 'E6>E7', 'E7>E8']);
    expect(choice.effect.pushed.map((m) => `${name(m.from)}>${name(m.to)}`)).toEqual(['E8>E9', 'E9>null']);
    expect(name(choice.effect.ejected)).toBe('E9');
  });
});
