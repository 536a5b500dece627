import { HEX_DIRECTIONS, unwrap } from '@qiyuan/core';
import { cellOf, cellQ, cellR, type HiveGame, hive } from '@qiyuan/hive';
import { answer, requestFor } from '../src/index.js';
import { savingMoves, winningMoves, winsWithin } from '../test/hive-solver.js';

/**
 * Finds Hive tactics positions for the puzzle tests: plays seeded games
 * between two weak levels (they leave queens exposed, as people do) and, at
 * every position, asks the exhaustive prover for the side to move's exact
 * forced-win distance (1, 2 or 3 of its own moves) and for "block" positions
 * (the opponent threatens a win in one and few moves stop it). Prints
 * GameStrings; test/hive-puzzles.test.ts re-proves each one.
 *
 *     npx tsx packages/ai/bench/mine-hive-puzzles.ts [variant] [games] [firstSeed]
 */
const variant = process.argv[2] ?? 'Base';
const games = Number(process.argv[3] ?? 20);
const first = Number(process.argv[4] ?? 1);

/** Occupied cells around `color`'s queen. */
const around = (game: HiveGame, color: number): number => {
  const pos = game.position;
  const q = pos.queenCell(color);
  if (q < 0) return 0;
  let n = 0;
  for (const d of HEX_DIRECTIONS) if (pos.height[cellOf(cellQ(q) + d.q, cellR(q) + d.r)]! > 0) n++;
  return n;
};

for (let g = first; g < first + games; g++) {
  const game = unwrap(hive.create(unwrap(hive.parseOptions({ variant }))));
  for (let ply = 0; ply < 200 && !game.outcome(); ply++) {
    const seat = (game.turn() as { seat: number }).seat;
    const pos = game.position.clone();
    const enemy = around(game, 1 - seat);
    const own = around(game, seat);
    const t0 = performance.now();
    let found = '';
    if (enemy >= 3) {
      if (winsWithin(pos, 1)) found = 'win1';
      else if (winsWithin(pos, 2)) found = 'win2';
      else if (enemy >= 4 && winsWithin(pos, 3)) found = 'win3';
    }
    if (!found && own >= 4 && !winsWithin(pos, 1)) {
      const saving = savingMoves(pos);
      const all = pos.generateMoves().length;
      if (saving.length > 0 && saving.length * 5 <= all) found = `block ${saving.length}/${all}`;
    }
    if (found) {
      const extra =
        found === 'win2' || found === 'win3'
          ? ` winning ${winningMoves(pos, found === 'win2' ? 2 : 3).length}/${pos.generateMoves().length}`
          : '';
      console.log(
        `${found}${extra}\t${(performance.now() - t0).toFixed(0)}ms\tgame ${g} ply ${ply}\t${game.positionToString()}`,
      );
    }
    const r = answer({
      ...requestFor(game, seat, ply % 2 ? 'casual' : 'beginner', { seed: g * 1000 + ply }),
      depth: ply % 2 ? 2 : 1,
    });
    if (!r.ok) break;
    unwrap(game.play(unwrap(game.parseMove(r.move)), seat));
  }
}
