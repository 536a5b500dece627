/**
 * What a room decides about a player who has gone (absence.ts tells when each left): the opponent's claim of
 * victory or a draw in a game of two seats, and a gone seat left out of a game of more.
 */
import type { JsonValue, Seat } from '@qiyuan/core';
import { refusal } from '@qiyuan/protocol';
import { hasMoved } from './clock.js';
import type { Room } from './room.js';
import { type Ruling, refuse, refuseAs } from './room-types.js';

/**
 * Victory or a draw claimed by `userId` from seat `s` against the opponent of a game of two seats who has been
 * gone longer than `allowanceMs`. The moment the opponent left is the server's, checked inside the room's queue,
 * so a claim too early is refused whatever the client shows; a victory counts as the gone player's resignation.
 */
export const claimRuling = (
  room: Room,
  userId: string,
  s: Seat,
  result: 'win' | 'draw',
  allowanceMs: number,
  now: number,
): Ruling => {
  const other = room.seats.length === 2 ? 1 - s : -1;
  const h = room.seats[other];
  if (h?.kind !== 'user' || h.user.id === userId)
    return refuseAs('not-allowed', refusal('no-gone-opponent', 'there is no opponent who could be gone'));
  if (room.clock.paused) {
    return refuseAs('not-allowed', refusal('paused-nobody-waited', 'the game is paused: nobody is waited for'));
  }
  if (room.game.turn().kind === 'simultaneous') {
    const why = 'nothing can be claimed before the setup phase ends';
    return refuseAs('not-allowed', refusal('no-claim-in-setup', why));
  }
  // a game whose first moves are not all made ends aborted if they are not (first-move.ts), never claimed
  if (!hasMoved(room.clock, other))
    return refuseAs(
      'not-allowed',
      refusal('no-first-move-yet', 'your opponent has not made a first move: the game is aborted if it does not come'),
    );
  const since = room.absent.get(other);
  if (since === undefined) return refuseAs('not-allowed', refusal('opponent-here', 'your opponent is here'));
  const left = since + allowanceMs - now;
  if (left > 0) {
    const seconds = Math.ceil(left / 1000);
    const why = `your opponent may still come back: ${seconds} s left`;
    return refuseAs('not-allowed', refusal('opponent-may-return', why, { seconds }));
  }
  const fromPly = room.game.ply;
  const win = result === 'win';
  const r = room.game.apply(win ? { type: 'resign', seat: other } : { type: 'draw-agreed' });
  if (!r.ok) return refuse('not-allowed', r.error.reason);
  room.offers.clear();
  const action: JsonValue = win ? { kind: 'resign', seat: other, claimed: true } : { kind: 'draw', claimed: true };
  return { kind: win ? 'resign' : 'draw', seat: win ? other : s, data: { actions: [action] }, fromPly };
};

/**
 * A seat of a game of more seats whose player has been gone longer than `allowanceMs` is out, as if it had
 * resigned, and the others play on (the room then stops waiting for it). `not-allowed` means the seat is out
 * already (nothing to wait for).
 */
export const leaveRuling = (room: Room, seat: Seat, allowanceMs: number, now: number): Ruling => {
  const since = room.absent.get(seat);
  if (since === undefined || since + allowanceMs > now) return refuse('unavailable', 'the player is back');
  // the setup phase has its own limit, which deploys for a seat that does not; a missing first move aborts
  if (room.game.turn().kind === 'simultaneous') return refuse('unavailable', 'the setup phase goes on');
  if (!hasMoved(room.clock, seat)) return refuse('unavailable', 'the seat has not made its first move');
  const fromPly = room.game.ply;
  const r = room.game.apply({ type: 'resign', seat });
  if (!r.ok) return refuse('not-allowed', r.error.reason);
  for (const [o, off] of room.offers) if (o === seat || off === 'draw' || off === 'takeback') room.offers.delete(o);
  return { kind: 'resign', seat, data: { actions: [{ kind: 'resign', seat, left: true }] }, fromPly };
};
