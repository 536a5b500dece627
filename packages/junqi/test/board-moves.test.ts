import { boardMoves, SPECTATOR, unwrap, type Viewer } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { JunqiGame } from '../src/game.js';
import { parseOptions } from '../src/options.js';
import { PRESETS } from '../src/setup.js';

/**
 * Which plies of a Junqi game are moves on the board (`isBoardMove`): marches and flips are; the deployments, 三打一's
 * bids, a resignation, a timeout and an agreed draw are plies of the record but no move a player made on the board.
 */

const create = (o: Record<string, string>) => unwrap(JunqiGame.create(unwrap(parseOptions(o))));

/** Each ply as [seat, what it was, whether it is a move on the board]. */
const table = (g: JunqiGame): [number, string, boolean][] =>
  Array.from({ length: g.ply }, (_, p) => {
    const notation = g.recordFor(SPECTATOR, p).notation;
    return [g.recordFor(SPECTATOR, p).seat, notation.split(' ')[0]!.replace(/^[a-z]\d+.*$/, 'march'), g.isBoardMove(p)];
  });

/**
 * For every viewer, each record read alone (`isBoardRecord`, on a fresh game of the options, as a page that cannot
 * replay the game asks it: a deployment kept secret included) tells what `isBoardMove` tells.
 */
const readAlike = (g: JunqiGame, o: Record<string, string>): void => {
  const fresh = create(o);
  const viewers: Viewer[] = [SPECTATOR, ...Array.from({ length: g.seatCount }, (_, s) => s)];
  const plies = Array.from({ length: g.ply }, (_, p) => p);
  for (const viewer of viewers)
    expect(plies.map((p) => fresh.isBoardRecord(g.recordFor(viewer, p)))).toEqual(plies.map((p) => g.isBoardMove(p)));
};

/** The seat to move plays its first legal move, `n` times. */
const march = (g: JunqiGame, n: number): void => {
  for (let i = 0; i < n; i++) unwrap(g.play(g.legalMoves()[0]!));
};

describe('Junqi: the moves on the board', () => {
  it('two players: the two deployments and a resignation are plies, not moves; 6 marches of Red are 6 moves', () => {
    const g = create({});
    unwrap(g.play({ type: 'setup', setup: PRESETS.classic }, 1));
    unwrap(g.play({ type: 'setup', setup: PRESETS.forward }, 0));
    march(g, 11);
    unwrap(g.apply({ type: 'resign', seat: 1 }));
    expect(g.outcome()?.results).toEqual(['win', 'loss']);
    expect(g.ply).toBe(14);
    const rows = table(g);
    expect(rows.slice(0, 2)).toEqual([
      [1, 'setup', false],
      [0, 'setup', false],
    ]);
    expect(rows.slice(2, 13).every(([seat, , move], i) => seat === i % 2 && move)).toBe(true);
    expect(rows[13]).toEqual([1, 'resign', false]);
    // 14 plies: counted by plies, Red (who moves first) would have made 7 moves; on the board it made 6
    expect(boardMoves(g)).toEqual([6, 5]);
    readAlike(g, {});
  });

  it('a timeout in play (a skipped turn) and an agreed draw are not moves; a timeout while deploying neither', () => {
    const g = create({ timeoutLimit: '3' });
    unwrap(g.apply({ type: 'timeout', seat: 0 }));
    unwrap(g.play({ type: 'setup', setup: PRESETS.classic }, 1));
    march(g, 2);
    unwrap(g.apply({ type: 'timeout', seat: 0 }));
    march(g, 1);
    unwrap(g.apply({ type: 'draw-agreed' }));
    expect(table(g).map(([seat, , move]) => [seat, move])).toEqual([
      [0, false],
      [1, false],
      [0, true],
      [1, true],
      [0, false],
      [1, true],
      [-1, false],
    ]);
    expect(boardMoves(g)).toEqual([1, 2]);
    readAlike(g, { timeoutLimit: '3' });
  });

  it('翻棋: every flip and march is a move (no deployment)', () => {
    const g = create({ mode: 'flip', seed: '1' });
    march(g, 5);
    expect(Array.from({ length: g.ply }, (_, p) => g.isBoardMove(p))).toEqual([true, true, true, true, true]);
    expect(boardMoves(g)).toEqual([3, 2]);
    readAlike(g, { mode: 'flip', seed: '1' });
  });

  it('三打一: the bids and the four deployments are not moves', () => {
    const g = create({ players: '4', variant: 'landlord', seed: '7' });
    // seat 0 passes, the next seat calls three points: the bidding is over
    unwrap(g.play({ type: 'bid', call: 'pass' }));
    unwrap(g.play({ type: 'bid', call: '3' }));
    expect(g.phase).toBe('setup');
    while (g.phase === 'setup') {
      const turn = g.turn();
      if (turn.kind !== 'simultaneous') throw new Error('deployment is simultaneous');
      unwrap(g.apply({ type: 'timeout', seat: turn.seats[0]! }));
    }
    const before = g.ply;
    march(g, 4);
    expect(Array.from({ length: g.ply }, (_, p) => g.isBoardMove(p))).toEqual([
      ...new Array(before).fill(false),
      true,
      true,
      true,
      true,
    ]);
    expect(boardMoves(g).reduce((a, b) => a + b, 0)).toBe(4);
    readAlike(g, { players: '4', variant: 'landlord', seed: '7' });
  });

  it('a ply that is not played yet is no move', () => {
    const g = create({ mode: 'flip', seed: '1' });
    expect([g.isBoardMove(0), g.isBoardMove(-1)]).toEqual([false, false]);
  });
});
