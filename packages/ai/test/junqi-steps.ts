import { type Rng, unwrap } from '@qiyuan/core';
import type { JunqiGame } from '@qiyuan/junqi';
import { answer, requestFor } from '../src/index.js';

/**
 * One step of a test game: setups and bids by the AI's heuristic player (sound setups, bids by the hand), moves at
 * random among the legal ones. False when no seat can act.
 */
export const advance = (game: JunqiGame, rng: Rng, step: number): boolean => {
  const turn = game.turn();
  const seat =
    turn.kind === 'seat'
      ? turn.seat
      : turn.kind === 'simultaneous'
        ? turn.seats.find((s) => game.legalMoves(s).length > 0)
        : undefined;
  if (seat === undefined) return false;
  if (game.phase === 'play') {
    const moves = game.legalMoves(seat);
    if (moves.length === 0) return false;
    unwrap(game.play(rng.pick([...moves]), seat));
    return true;
  }
  const r = answer(requestFor(game, seat, 'heuristic', { seed: step }));
  if (!r.ok) throw new Error(r.error.reason);
  unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
  return true;
};
