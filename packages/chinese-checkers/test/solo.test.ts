import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { formatPosition, homePoints, parseGame, pointByName, SoloArrival } from '../src/index.js';

/**
 * The solo game of the arrival puzzles: the seat to move moves again and again, the other colour stands still, the
 * engine's reasons refuse a wrong move, and the game is won when every piece stands in the goal.
 */
const position = (() => {
  // red: nine pieces in its goal (the north corner), one on l8 (two steps from the empty n4); green on i5 and a1
  const cells = new Uint8Array(121);
  for (const p of homePoints(3, 10)) if (p !== pointByName('n4')) cells[p] = 1;
  cells[pointByName('l8')] = 1;
  cells[pointByName('i5')] = 4; // colour + 1: green is colour 3
  cells[pointByName('a1')] = 4;
  return cells;
})();

/** The position as a record that parseGame reads: red (colour 0) to move. */
const record = (): string => `[Players "2"]\n[Setup "${formatPosition(position, 0)}"]\n`;

describe('the solo arrival game', () => {
  it('lets the seat move twice in a row, and is won when every piece is home', () => {
    const game = new SoloArrival(unwrap(parseGame(record())));
    expect(game.seat).toBe(0);
    expect(game.turn()).toEqual({ kind: 'seat', seat: 0 });
    unwrap(game.play(unwrap(game.parseMove('l8-m9'))));
    expect(game.turn()).toEqual({ kind: 'seat', seat: 0 });
    expect(game.outcome()).toBeUndefined();
    expect(game.viewFor('spectator').lastMove).toMatchObject({ from: pointByName('l8'), to: pointByName('m9') });
    unwrap(game.play(unwrap(game.parseMove('m9-n4'))));
    expect(game.arrived()).toBe(true);
    expect(game.turn()).toEqual({ kind: 'over' });
    expect(game.outcome()?.results).toEqual(['win', 'loss']);
    expect(game.recordFor('spectator', 1).notation).toBe('m9-n4');
  });

  it("refuses a move with the engine's reason, never moves the other colour, and undoes", () => {
    const game = new SoloArrival(unwrap(parseGame(record())));
    expect(game.play(unwrap(game.parseMove('i5-i6')))).toMatchObject({ ok: false });
    const far = game.play(unwrap(game.parseMove('l8-i1')));
    expect(far).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
    expect(game.legalMoves().length).toBeGreaterThan(0);
    unwrap(game.play(unwrap(game.parseMove('l8-l9'))));
    expect(game.ply).toBe(1);
    unwrap(game.undo());
    expect(game.ply).toBe(0);
    expect(game.clone().positionToString()).toBe(game.positionToString());
  });
});
