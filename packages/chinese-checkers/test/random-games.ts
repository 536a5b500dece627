import { Rng, unwrap } from '@qiyuan/core';
import {
  type ChineseCheckersGame,
  type ChineseCheckersOptions,
  createGame,
  DEFAULT_OPTIONS,
  distanceToCornerTip,
  oppositeCorner,
  seatCorners,
} from '../src/index.js';

/**
 * Plays a seeded game to its end. `greedy` picks, most of the time, among the
 * moves that bring a piece furthest towards its goal tip (so races finish);
 * otherwise it picks uniformly.
 */
export const playRandomGame = (
  options: Partial<ChineseCheckersOptions>,
  seed: number,
  greedy: boolean,
): ChineseCheckersGame => {
  const o = { ...DEFAULT_OPTIONS, ...options };
  const g = unwrap(createGame(o));
  const rng = Rng.fromSeed(seed);
  const corners = seatCorners(o.players);
  while (!g.outcome()) {
    const moves = g.legalMoves();
    const turn = g.turn();
    if (turn.kind !== 'seat') throw new Error('no seat to move before the end');
    let pick = moves;
    if (greedy && o.variant === 'race' && rng.float() < 0.9) {
      const goal = oppositeCorner(corners[turn.seat]!);
      const gain = (m: (typeof moves)[number]): number =>
        m.kind === 'move' ? distanceToCornerTip(m.from, goal) - distanceToCornerTip(m.to, goal) : -99;
      const best = Math.max(...moves.map(gain));
      pick = moves.filter((m) => gain(m) === best);
    }
    unwrap(g.play(rng.pick(pick)));
  }
  return g;
};
