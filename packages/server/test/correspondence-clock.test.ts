import { ClockSpecSchema, CORRESPONDENCE_DAYS, speedOf, VACATION_DAYS } from '@qiyuan/protocol';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { afterAction, clockInfo, initialClock, nextDeadline, restart, timeLeft } from '../src/clock.js';
import {
  dayLengthProblem,
  moveAllowanceMs,
  reminderAt,
  switchVacation,
  vacationProblem,
} from '../src/correspondence.js';
import { firstMoveAllowance } from '../src/first-move.js';

/** The correspondence clock's arithmetic (issue #23): days per move, vacations, the reminder's time. */

const DAY = 86_400_000;
const spec = { kind: 'correspondence', daysPerMove: 3 } as const;
const seat0 = { kind: 'seat', seat: 0 } as const;
const seat1 = { kind: 'seat', seat: 1 } as const;

/** A started game where both seats made their first move and seat 0 is to move since `t`. */
const running = (t: number) => {
  let c = initialClock(spec, 2, 0);
  c = { ...c, moved: [0, 1] };
  return restart(spec, c, seat0, t);
};

describe('the correspondence clock', () => {
  it('takes 1, 2, 3, 5, 7 or 14 days per move, and is its own speed', () => {
    expect([...CORRESPONDENCE_DAYS]).toEqual([1, 2, 3, 5, 7, 14]);
    for (const d of CORRESPONDENCE_DAYS)
      expect(v.safeParse(ClockSpecSchema, { kind: 'correspondence', daysPerMove: d }).success).toBe(true);
    for (const d of [0, 4, 15, 1.5])
      expect(v.safeParse(ClockSpecSchema, { kind: 'correspondence', daysPerMove: d }).success).toBe(false);
    expect(speedOf(spec)).toBe('correspondence');
    expect(moveAllowanceMs(spec)).toBe(3 * DAY);
    // the first move has the whole move period (first-move.ts)
    expect(firstMoveAllowance(spec)).toBe(3 * DAY);
  });

  it('gives each move its days afresh: unused time does not carry over', () => {
    const c = running(1000);
    expect(timeLeft(spec, c, 0, 1000 + DAY)).toBe(2 * DAY);
    expect(nextDeadline(spec, c, seat0)).toBe(1000 + 3 * DAY);
    const after = afterAction(spec, c, 0, seat1, 1000 + DAY);
    expect(timeLeft(spec, after, 1, 1000 + DAY)).toBe(3 * DAY);
    expect(nextDeadline(spec, after, seat1)).toBe(1000 + 4 * DAY);
  });

  it('stops the clock of a player on vacation until the allowance is used up', () => {
    let c = running(0);
    expect(c.vacation?.leftMs).toEqual([VACATION_DAYS * DAY, VACATION_DAYS * DAY]);
    // a day into the move, seat 0 goes on vacation
    c = { ...c, vacation: switchVacation(c.vacation!, 0, true, c.since, DAY, true) };
    expect(timeLeft(spec, c, 0, 5 * DAY)).toBe(2 * DAY);
    expect(nextDeadline(spec, c, seat0)).toBe(3 * DAY + VACATION_DAYS * DAY);
    expect(clockInfo(spec, c, seat0, 5 * DAY).vacation).toEqual({
      on: [0],
      leftMs: [(VACATION_DAYS - 4) * DAY, VACATION_DAYS * DAY],
    });
    // the allowance runs out: the clock runs again
    expect(timeLeft(spec, c, 0, (1 + VACATION_DAYS + 1) * DAY)).toBe(DAY);
    // back after four days: those four are taken off the allowance, the move keeps its two days
    c = { ...c, vacation: switchVacation(c.vacation!, 0, false, c.since, 5 * DAY, true) };
    expect(c.vacation?.leftMs[0]).toBe((VACATION_DAYS - 4) * DAY);
    expect(timeLeft(spec, c, 0, 5 * DAY)).toBe(2 * DAY);
    expect(nextDeadline(spec, c, seat0)).toBe(7 * DAY);
    // the next turn starts without the credit of this one
    c = afterAction(spec, c, 0, seat1, 6 * DAY);
    expect(c.vacation?.creditMs).toEqual([0, 0]);
    expect(timeLeft(spec, c, 1, 6 * DAY)).toBe(3 * DAY);
  });

  it('uses no vacation while it is the other player’s turn, and a move ends it', () => {
    let c = running(0);
    c = afterAction(spec, c, 0, seat1, DAY);
    // seat 0 goes on vacation while seat 1 thinks for two days
    c = { ...c, vacation: switchVacation(c.vacation!, 0, true, c.since, DAY, false) };
    c = afterAction(spec, c, 1, seat0, 3 * DAY);
    expect(c.vacation?.leftMs[0]).toBe(VACATION_DAYS * DAY);
    // on seat 0's own turn the vacation counts
    expect(timeLeft(spec, c, 0, 5 * DAY)).toBe(3 * DAY);
    c = afterAction(spec, c, 0, seat1, 5 * DAY);
    expect(c.vacation?.from[0]).toBeNull();
    expect(c.vacation?.leftMs[0]).toBe((VACATION_DAYS - 2) * DAY);
  });

  it('refuses a vacation that cannot be switched, with a reason', () => {
    const c = running(0);
    // each with its own code, which the player's page words in the player's language
    expect(vacationProblem(undefined, 0, true)).toMatchObject({ refusal: 'no-vacation', reason: /correspondence/ });
    expect(vacationProblem(c.vacation, 0, false)).toMatchObject({ refusal: 'vacation-off', reason: /not on/ });
    const on = switchVacation(c.vacation!, 0, true, 0, 0, true);
    expect(vacationProblem(on, 0, true)).toMatchObject({ refusal: 'vacation-on', reason: /already/ });
    const spent = { ...c.vacation!, leftMs: [0, 0] };
    expect(vacationProblem(spent, 0, true)).toMatchObject({ refusal: 'vacation-used-up', reason: /used up/ });
    expect(vacationProblem(c.vacation, 0, true)).toBeUndefined();
  });

  it('reminds a fifth of the turn’s time, at most a day, before the flag', () => {
    expect(reminderAt({ kind: 'correspondence', daysPerMove: 1 }, 9 * DAY, 10 * DAY)).toBe(10 * DAY - DAY / 5);
    expect(reminderAt({ kind: 'correspondence', daysPerMove: 7 }, 3 * DAY, 10 * DAY)).toBe(9 * DAY);
    // a turn given less time (a first move's shorter allowance): a fifth of that, not a day before
    expect(reminderAt({ kind: 'correspondence', daysPerMove: 7 }, 10 * DAY - 600_000, 10 * DAY)).toBe(
      10 * DAY - 120_000,
    );
    expect(reminderAt({ kind: 'fischer', initialMs: 60_000, incrementMs: 0 }, 0, 10 * DAY)).toBeUndefined();
  });

  it('keeps the day length its clock was made with: a test server’s short day, else a real one', () => {
    const day = 1000;
    const short = restart(spec, { ...initialClock(spec, 2, 0, undefined, day), moved: [0, 1] }, seat0, 0);
    expect(short.dayMs).toBe(day);
    expect(short.firstMoveMs).toBe(3 * day);
    expect(short.vacation?.leftMs).toEqual([VACATION_DAYS * day, VACATION_DAYS * day]);
    expect(timeLeft(spec, short, 0, day)).toBe(2 * day);
    expect(nextDeadline(spec, short, seat0)).toBe(3 * day);
    expect(reminderAt(spec, 0, 3 * day, short.dayMs)).toBe(3 * day - 600);
    // the day goes on with the clock through every change, and a clock made without one keeps a real day
    const moved = afterAction(spec, short, 0, seat1, 500);
    expect(moved.dayMs).toBe(day);
    expect(timeLeft(spec, moved, 1, 500 + day)).toBe(2 * day);
    expect(running(0).dayMs).toBeUndefined();
    expect(timeLeft(spec, running(0), 0, DAY)).toBe(2 * DAY);
    expect(initialClock({ kind: 'fischer', initialMs: 60_000, incrementMs: 0 }, 2, 0, undefined, day).dayMs).toBe(
      undefined,
    );
  });

  it('refuses a day length that is not a whole number of ms, or shorter than 100 ms', () => {
    expect(dayLengthProblem(DAY)).toBeUndefined();
    expect(dayLengthProblem(100)).toBeUndefined();
    for (const ms of [99, 0, -1, 1.5, Number.NaN]) expect(dayLengthProblem(ms)).toMatch(/whole number/);
  });
});
