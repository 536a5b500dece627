import type { ClockSpec } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { afterAction, initialClock, nextDeadline, pause, restart, resume, timeLeft } from '../src/clock.js';

const seatTurn = (seat: number) => ({ kind: 'seat', seat }) as const;

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
    let c = restart(spec, initialClock(spec, 2, 0), seatTurn(0), 0);
    c = afterAction(spec, c, 0, seatTurn(1), spent);
    expect(c.remainingMs[0]).toBe(left);
    // the other seat runs from the moment of the move
    expect(c.running).toEqual([1]);
    expect(c.since).toBe(spent);
  });

  it('gives the deadline of the running seat (bank plus delay)', () => {
    // delay clock: a seat with 60 s flags 65 s after its turn began
    const c = restart(delay, initialClock(delay, 2, 1000), seatTurn(0), 1000);
    expect(nextDeadline(delay, c, seatTurn(0))).toBe(66_000);
  });

  it('per-move limits restart every turn and do not carry over', () => {
    // 30 s per move: 20 s used on one move leaves the next move its full 30 s
    let c = restart(perMove, { ...initialClock(perMove, 2, 0), started: true }, seatTurn(0), 0);
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
    // once play begins, the per-move clock starts
    c = afterAction(perMove, c, 1, seatTurn(0), 60_000);
    expect(c.started).toBe(true);
    expect(nextDeadline(perMove, c, seatTurn(0))).toBe(90_000);
  });

  it('gives no increment to a seat whose time is spent: a late move never buys time', () => {
    // 60 s bank, 61 s spent: the flag has fallen, the +2 s increment is not added
    let c = restart(fischer, initialClock(fischer, 2, 0), seatTurn(0), 0);
    c = afterAction(fischer, c, 0, seatTurn(1), 61_000);
    expect(c.remainingMs[0]).toBe(0);
  });

  it('a pause stops the turn where it is, and resuming goes on from there', () => {
    // delay clock: 3 s of the 5 s delay used, then a ten-minute pause
    let c = restart(delay, initialClock(delay, 2, 0), seatTurn(0), 0);
    c = pause(c, 3000);
    expect(nextDeadline(delay, c, seatTurn(0))).toBeUndefined();
    expect(timeLeft(delay, c, 0, 600_000)).toBe(60_000);
    c = resume(c, 603_000);
    expect(c.paused).toBe(false);
    // 2 s of delay are left, then the bank: the flag falls 62 s after the resumption
    expect(nextDeadline(delay, c, seatTurn(0))).toBe(603_000 + 62_000);
    // per-move: 20 s used before the pause leaves 10 s after it
    let m = restart(perMove, { ...initialClock(perMove, 2, 0), started: true }, seatTurn(0), 0);
    m = resume(pause(m, 20_000), 500_000);
    expect(timeLeft(perMove, m, 0, 500_000)).toBe(10_000);
  });
});
