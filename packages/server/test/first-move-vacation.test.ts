import { VACATION_DAYS } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { clockInfo, firstMoveLapsed, initialClock, nextDeadline, restart } from '../src/clock.js';
import { switchVacation } from '../src/correspondence.js';

/**
 * A correspondence player who goes on vacation before making the first move: the first-move deadline (which aborts
 * the game) stops as the move time does, instead of lapsing while the player is away.
 */

const DAY = 86_400_000;
const spec = { kind: 'correspondence', daysPerMove: 3 } as const;
const seat0 = { kind: 'seat', seat: 0 } as const;

/** A game that has just started at `t`: seat 0 to move, nobody has made a first move. */
const fresh = (t: number) => restart(spec, initialClock(spec, 2, t), seat0, t);

describe('a vacation before the first move', () => {
  it('without a vacation, the first move lapses after the move period', () => {
    const c = fresh(0);
    expect(c.moved).toEqual([]);
    expect(nextDeadline(spec, c, seat0)).toBe(3 * DAY);
    expect(firstMoveLapsed(c, seat0, 3 * DAY)).toEqual([0]);
  });

  it('stops the first-move deadline while it is on, and gives back the days it used', () => {
    let c = fresh(0);
    // a day in, seat 0 goes on vacation: its room switches it with its move time running
    c = { ...c, vacation: switchVacation(c.vacation!, 0, true, c.since, DAY, true) };
    expect(firstMoveLapsed(c, seat0, 3 * DAY)).toEqual([]);
    expect(firstMoveLapsed(c, seat0, 10 * DAY)).toEqual([]);
    expect(nextDeadline(spec, c, seat0)).toBe(3 * DAY + VACATION_DAYS * DAY);
    expect(clockInfo(spec, c, seat0, 2 * DAY).firstMove).toEqual([
      { seat: 0, deadline: 3 * DAY + VACATION_DAYS * DAY },
    ]);
    // back after four days: the first move has the two days it had left when the vacation began
    c = { ...c, vacation: switchVacation(c.vacation!, 0, false, c.since, 5 * DAY, true) };
    expect(nextDeadline(spec, c, seat0)).toBe(7 * DAY);
    expect(firstMoveLapsed(c, seat0, 7 * DAY - 1)).toEqual([]);
    expect(firstMoveLapsed(c, seat0, 7 * DAY)).toEqual([0]);
  });

  it('lapses once the vacation allowance is used up too', () => {
    let c = fresh(0);
    c = { ...c, vacation: switchVacation(c.vacation!, 0, true, c.since, 0, true) };
    expect(firstMoveLapsed(c, seat0, (3 + VACATION_DAYS) * DAY - 1)).toEqual([]);
    expect(firstMoveLapsed(c, seat0, (3 + VACATION_DAYS) * DAY)).toEqual([0]);
  });
});
