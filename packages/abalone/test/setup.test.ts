import { describe, expect, it } from 'vitest';
import { abalone, CELL_COUNT, cellByName, parseSetup } from '../src/index.js';

/** A position with the listed Black and White marbles (cell names), the rest empty. */
const layout = (black: readonly string[], white: readonly string[]): string => {
  const cells = Array.from({ length: CELL_COUNT }, () => '.');
  for (const c of black) cells[cellByName(c)] = 'b';
  for (const c of white) cells[cellByName(c)] = 'w';
  return cells.join('');
};

const NINE_BLACK = ['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4'];
const TEN_WHITE = ['I5', 'I6', 'I7', 'I8', 'I9', 'H4', 'H5', 'H6', 'H7', 'H8'];

describe('Abalone positions set up by hand', () => {
  it('starts from the set-up cells with the colour to move; missing marbles count as pushed off', () => {
    const options = abalone.parseOptions({ setup: `${layout(NINE_BLACK, TEN_WHITE)} w` });
    if (!options.ok) throw new Error(options.error.reason);
    const created = abalone.create(options.value);
    if (!created.ok) throw new Error(created.error.reason);
    const g = created.value;
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
    const view = g.viewFor(1);
    expect(view.cells).toBe(layout(NINE_BLACK, TEN_WHITE));
    // White lacks four of its fourteen (Black pushed them off), Black five
    expect(view.ejected).toEqual([4, 5]);
    const move = g.legalMoves()[0]!;
    expect(g.play(move).ok).toBe(true);
    expect(g.recordFor('spectator', 0).seat).toBe(1);
    // the record and the snapshot keep the setup
    const again = abalone.parseGame(abalone.exportGame(g));
    expect(again.ok && again.value.viewFor(0)).toEqual(g.viewFor(0));
    const restored = abalone.fromSnapshot(JSON.parse(JSON.stringify(g.snapshot())));
    expect(restored.ok && restored.value.viewFor(0)).toEqual(g.viewFor(0));
  });

  it('refuses a broken setup with the reason', () => {
    expect(parseSetup('b w')).toMatchObject({ ok: false, error: { code: 'bad-setup' } });
    const many = layout([...NINE_BLACK, 'B5', 'B6', 'C1', 'C2', 'C3', 'C4'], TEN_WHITE);
    expect(parseSetup(`${many} b`)).toEqual({
      ok: false,
      error: { code: 'bad-setup', reason: 'Black has 15 marbles; a side has at most 14' },
    });
    expect(parseSetup(`${layout(NINE_BLACK, TEN_WHITE.slice(0, 8))} b`)).toEqual({
      ok: false,
      error: { code: 'bad-setup', reason: 'White has 8 marbles: with six pushed off the game is already over' },
    });
    expect(abalone.parseOptions({ setup: 'nonsense' }).ok).toBe(false);
  });
});
