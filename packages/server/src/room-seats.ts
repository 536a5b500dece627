/** Who holds which seat of a game, and which of a user's seats an action is for. */
import { actingSeats, type Failure, fail, type Game, ok, type Result, type Seat } from '@qiyuan/core';
import type { ErrorCode, SeatHolder } from '@qiyuan/protocol';

/** The seats `userId` holds (several in a game against oneself, or a team game with one player per side). */
export const seatsOf = (seats: readonly SeatHolder[], userId: string): Seat[] => {
  const out: Seat[] = [];
  seats.forEach((h, i) => {
    if (h.kind === 'user' && h.user.id === userId) out.push(i);
  });
  return out;
};

export const humanSeats = (seats: readonly SeatHolder[]): Seat[] =>
  seats.flatMap((h, i) => (h.kind === 'user' ? [i] : []));

export const aiSeats = (seats: readonly SeatHolder[]): { seat: Seat; level: number }[] =>
  seats.flatMap((h, i) => (h.kind === 'ai' ? [{ seat: i, level: h.level }] : []));

/** The user who holds `seat`, or '' for an AI seat. */
export const userAt = (seats: readonly SeatHolder[], seat: Seat): string => {
  const h = seats[seat];
  return h?.kind === 'user' ? h.user.id : '';
};

/** The team `userId` plays in (through any of its seats), if the game has teams. */
export const teamOfUser = (game: Game, seats: readonly SeatHolder[], userId: string): number | undefined => {
  for (const s of seatsOf(seats, userId)) {
    const t = game.teamOf?.(s);
    if (t !== undefined) return t;
  }
  return undefined;
};

/**
 * Which of `userId`'s seats acts, given an optional explicit seat: without one, the only held seat that may act
 * now; with `mustAct` false (a resignation, an offer), the first held seat when none may act.
 */
export const pickSeat = (
  game: Game,
  seats: readonly SeatHolder[],
  userId: string,
  seat: Seat | undefined,
  mustAct: boolean,
): Result<Seat, Failure & { code: ErrorCode }> => {
  const held = seatsOf(seats, userId);
  if (held.length === 0) return fail('not-your-seat', 'you hold no seat in this game') as never;
  if (seat !== undefined) {
    return held.includes(seat) ? ok(seat) : (fail('not-your-seat', `seat ${seat} is not yours`) as never);
  }
  const acting = actingSeats(game.turn()).filter((s) => held.includes(s));
  if (acting.length === 1) return ok(acting[0]!);
  if (acting.length > 1) return fail('bad-message', 'you hold several seats that may act: name the seat') as never;
  if (mustAct) return fail('not-your-turn', 'it is not your turn') as never;
  return ok(held[0]!);
};
