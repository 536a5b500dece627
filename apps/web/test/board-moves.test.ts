import { boardMoves, type Game, type PlayRecord, SPECTATOR, unwrap, type Viewer } from '@qiyuan/core';
import { hive } from '@qiyuan/hive';
import { junqi, PRESETS } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { boardMovesShown, hasBoardMove, isBoardRecord } from '../src/online/board-moves.js';

/**
 * The page's count of each seat's moves on the board (what its Berserk and take-back buttons ask) agrees with the
 * engine's `isBoardMove`, the server's rule, for every viewer — read from the records as that viewer knows them, in
 * the hidden games the page cannot replay (a Junqi deployment kept secret, a Hive roster chosen blind).
 */

const junqiGame = (o: Record<string, string>): Game => unwrap(junqi.create(unwrap(junqi.parseOptions(o))));
const hiveGame = (variant: string): Game => unwrap(hive.create(unwrap(hive.parseOptions({ variant }))));

/** The seat to move plays its first legal move, `n` times. */
const firstMoves = (g: Game, n: number): void => {
  for (let i = 0; i < n; i++) unwrap(g.play(g.legalMoves()[0]!));
};

const recordsFor = (g: Game, viewer: Viewer): PlayRecord[] =>
  Array.from({ length: g.ply }, (_, p) => g.recordFor(viewer, p));

/** For each viewer: the record-read rule ply by ply, and the counts from the records, against the engine. */
const agrees = (g: Game, fresh: Game) => {
  const viewers: Viewer[] = [SPECTATOR, ...Array.from({ length: g.seatCount }, (_, s) => s)];
  for (const viewer of viewers) {
    const records = recordsFor(g, viewer);
    expect(records.map((r) => isBoardRecord(fresh, r))).toEqual(records.map((_, p) => g.isBoardMove?.(p) ?? true));
    expect(boardMovesShown(g.seatCount, records, undefined, fresh)).toEqual(boardMoves(g));
    expect(boardMovesShown(g.seatCount, records, g, undefined)).toEqual(boardMoves(g));
  }
};

describe('the moves on the board, as an online page counts them', () => {
  it('Junqi: deployments (secret or shown), a resignation are no move; marches are', () => {
    const g = junqiGame({});
    const fresh = junqiGame({});
    unwrap(g.play({ type: 'setup', setup: PRESETS.classic }, 1));
    unwrap(g.play({ type: 'setup', setup: PRESETS.forward }, 0));
    // both deployed, nobody has marched: either may still berserk, neither has anything to take back
    const deployed = boardMovesShown(2, recordsFor(g, 0), undefined, fresh);
    expect(deployed).toEqual([0, 0]);
    expect([hasBoardMove(deployed, 0), hasBoardMove(deployed, 1)]).toEqual([false, false]);
    // the record itself has a ply of each seat: counted by plies, both would have moved
    expect(recordsFor(g, 0).map((r) => r.notation.split(' ')[0])).toEqual(['setup', 'setup']);
    agrees(g, fresh);
    firstMoves(g, 1);
    const marched = boardMovesShown(2, recordsFor(g, 1), undefined, fresh);
    expect([hasBoardMove(marched, 0), hasBoardMove(marched, 1)]).toEqual([true, false]);
    firstMoves(g, 10);
    unwrap(g.apply({ type: 'resign', seat: 1 }));
    agrees(g, fresh);
    expect(boardMoves(g)).toEqual([6, 5]);
  });

  it('Junqi: a timeout and an agreed draw are no move', () => {
    const g = junqiGame({ timeoutLimit: '3' });
    const fresh = junqiGame({ timeoutLimit: '3' });
    unwrap(g.apply({ type: 'timeout', seat: 0 }));
    unwrap(g.play({ type: 'setup', setup: PRESETS.classic }, 1));
    firstMoves(g, 2);
    unwrap(g.apply({ type: 'timeout', seat: 0 }));
    firstMoves(g, 1);
    unwrap(g.apply({ type: 'draw-agreed' }));
    agrees(g, fresh);
    expect(boardMoves(g)).toEqual([1, 2]);
  });

  it('翻棋: every flip and march is a move', () => {
    const g = junqiGame({ mode: 'flip', seed: '1' });
    firstMoves(g, 5);
    agrees(g, junqiGame({ mode: 'flip', seed: '1' }));
    expect(boardMoves(g)).toEqual([3, 2]);
  });

  it('三打一: the bids and the deployments are no move', () => {
    const o = { players: '4', variant: 'landlord', seed: '7' };
    const g = junqiGame(o);
    unwrap(g.play({ type: 'bid', call: 'pass' }));
    unwrap(g.play({ type: 'bid', call: '3' }));
    for (let turn = g.turn(); turn.kind === 'simultaneous'; turn = g.turn()) {
      unwrap(g.apply({ type: 'timeout', seat: turn.seats[0]! }));
    }
    firstMoves(g, 4);
    agrees(g, junqiGame(o));
    expect(boardMoves(g).reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('Hive: a roster chosen blind, then shown, is no move; the placements are', () => {
    const g = hiveGame('Base+MLP:?');
    const fresh = hiveGame('Base+MLP:?');
    unwrap(g.play(unwrap(g.parseMove('roster R2DC', 1)), 1));
    // Black's choice is secret from White until both have chosen
    expect(g.recordFor(0, 0).notation).toBe('roster ?');
    agrees(g, fresh);
    unwrap(g.play(unwrap(g.parseMove('roster -', 0)), 0));
    firstMoves(g, 3);
    agrees(g, fresh);
    expect(boardMoves(g)).toEqual([2, 1]);
  });

  it('a game the page replays is judged by the engine itself, ply by ply', () => {
    const g = hiveGame('Base+MLP:?');
    unwrap(g.play(unwrap(g.parseMove('roster R2DC', 1)), 1));
    unwrap(g.play(unwrap(g.parseMove('roster -', 0)), 0));
    firstMoves(g, 3);
    const records = recordsFor(g, SPECTATOR);
    expect(boardMovesShown(2, records, g, undefined)).toEqual([2, 1]);
    // with neither the engine nor a game to read the records with, every ply would count
    expect(boardMovesShown(2, records, undefined, undefined)).toEqual([3, 2]);
  });
});
