import { actingSeats, type Game, type GameDefinition, Rng, SPECTATOR, unwrap, type Viewer } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { GAME_ENTRIES } from '../src/index.js';

/**
 * A game that says its view is shared (`viewIsShared`) lets a server build one view for every watcher: a wrong
 * claim would show one seat what another may see. Random games of every registered engine, at every ply: when the
 * game claims it, every seat's view and a spectator's are the same.
 */
const OPTIONS: Record<string, readonly Record<string, unknown>[]> = {
  hive: [{}, { variant: 'Base+MLP' }, { variant: 'Base+MLP:?' }],
  'chinese-checkers': [{}, { players: 3 }],
};

const play = (
  def: GameDefinition,
  options: Record<string, unknown>,
  seed: number,
): { shared: number; plies: number } => {
  const game: Game = unwrap(
    def.create(unwrap(def.parseOptions({ ...options, seed: seed.toString(16).padStart(32, '0') }))),
  );
  const rng = Rng.fromSeed(seed);
  const viewers: Viewer[] = [...Array.from({ length: game.seatCount }, (_, s) => s), SPECTATOR];
  let shared = 0;
  let plies = 0;
  for (; plies < 80 && !game.outcome(); plies++) {
    if (game.viewIsShared?.()) {
      shared++;
      const views = viewers.map((v) => JSON.stringify(game.viewFor(v)));
      for (const v of views) expect(v).toBe(views[0]);
    }
    const seat = actingSeats(game.turn())[0];
    if (seat === undefined) break;
    const moves = game.legalMoves(seat);
    if (moves.length === 0) break;
    unwrap(game.play(moves[rng.int(0, moves.length - 1)], seat));
  }
  return { shared, plies };
};

describe.each(GAME_ENTRIES.map((e) => [e.id, e] as const))(
  '%s: a view said to be shared is the same for all',
  (id, entry) => {
    it.each((OPTIONS[id] ?? [{}]).map((o) => [JSON.stringify(o), o] as const))('options %s', (_, options) => {
      let shared = 0;
      for (let seed = 1; seed <= 6; seed++) shared += play(entry.definition as GameDefinition, options, seed).shared;
      // the claim is made where the game has nothing hidden, and only there (Junqi always hides something)
      if (id === 'junqi' || options.variant === 'Base+MLP:?') expect(shared).toBe(0);
      else expect(shared).toBeGreaterThan(0);
    });
  },
);
