import { fail, type GameDefinition, ok, type Result } from '@qiyuan/core';
import { JunqiGame } from './game.js';
import { exportGame, fromSnapshot, parseGame } from './game-record.js';
import { type JunqiOptions, LOBBY_OPTIONS, parseOptions } from './options.js';
import type { Position } from './position.js';

/** Leaf count of the play-phase tree below `pos` (the fast path: integer moves, make/unmake). */
export const perftPosition = (pos: Position, depth: number): number => {
  if (depth === 0) return 1;
  if (pos.outcome()) return 0;
  const moves = [...pos.generateMoves()];
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) {
    pos.makeMove(m);
    total += perftPosition(pos, depth - 1);
    pos.unmakeMove();
  }
  return total;
};

/**
 * The game's entry point. `perft` starts from the options' deployment; when
 * the options deploy nothing it uses the `classic` preset for every army
 * (三打一 bidding is not part of perft: deploy with `--setup`).
 */
export const junqi: GameDefinition<JunqiOptions, JunqiGame> = {
  id: 'junqi',
  parseOptions,
  // not `setup`/`setups` (every army's deployment is its own seat's choice, or the server's random draw) nor `seed`
  lobbyOptions: LOBBY_OPTIONS,
  create: (options) => JunqiGame.create(options),
  fromSnapshot,
  parseGame,
  exportGame,
  // the readers look for the `junqi {options}` line first: the tags follow it
  record: { headers: 'after-first-line' },
  perft: (options, depth): Result<number> => {
    if (!Number.isInteger(depth) || depth < 0) return fail('bad-depth', 'depth is a whole number ≥ 0');
    if (options.variant === 'landlord') return fail('bad-options', 'perft covers the standard variant');
    const deployed = options.mode === 'flip' || options.setup !== undefined || options.setups !== undefined;
    const game = JunqiGame.create(deployed ? options : { ...options, setup: 'classic' });
    if (!game.ok) return game;
    const pos = game.value.position;
    if (!pos) return fail('not-deployed', 'perft needs deployed armies');
    return ok(perftPosition(pos.clone(), depth));
  },
};
