/** Offers and their answers in a room: draws, take-backs and pauses, and resuming a paused game. */
import { type Game, type Seat, SPECTATOR } from '@qiyuan/core';
import { type Offer, refusal } from '@qiyuan/protocol';
import { pause, restart, resume } from './clock.js';
import type { Room } from './room.js';
import { aiSeats, humanSeats, seatsOf, userAt } from './room-seats.js';
import { type Ruling, refuse, refuseAs } from './room-types.js';

/**
 * The ply index of `seat`'s last move on the board, or -1. A take-back goes back to before it, never past a Junqi
 * deployment or a Hive roster choice (in 明棋 an army would be deployed again after seeing the other's).
 */
const lastMoveOf = (game: Game, seat: Seat): number => {
  for (let p = game.ply - 1; p >= 0; p--)
    if (game.isBoardMove?.(p) !== false && game.recordFor(SPECTATOR, p).seat === seat) return p;
  return -1;
};

/**
 * Seat `s` offers `offer`, or answers (`answer`) the one standing, accepting it or not. Draws, take-backs and
 * pauses are carried out when every human seat agrees. Resuming needs no agreement: any player may resume, so
 * nobody can keep a game paused against the others' will. Changes the room in memory; the room commits the step.
 */
export const offerRuling = (
  room: Room,
  s: Seat,
  offer: Offer,
  accept: boolean,
  answer: boolean,
  now: number,
): Ruling => {
  const fromPly = room.game.ply;
  const offers = room.offers;
  if (offer === 'resume') {
    if (!room.clock.paused) return refuseAs('not-allowed', refusal('not-paused', 'the game is not paused'));
    if (answer && !accept) return refuse('no-offer', 'a resumption is not offered: any player resumes alone');
    room.clock = resume(room.clock, now);
    for (const [o, off] of offers) if (off === 'pause' || off === 'resume') offers.delete(o);
    return { kind: 'resume', seat: s, data: { actions: [{ kind: 'resume' }] }, fromPly };
  }
  if (answer && ![...offers.values()].includes(offer)) return refuse('no-offer', `no ${offer} offer stands`);
  if (!answer && offer === 'draw' && aiSeats(room.seats).length > 0)
    return refuseAs('not-allowed', refusal('ai-declines-draws', 'the AI does not agree to draws'));
  // a draw before every army stands on the board (Junqi's deployment, a blind roster choice) ends no game
  if (!answer && offer === 'draw' && room.game.turn().kind === 'simultaneous') {
    const why = 'no draw can be offered before the setup phase ends';
    return refuseAs('not-allowed', refusal('no-draw-in-setup', why));
  }
  if (offer === 'pause' && room.clock.paused)
    return refuseAs('not-allowed', refusal('already-paused', 'the game is already paused'));
  if (offer === 'takeback' && room.clock.paused) {
    const why = 'the game is paused: resume it to take a move back';
    return refuseAs('not-allowed', refusal('paused-no-takeback', why));
  }
  // the proposer needs a move to take back; the one who answers may not have moved yet
  if (!answer && offer === 'takeback' && lastMoveOf(room.game, s) < 0)
    return refuseAs('not-allowed', refusal('nothing-to-take-back', 'there is no move of yours to take back'));
  if (!accept) {
    for (const [o, off] of offers) if (off === offer) offers.delete(o);
    return { kind: 'decline', seat: s, data: { actions: [{ kind: 'decline', seat: s, offer }] }, fromPly };
  }
  offers.set(s, offer);
  const agreed = humanSeats(room.seats).every(
    (h) => offers.get(h) === offer || seatsOf(room.seats, userAt(room.seats, h)).includes(s),
  );
  if (!agreed) return { kind: 'offer', seat: s, data: { actions: [{ kind: 'offer', seat: s, offer }] }, fromPly };
  // the take-back goes back to before the proposer's last move (the first seat that offered)
  const proposer = [...offers].find(([, off]) => off === offer)?.[0] ?? s;
  for (const [o, off] of offers) if (off === offer) offers.delete(o);
  switch (offer) {
    case 'draw': {
      const r = room.game.apply({ type: 'draw-agreed' });
      if (!r.ok) return refuse('not-allowed', r.error.reason);
      return { kind: 'draw', seat: s, data: { actions: [{ kind: 'draw' }] }, fromPly };
    }
    case 'pause':
      room.clock = pause(room.clock, now);
      return { kind: 'pause', seat: s, data: { actions: [{ kind: 'pause' }] }, fromPly };
    case 'takeback': {
      const target = lastMoveOf(room.game, proposer);
      let plies = 0;
      while (room.game.ply > target) {
        const r = room.game.undo();
        if (!r.ok) return { restore: refuse('not-allowed', r.error.reason) };
        plies++;
      }
      room.clock = restart(room.meta.clock, room.clock, room.game.turn(), now);
      return { kind: 'takeback', seat: s, data: { actions: [{ kind: 'undo', plies }] }, fromPly, undone: true };
    }
    default:
      return refuse('bad-message', 'unknown offer');
  }
};
