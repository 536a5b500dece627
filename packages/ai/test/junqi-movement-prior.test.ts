import { actingSeats, unwrap } from '@qiyuan/core';
import { BOMB, boardFor, FLAG, GENERAL, type JunqiGame, junqi, MINE, PLATOON } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import type { Beliefs, Token } from '../src/games/junqi/beliefs.js';
import type { Prior } from '../src/games/junqi/knowledge.js';
import { MOVEMENT_COUNTS } from '../src/games/junqi/movement-counts.js';
import {
  MOVEMENT_CELLS,
  MOVEMENT_ROWS,
  MOVEMENT_STAGES,
  MOVEMENT_STATES,
  movementIndex,
  movementPrior,
  stateOf,
} from '../src/games/junqi/movement-prior.js';
import { answer, requestFor } from '../src/index.js';

const CORPS = 10;
const board = boardFor(2);
/** A point by army and (row 1 back … 6 front, column). */
const at = (army: number, row: number, col: number) => army * 30 + (row - 1) * 5 + col;
const FLAT: Prior = { weight: () => 1, flagWeight: () => 1 };

/** An enemy piece (army 1) that started at `origin`, has moved `moves` times and stands at `point`. */
const piece = (origin: number, point: number, moves: number): Token => ({
  id: 7,
  army: 1,
  mask: (1 << 12) - 1,
  known: false,
  alive: true,
  point,
  origin,
  moved: moves > 0,
  moves,
  fought: false,
});
const beliefsOf = (t: Token): Beliefs => ({ board, tokens: [t], seat: 0 });
/** How much likelier the prior makes `a` than `b` for the piece, `plies` into the game. */
const odds = (t: Token, plies: number, a: number, b: number) => {
  const prior = movementPrior(beliefsOf(t), plies, FLAT);
  return prior.weight(t, a, -1) / prior.weight(t, b, -1);
};

describe('Junqi knowledge: the enemy read from how its pieces move', () => {
  it('ships counts of every row, stage and state, from the self-play the generator names', () => {
    expect(MOVEMENT_COUNTS.counts).toHaveLength(MOVEMENT_CELLS);
    expect(MOVEMENT_COUNTS.games).toBeGreaterThanOrEqual(100);
    // Mines and the flag never move: every count of one that moved would mean the features were misread.
    let still = 0;
    for (let row = 0; row < MOVEMENT_ROWS; row++)
      for (let stage = 0; stage < MOVEMENT_STAGES; stage++)
        for (let state = 0; state < MOVEMENT_STATES; state++)
          for (const rank of [FLAG, MINE]) {
            const n = MOVEMENT_COUNTS.counts[movementIndex(row, stage, state, rank)]!;
            if (state === 0) still += n;
            else expect(n).toBe(0);
          }
    expect(still).toBeGreaterThan(1000);
  });

  it('reads what a piece did as how often it moved and whether it stands in our half', () => {
    const home = piece(at(1, 5, 2), at(1, 5, 2), 0);
    const raider = piece(at(1, 5, 2), at(0, 6, 2), 9);
    expect(stateOf(home, beliefsOf(home))).toBe(0);
    expect(stateOf(raider, beliefsOf(raider))).toBe(9);
  });

  it('weighs a piece that keeps coming into our half as a big officer, not a 排长', () => {
    const raider = piece(at(1, 5, 2), at(0, 5, 1), 6);
    expect(odds(raider, 100, GENERAL, PLATOON)).toBeGreaterThan(1.5);
    expect(odds(raider, 100, CORPS, PLATOON)).toBeGreaterThan(1.2);
  });

  it('weighs a piece that has not moved by the middle game as a bomb sooner than a 军长', () => {
    const idle = piece(at(1, 2, 2), at(1, 2, 2), 0);
    expect(odds(idle, 100, BOMB, CORPS)).toBeGreaterThan(1.25);
  });

  it('leaves a fifth of each weight flat, so no rank the beliefs allow is ruled out', () => {
    const raider = piece(at(1, 5, 2), at(0, 5, 1), 6);
    const prior = movementPrior(beliefsOf(raider), 100, FLAT);
    for (let rank = 2; rank <= 11; rank++) expect(prior.weight(raider, rank, -1)).toBeGreaterThanOrEqual(0.2);
  });

  it('plays a legal move as master@motion, the same one again from the same seed, and is master in 2p', () => {
    const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ setup: 'random', seed: '4' })))) as JunqiGame;
    for (let ply = 0; ply < 24 && !game.outcome(); ply++) {
      const seat = actingSeats(game.turn()).find((s) => game.legalMoves(s).length > 0)!;
      const r = answer(requestFor(game, seat, ply < 2 ? 'master' : 'beginner', { seed: ply }));
      if (!r.ok) throw new Error(r.error.reason);
      unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
    const seat = actingSeats(game.turn()).find((s) => game.legalMoves(s).length > 0)!;
    const request = requestFor(game, seat, 'master@motion', { seed: 9, iterations: 300 });
    const first = answer(request);
    const second = answer(request);
    if (!first.ok || !second.ok) throw new Error('no answer');
    expect(game.legalMoves(seat).map((m) => game.moveToString(m))).toContain(first.move);
    expect(second.move).toBe(first.move);
    // Master is master@motion in two-player games, and the movement read changes the search's worlds.
    const as = (player: string) => {
      const r = answer({ ...request, player });
      if (!r.ok) throw new Error(r.error.reason);
      return { move: r.move, score: r.info.score };
    };
    expect(as('master')).toEqual(as('master@motion'));
    expect(as('master@deploy').score).not.toBe(as('master@motion').score);
  });
});
