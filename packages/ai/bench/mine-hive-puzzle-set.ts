import { readFileSync, writeFileSync } from 'node:fs';
import { HEX_DIRECTIONS, unwrap } from '@qiyuan/core';
import { cellOf, cellQ, cellR, type HiveGame, hive, parseGameString } from '@qiyuan/hive';
import { answer, requestFor } from '../src/index.js';
import { type HivePuzzle, winningPieceTheme } from '../src/puzzles.js';
import { forcesWin, winningFirstMoves, winsWithin } from '../test/hive-ply-prover.js';

/**
 * Builds the committed Hive puzzle set (puzzles/hive.json): plays seeded games between weak levels (they leave
 * queens exposed, as people do) and, optionally, replays stored games given as a file of GameStrings, one a line;
 * at every position where the enemy queen is nearly surrounded, asks the exhaustive ply prover for a forced win
 * in 1 or 3 plies that exactly ONE first move achieves and that no shorter win beats. Each find is kept with its
 * solution line (the defender's reply is the one that holds out longest), its themes and a starting rating.
 *
 *     npx tsx packages/ai/bench/mine-hive-puzzle-set.ts games firstSeed [storedGames.txt] > puzzles.jsonl
 *     npx tsx packages/ai/bench/mine-hive-puzzle-set.ts --collect puzzles.jsonl packages/ai/puzzles/hive.json
 */

/** Occupied cells around `color`'s queen. */
const around = (game: HiveGame, color: number): number => {
  const pos = game.position;
  const q = pos.queenCell(color);
  if (q < 0) return 0;
  let n = 0;
  for (const d of HEX_DIRECTIONS) if (pos.height[cellOf(cellQ(q) + d.q, cellR(q) + d.r)]! > 0) n++;
  return n;
};

/**
 * The solution line of a position whose only forced win takes `plies` plies (1 or 3): the winning move; for 3, then
 * the defender's reply that leaves the fewest winning moves (and does not lose on its own move, when it can), and the
 * first move that then wins.
 */
const solutionLine = (game: HiveGame, plies: number): string[] | undefined => {
  const pos = game.position;
  const first = winningFirstMoves(pos, plies)[0];
  if (first === undefined) return undefined;
  const line = [game.moveToString(first)];
  if (plies === 1) return line;
  unwrap(game.play(first));
  let best: { reply: string; finish: string; count: number } | undefined;
  for (const reply of [...game.legalMoves()]) {
    const text = game.moveToString(reply);
    unwrap(game.play(reply));
    if (!game.outcome()) {
      const wins = [...game.legalMoves()].filter((m) => forcesWin(game.position, m, 1));
      if (wins.length > 0 && (!best || wins.length < best.count))
        best = { reply: text, finish: game.moveToString(wins[0]!), count: wins.length };
    }
    unwrap(game.undo());
  }
  return best ? [...line, best.reply, best.finish] : undefined;
};

/** A puzzle at the game's current position, or undefined. */
const puzzleAt = (game: HiveGame, source: string): HivePuzzle | undefined => {
  const enemy = around(game, 1 - game.position.side);
  if (enemy < 4) return undefined;
  const pos = game.position.clone();
  for (const plies of enemy >= 5 ? [1, 3] : [3]) {
    if (plies === 3 && winsWithin(pos, 1)) return undefined;
    const winners = winningFirstMoves(pos, plies);
    if (winners.length > 1) return undefined;
    if (winners.length === 1) {
      const position = game.positionToString();
      const solution = solutionLine(unwrap(parseGameString(position)), plies);
      if (!solution) return undefined;
      const moves = (plies + 1) / 2;
      return {
        id: '',
        game: 'hive',
        kind: 'line',
        goal: 'win',
        position,
        solution,
        moves,
        themes: [winningPieceTheme(solution), `mateIn${moves}`],
        rating: moves === 1 ? 1100 : 1500,
        source,
      };
    }
  }
  return undefined;
};

const emit = (p: HivePuzzle | undefined): void => {
  if (p) process.stdout.write(`${JSON.stringify(p)}\n`);
};

if (process.argv[2] === '--collect') {
  // Dedupe by position, number the puzzles and write the set.
  const seen = new Set<string>();
  const puzzles: HivePuzzle[] = [];
  for (const line of readFileSync(process.argv[3]!, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const p = JSON.parse(line) as HivePuzzle;
    const key = p.position.split(';').slice(3).join(';');
    if (seen.has(key)) continue;
    seen.add(key);
    puzzles.push({ ...p, id: `hive-${String(puzzles.length + 1).padStart(3, '0')}` });
  }
  // one puzzle a line: the file reads and diffs well
  const lines = puzzles.map((p) => JSON.stringify(p)).join(',\n');
  writeFileSync(process.argv[4]!, `{"game":"hive","puzzles":[\n${lines}\n]}\n`);
} else {
  const games = Number(process.argv[2] ?? 20);
  const first = Number(process.argv[3] ?? 1);
  const stored = process.argv[4];
  if (stored) {
    for (const [i, line] of readFileSync(stored, 'utf8').split('\n').entries()) {
      const parsed = line.trim() ? parseGameString(line.trim()) : undefined;
      if (!parsed?.ok) continue;
      // Walk the stored game from its start, trying every position on the way.
      const moves = parsed.value.moveStrings();
      const game = unwrap(parseGameString(line.split(';').slice(0, 1).join(';')));
      for (const m of moves) {
        emit(puzzleAt(game, `stored game ${i + 1}`));
        if (!game.play(unwrap(game.parseMove(m))).ok) break;
      }
    }
  }
  for (let g = first; g < first + games; g++) {
    const game = unwrap(hive.create(unwrap(hive.parseOptions({ variant: g % 2 ? 'Base+MLP' : 'Base' }))));
    for (let ply = 0; ply < 200 && !game.outcome(); ply++) {
      const seat = (game.turn() as { seat: number }).seat;
      emit(puzzleAt(game, `self-play ${g}`));
      const r = answer({
        ...requestFor(game, seat, ply % 2 ? 'casual' : 'beginner', { seed: g * 1000 + ply }),
        depth: ply % 2 ? 2 : 1,
      });
      if (!r.ok) break;
      unwrap(game.play(unwrap(game.parseMove(r.move)), seat));
    }
  }
}
