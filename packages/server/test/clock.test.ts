import type { ClockSpec } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import {
  afterAction,
  type ClockState,
  clockInfo,
  firstMoveLapsed,
  initialClock,
  nextDeadline,
  pause,
  restart,
  resume,
  timeLeft,
} from '../src/clock.js';
import { FIRST_MOVE_CLASSICAL_MS, FIRST_MOVE_MS } from '../src/first-move.js';

const seatTurn = (seat: number) => ({ kind: 'seat', seat }) as const;

/** Both seats have made their first move: their main clocks run on their turns (the first-move rule is past). */
const inPlay = (c: ClockState): ClockState => ({ ...c, moved: [0, 1] });

describe('clock arithmetic', () => {
  const fischer: ClockSpec = { kind: 'fischer', initialMs: 60_000, incrementMs: 2000 };
  const delay: ClockSpec = { kind: 'delay', initialMs: 60_000, delayMs: 5000 };
  const perMove: ClockSpec = { kind: 'move', moveMs: 30_000, setupMs: 120_000 };
  const rows: [string, ClockSpec, number, number][] = [
    // Fischer: 60 s, 10 s spent, +2 s increment → 52 s
    ['fischer charges the move and adds the increment', fischer, 10_000, 52_000],
    // simple delay: 10 s spent, the first 5 s are free → 55 s, no increment
    ['delay charges only time beyond the delay', delay, 10_000, 55_000],
    // simple delay: 3 s spent within the 5 s delay → the bank is untouched
    ['delay spent within the delay costs nothing', delay, 3000, 60_000],
  ];
  it.each(rows)('%s', (_, spec, spent, left) => {
    let c = restart(spec, inPlay(initialClock(spec, 2, 0)), seatTurn(0), 0);
    c = afterAction(spec, c, 0, seatTurn(1), spent);
    expect(c.remainingMs[0]).toBe(left);
    // the other seat runs from the moment of the move
    expect(c.running).toEqual([1]);
    expect(c.since).toBe(spent);
  });

  it('gives the deadline of the running seat (bank plus delay)', () => {
    // delay clock: a seat with 60 s flags 65 s after its turn began
    const c = restart(delay, inPlay(initialClock(delay, 2, 1000)), seatTurn(0), 1000);
    expect(nextDeadline(delay, c, seatTurn(0))).toBe(66_000);
  });

  it('per-move limits restart every turn and do not carry over', () => {
    // 30 s per move: 20 s used on one move leaves the next move its full 30 s
    let c = restart(perMove, { ...inPlay(initialClock(perMove, 2, 0)), started: true }, seatTurn(0), 0);
    expect(timeLeft(perMove, c, 0, 20_000)).toBe(10_000);
    c = afterAction(perMove, c, 0, seatTurn(1), 20_000);
    expect(nextDeadline(perMove, c, seatTurn(1))).toBe(50_000);
  });

  it('a setup phase runs its own limit and no seat clock', () => {
    // simultaneous setup: 120 s from the start, no seat charged
    const turn = { kind: 'simultaneous', seats: [0, 1] } as const;
    let c = restart(perMove, initialClock(perMove, 2, 0), turn, 0);
    expect(nextDeadline(perMove, c, turn)).toBe(120_000);
    // one seat deploying does not reset the phase's limit
    c = afterAction(perMove, c, 0, { kind: 'simultaneous', seats: [1] }, 50_000);
    expect(nextDeadline(perMove, c, { kind: 'simultaneous', seats: [1] })).toBe(120_000);
    // once play begins, the clock starts: a deployment is not a first move, so seat 0 has its first-move allowance
    c = afterAction(perMove, c, 1, seatTurn(0), 60_000);
    expect(c.started).toBe(true);
    expect(c.moved).toEqual([]);
    expect(nextDeadline(perMove, c, seatTurn(0))).toBe(60_000 + FIRST_MOVE_MS);
  });

  it('gives no increment to a seat whose time is spent: a late move never buys time', () => {
    // 60 s bank, 61 s spent: the flag has fallen, the +2 s increment is not added
    let c = restart(fischer, inPlay(initialClock(fischer, 2, 0)), seatTurn(0), 0);
    c = afterAction(fischer, c, 0, seatTurn(1), 61_000);
    expect(c.remainingMs[0]).toBe(0);
  });

  it('a pause stops the turn where it is, and resuming goes on from there', () => {
    // delay clock: 3 s of the 5 s delay used, then a ten-minute pause
    let c = restart(delay, inPlay(initialClock(delay, 2, 0)), seatTurn(0), 0);
    c = pause(c, 3000);
    expect(nextDeadline(delay, c, seatTurn(0))).toBeUndefined();
    expect(timeLeft(delay, c, 0, 600_000)).toBe(60_000);
    c = resume(c, 603_000);
    expect(c.paused).toBe(false);
    // 2 s of delay are left, then the bank: the flag falls 62 s after the resumption
    expect(nextDeadline(delay, c, seatTurn(0))).toBe(603_000 + 62_000);
    // per-move: 20 s used before the pause leaves 10 s after it
    let m = restart(perMove, { ...inPlay(initialClock(perMove, 2, 0)), started: true }, seatTurn(0), 0);
    m = resume(pause(m, 20_000), 500_000);
    expect(timeLeft(perMove, m, 0, 500_000)).toBe(10_000);
  });
});

describe('the first-move rule on the clock', () => {
  const fischer: ClockSpec = { kind: 'fischer', initialMs: 60_000, incrementMs: 2000 };
  const classical: ClockSpec = { kind: 'fischer', initialMs: 1_800_000, incrementMs: 20_000 };
  const perMove: ClockSpec = { kind: 'move', moveMs: 30_000 };

  it('runs no main clock before a seat’s first move, which costs nothing and earns no increment', () => {
    let c = restart(fischer, initialClock(fischer, 2, 0), seatTurn(0), 0);
    // 20 s into its first turn, seat 0 still has its whole bank
    expect(timeLeft(fischer, c, 0, 20_000)).toBe(60_000);
    expect(nextDeadline(fischer, c, seatTurn(0))).toBe(FIRST_MOVE_MS);
    c = afterAction(fischer, c, 0, seatTurn(1), 20_000);
    expect(c.remainingMs).toEqual([60_000, 60_000]);
    expect(c.moved).toEqual([0]);
    // seat 1's allowance begins with its own first turn, not with the game
    expect(nextDeadline(fischer, c, seatTurn(1))).toBe(20_000 + FIRST_MOVE_MS);
    c = afterAction(fischer, c, 1, seatTurn(0), 29_000);
    expect(c.remainingMs).toEqual([60_000, 60_000]);
    // from now on seat 0's main clock runs: 10 s spent, +2 s increment
    expect(nextDeadline(fischer, c, seatTurn(0))).toBe(29_000 + 60_000);
    c = afterAction(fischer, c, 0, seatTurn(1), 39_000);
    expect(c.remainingMs).toEqual([52_000, 60_000]);
  });

  it('finds the lapse at the allowance’s end, not a moment before, and never in a setup phase or a pause', () => {
    const c = restart(fischer, initialClock(fischer, 2, 1000), seatTurn(0), 1000);
    expect(firstMoveLapsed(c, seatTurn(0), 1000 + FIRST_MOVE_MS - 1)).toEqual([]);
    expect(firstMoveLapsed(c, seatTurn(0), 1000 + FIRST_MOVE_MS)).toEqual([0]);
    expect(firstMoveLapsed(pause(c, 2000), seatTurn(0), 1000 + FIRST_MOVE_MS)).toEqual([]);
    const setup = { kind: 'simultaneous', seats: [0, 1] } as const;
    expect(firstMoveLapsed(restart(fischer, initialClock(fischer, 2, 0), setup, 0), setup, 10 * FIRST_MOVE_MS)).toEqual(
      [],
    );
  });

  it('gives classical games the longer allowance, a server setting overrides it, an untimed game has none', () => {
    expect(initialClock(classical, 2, 0).firstMoveMs).toBe(FIRST_MOVE_CLASSICAL_MS);
    expect(initialClock(fischer, 2, 0, 1500).firstMoveMs).toBe(1500);
    const none = initialClock({ kind: 'none' }, 2, 0, 1500);
    expect(none.firstMoveMs).toBeUndefined();
    expect(
      nextDeadline({ kind: 'none' }, restart({ kind: 'none' }, none, seatTurn(0), 0), seatTurn(0)),
    ).toBeUndefined();
  });

  it('keeps a per-move clock whole until the first move, then runs it per move', () => {
    let c = restart(perMove, initialClock(perMove, 2, 0, 5000), seatTurn(0), 0);
    expect(timeLeft(perMove, c, 0, 4000)).toBe(30_000);
    expect(nextDeadline(perMove, c, seatTurn(0))).toBe(5000);
    c = afterAction(perMove, c, 0, seatTurn(1), 4000);
    c = afterAction(perMove, c, 1, seatTurn(0), 8000);
    expect(nextDeadline(perMove, c, seatTurn(0))).toBe(8000 + 30_000);
  });

  it('counts only the first moves after a setup phase: a bid before the deployment is not one', () => {
    const setup = { kind: 'simultaneous', seats: [0, 1] } as const;
    // 三打一: seat 0 bids (its first action), seat 1's bid ends the bidding and the armies deploy
    let c = restart(perMove, initialClock(perMove, 2, 0, 5000), seatTurn(0), 0);
    c = afterAction(perMove, c, 0, seatTurn(1), 1000);
    expect(c.moved).toEqual([0]);
    c = afterAction(perMove, c, 1, setup, 2000);
    expect(c.moved).toEqual([]);
    c = afterAction(perMove, c, 0, { kind: 'simultaneous', seats: [1] }, 3000);
    c = afterAction(perMove, c, 1, seatTurn(0), 4000);
    // after the deployment, seat 0's first move has its allowance again and its main clock stands
    expect(nextDeadline(perMove, c, seatTurn(0))).toBe(4000 + 5000);
    expect(timeLeft(perMove, c, 0, 8000)).toBe(30_000);
  });

  it('loads a clock stored before the rule as one where every seat has moved', () => {
    const { moved, firstMoveMs, ...old } = restart(fischer, initialClock(fischer, 2, 0), seatTurn(0), 0);
    expect(timeLeft(fischer, old, 0, 10_000)).toBe(50_000);
    expect(nextDeadline(fischer, old, seatTurn(0))).toBe(60_000);
    expect(firstMoveLapsed(old, seatTurn(0), 10 * FIRST_MOVE_MS)).toEqual([]);
    expect(clockInfo(fischer, old, seatTurn(0), 10_000).firstMove).toBeUndefined();
  });

  it('tells the players each pending first move’s deadline, with the main clock shown whole', () => {
    const c = restart(fischer, initialClock(fischer, 2, 1000), seatTurn(0), 1000);
    const info = clockInfo(fischer, c, seatTurn(0), 11_000);
    expect(info.firstMove).toEqual([{ seat: 0, deadline: 1000 + FIRST_MOVE_MS }]);
    expect(info.remainingMs).toEqual([60_000, 60_000]);
    const after = afterAction(fischer, c, 0, seatTurn(1), 12_000);
    expect(clockInfo(fischer, after, seatTurn(1), 13_000).firstMove).toEqual([
      { seat: 1, deadline: 12_000 + FIRST_MOVE_MS },
    ]);
  });
});
