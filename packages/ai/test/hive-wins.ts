import { unwrap } from '@qiyuan/core';
import { hive } from '@qiyuan/hive';
import { expect } from 'vitest';
import { answer, requestFor, seededRng } from '../src/index.js';

/**
 * Plays seeded random games of a variant until a position where some move surrounds the enemy queen, then asks the
 * master (at depth 2) for its move there: it must be one of the winning moves, which are found here by trying each
 * move on the engine, independently of the search. Returns how many such positions were checked.
 */
export function checkWinsInOne(variant: string | undefined, firstSeed: number, games: number): number {
  let found = 0;
  for (let g = 0; g < games && found < 4; g++) {
    const game = unwrap(hive.create(unwrap(hive.parseOptions(variant === undefined ? {} : { variant }))));
    const rng = seededRng(firstSeed + g);
    for (let ply = 0; ply < 300 && !game.outcome(); ply++) {
      const seat = (game.turn() as { seat: number }).seat;
      const moves = game.legalMoves();
      const wins = moves.filter((m) => {
        unwrap(game.play(m));
        const won = game.outcome()?.results[seat] === 'win';
        unwrap(game.undo());
        return won;
      });
      if (wins.length > 0) {
        const r = answer({ ...requestFor(game, seat, 'master'), depth: 2 });
        expect(r.ok).toBe(true);
        if (r.ok) expect(wins.map((m) => game.moveToString(m))).toContain(r.move);
        found++;
        break;
      }
      unwrap(game.play(rng.pick([...moves])));
    }
  }
  return found;
}
