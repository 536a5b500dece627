import { Rng, unwrap } from '@qiyuan/core';
import { JunqiGame } from '../src/game.js';
import { parseOptions } from '../src/options.js';

/** Plays a seeded random game: random calls, random deployments, random legal moves; `each` runs after every action. */
export const randomGame = (
  options: Record<string, string>,
  seed: number,
  maxPlies: number,
  each?: (game: JunqiGame) => void,
): JunqiGame => {
  const game = unwrap(JunqiGame.create(unwrap(parseOptions({ ...options, seed: String(seed) }))));
  const rng = Rng.fromSeed(seed * 7919 + 17);
  for (let i = 0; i < maxPlies && !game.outcome(); i++) {
    const turn = game.turn();
    const seat = turn.kind === 'seat' ? turn.seat : turn.kind === 'simultaneous' ? turn.seats[0]! : -1;
    const moves = game.legalMoves(seat);
    if (moves.length === 0) throw new Error(`seat ${seat} has no move in phase ${game.phase}`);
    const r = game.play(rng.pick(moves), seat);
    if (!r.ok) throw new Error(r.error.reason);
    each?.(game);
  }
  return game;
};
