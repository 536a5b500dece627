import { describe, expect, it } from 'vitest';
import { AbaloneGame, BLACK, cellByName, moveToString, Position, parseMoveText, WHITE } from '../src/index.js';

/** Builds a position from cell names; Black (b) to move unless told otherwise. */
const setup = (black: string, white: string, side = 0): AbaloneGame => {
  const p = new Position();
  for (const n of black.split(' ').filter(Boolean)) p.put(cellByName(n), BLACK);
  for (const n of white.split(' ').filter(Boolean)) p.put(cellByName(n), WHITE);
  p.setSide(side);
  return new AbaloneGame({ start: 'standard', repetition: false, maxPlies: 0 }, p);
};
const legal = (g: AbaloneGame) => new Set(g.legalMoves().map(moveToString));

describe('moves and sumito', () => {
  // A lone marble in the open has six one-step moves.
  it('one marble steps to any of six empty neighbours', () => {
    expect(legal(setup('E5', ''))).toEqual(new Set(['E5E6', 'E5F6', 'E5F5', 'E5E4', 'E5D4', 'E5D5']));
  });

  // Two in a row: 2 in-line moves each way + 4 broadside = the count, each listed once.
  it('a pair has in-line moves both ways and four broadside moves, each once', () => {
    const moves = legal(setup('E5 E6', ''));
    expect(moves.has('E5E7')).toBe(true); // in-line east
    expect(moves.has('E6E4')).toBe(true); // in-line west
    expect(moves.has('E5E6F5')).toBe(true); // broadside NE… onto F5 F6
    expect([...moves].filter((m) => m.length === 6)).toHaveLength(4);
  });

  // 2 push 1: the pushed marble moves one cell on.
  it('two push one', () => {
    const g = setup('E3 E4', 'E5');
    const m = g.parseMove('E3E5');
    expect(m.ok && g.play(m.value).ok).toBe(true);
    expect(g.viewFor(0).cells[cellByName('E6')]).toBe('w');
  });

  // 3 push 1 and 3 push 2 are sumito; the pushed line shifts as a block.
  it('three push one and three push two', () => {
    expect(legal(setup('E1 E2 E3', 'E4')).has('E1E4')).toBe(true);
    const g = setup('E1 E2 E3', 'E4 E5');
    expect(legal(g).has('E1E4')).toBe(true);
    g.play(g.parseMove('E1E4').ok ? (g.parseMove('E1E4') as { value: number }).value : -1);
    expect(
      g
        .viewFor(0)
        .cells.split('')
        .filter((c) => c === 'w'),
    ).toHaveLength(2);
    expect(g.viewFor(0).cells[cellByName('E6')]).toBe('w');
  });

  // Equal numbers never push: 1 v 1, 2 v 2, 3 v 3.
  it('equal numbers are blocked', () => {
    expect(legal(setup('E4', 'E5')).has('E4E5')).toBe(false);
    expect(legal(setup('E3 E4', 'E5 E6')).has('E3E5')).toBe(false);
    expect(legal(setup('E1 E2 E3', 'E4 E5 E6')).has('E1E4')).toBe(false);
  });

  // An own marble behind the opponent's blocks the push.
  it('an own marble behind the pushed ones blocks', () => {
    expect(legal(setup('E2 E3 E7', 'E4')).has('E2E4')).toBe(true);
    expect(legal(setup('E2 E3 E5', 'E4')).has('E2E4')).toBe(false);
  });

  // An opposing marble behind more than the pusher can move blocks too (3 v 2 then another behind = 3 v 3).
  it('a longer opposing line than the pushers can move blocks', () => {
    expect(legal(setup('E1 E2 E3', 'E4 E5 E7')).has('E1E4')).toBe(true);
    expect(legal(setup('E1 E2 E3', 'E4 E5 E6')).has('E1E4')).toBe(false);
  });

  // At most three marbles move: four in a row do not add up against three; the front three may still push fewer.
  it('more than three own marbles cannot push', () => {
    expect(legal(setup('E1 E2 E3 E4', 'E5 E6 E7')).has('E2E5')).toBe(false);
    expect(parseMoveText('E1E5').ok).toBe(false);
    expect(legal(setup('E1 E2 E3 E4', 'E5 E6')).has('E2E5')).toBe(true);
  });

  // A push over the edge ejects; the sixth ejection wins.
  it('pushing off the board ejects, and six ejections win', () => {
    const g = setup('E7 E8', 'E9');
    g.position.ejected[0] = 5;
    const m = g.parseMove('E7E9');
    expect(m.ok && g.play(m.value).ok).toBe(true);
    expect(g.position.ejected[0]).toBe(6);
    expect(g.outcome()).toEqual({ reason: 'six-ejected', results: ['win', 'loss'] });
    expect(g.undo().ok).toBe(true);
    expect(g.position.ejected[0]).toBe(5);
    expect(g.viewFor(0).cells[cellByName('E9')]).toBe('w');
  });

  // A marble may not step off the board on its own, and broadside moves need every target empty.
  it('no own marble leaves the board; broadside needs empty targets', () => {
    expect([...legal(setup('E9', ''))].some((m) => m.startsWith('E9') && m.length === 4 && m.endsWith('10'))).toBe(
      false,
    );
    expect(legal(setup('E9', ''))).toEqual(new Set(['E9F9', 'E9E8', 'E9D8']));
    expect(legal(setup('E5 E6', 'F5')).has('E5E6F5')).toBe(false);
  });

  // Sumito only works in-line: a broadside move never pushes.
  it('broadside never pushes', () => {
    expect(legal(setup('E5 E6', 'F6')).has('E5E6F5')).toBe(false);
  });

  // Illegal moves are refused with a reason and change nothing.
  it('refuses illegal and out-of-turn moves with a reason', () => {
    const g = setup('E3 E4', 'E5 E6');
    const before = g.positionToString();
    const m = g.parseMove('E3E5');
    expect(m.ok).toBe(true);
    const r = m.ok ? g.play(m.value) : undefined;
    expect(r?.ok).toBe(false);
    if (r && !r.ok) expect(r.error.reason).toMatch(/sumito|blocked/);
    expect(g.play(m.ok ? m.value : 0, 1).ok).toBe(false);
    expect(g.positionToString()).toBe(before);
  });
});
