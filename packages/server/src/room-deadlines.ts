/** A room's clock deadlines come due: flags fall, per-move limits and the setup phase end, first moves lapse. */
import { actingSeats, type JsonValue, type Seat } from '@qiyuan/core';
import { abortClock, firstMoveLapsed, nextDeadline, restart, timeLeft } from './clock.js';
import type { Room } from './room.js';
import type { Step } from './room-types.js';

/** Whether a clock deadline (a flag, a per-move limit, the end of the setup phase) has passed at `now`. */
export const overdue = (room: Room, now: number): boolean => {
  const deadline = nextDeadline(room.meta.clock, room.clock, room.game.turn());
  return deadline !== undefined && deadline <= now;
};

/**
 * Seats that did not make their first move within their allowance (first-move.ts): the game ends aborted, with no
 * result and unrated, in every game and whatever the number of seats (while any seat has not made its first move,
 * nobody has yet played a game worth a result). Committed like any change, so exactly once.
 */
const abort = (room: Room, seats: Seat[], now: number): Step => {
  room.clock = abortClock(room.clock, seats, now);
  room.status = 'aborted';
  room.offers.clear();
  return { kind: 'abort', seat: seats[0], data: { actions: [{ kind: 'abort', seats }] }, fromPly: room.game.ply };
};

/** Reports the deadlines passed at `now` to the engine, changing the room in memory (inside the room's queue). */
export const lapse = (room: Room, now: number): Step => {
  const turn = room.game.turn();
  const noFirstMove = firstMoveLapsed(room.clock, turn, now);
  if (noFirstMove.length > 0) return abort(room, noFirstMove, now);
  const late =
    turn.kind === 'simultaneous'
      ? [...turn.seats]
      : room.clock.running.filter((s) => timeLeft(room.meta.clock, room.clock, s, now) <= 0);
  const fromPly = room.game.ply;
  const actions: JsonValue[] = [];
  for (const s of late) {
    const r = room.game.apply({ type: 'timeout', seat: s });
    actions.push({ kind: 'timeout', seat: s });
    // correspondence is final too: its days per move are the whole time for the move
    const bank = ['fischer', 'delay', 'correspondence'].includes(room.meta.clock.kind);
    const stillOwes = actingSeats(room.game.turn()).includes(s) && !room.game.outcome();
    // Out of time on a bank clock is final; in a setup phase the engine acts for the seat (Junqi deploys at random).
    if ((!r.ok || (bank && stillOwes) || (turn.kind === 'simultaneous' && stillOwes)) && !room.game.outcome()) {
      const res = room.game.apply({ type: 'resign', seat: s });
      if (res.ok) actions.push({ kind: 'flagged', seat: s });
    }
  }
  if (room.meta.clock.kind === 'fischer' || room.meta.clock.kind === 'delay') {
    const remaining = [...room.clock.remainingMs];
    for (const s of late) remaining[s] = 0;
    room.clock = { ...room.clock, remainingMs: remaining };
  }
  room.clock = restart(room.meta.clock, { ...room.clock, started: true }, room.game.turn(), now);
  return { kind: 'timeout', seat: late[0], data: { actions }, fromPly };
};
