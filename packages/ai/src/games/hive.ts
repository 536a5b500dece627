import { HEX_DIRECTIONS, type Searchable, type Seat } from '@qiyuan/core';
import { cellOf, cellQ, cellR, type HiveGame, hive, type Move, PASS, PIECES, type Position } from '@qiyuan/hive';
import { AlphaBeta, type SearchSpec } from '../alphabeta.js';
import type { Level, LevelName } from '../levels.js';
import { type GameAi, searchAi } from '../search-ai.js';

/**
 * Hive: the queens' liberties dominate (each occupied neighbour of the enemy
 * queen is worth more than anything else), a beetle on a queen counts, and
 * pieces brought into play are worth a little (development).
 */
const PER_COLOR = 14;

const occupiedAround = (pos: Position, cell: number): number => {
  if (cell < 0) return 0;
  const q = cellQ(cell);
  const r = cellR(cell);
  let n = 0;
  for (const d of HEX_DIRECTIONS) if (pos.height[cellOf(q + d.q, r + d.r)]! > 0) n++;
  return n;
};

const evaluate = (s: Searchable<Move>, seat: Seat): number => {
  const pos = s as Position;
  const other = 1 - seat;
  const mine = pos.queenCell(seat);
  const theirs = pos.queenCell(other);
  let score = 60 * (occupiedAround(pos, theirs) - occupiedAround(pos, mine));
  // A beetle (or mosquito) on top of a queen pins it and fills its cell from above.
  if (theirs >= 0 && pos.height[theirs]! > 1 && PIECES[pos.top[theirs]!]?.color === seat) score += 40;
  if (mine >= 0 && pos.height[mine]! > 1 && PIECES[pos.top[mine]!]?.color === other) score -= 40;
  for (let i = 0; i < PER_COLOR; i++) {
    if (pos.pos[seat * PER_COLOR + i]! >= 0) score += 3;
    if (pos.pos[other * PER_COLOR + i]! >= 0) score -= 3;
  }
  if (mine < 0) score -= 10;
  return score;
};

const spec: SearchSpec<Move> = { evaluate, moveKey: (m) => m };

export const HIVE_LEVELS: Readonly<Record<LevelName, Level>> = {
  beginner: {
    name: 'beginner',
    budget: { timeMs: 300, depth: 1 },
    mistakes: { chance: 0.4, window: 60, temperature: 20 },
  },
  casual: {
    name: 'casual',
    budget: { timeMs: 500, depth: 2 },
    mistakes: { chance: 0.15, window: 30, temperature: 10 },
  },
  club: { name: 'club', budget: { timeMs: 800, depth: 3 } },
  expert: { name: 'expert', budget: { timeMs: 1500, depth: 4 } },
  master: { name: 'master', budget: { timeMs: 3000 } },
};

export const hiveAi: GameAi = searchAi<HiveGame, Move>({
  game: 'hive',
  definition: hive,
  searchable: (game) => game.position.clone(),
  notation: (game, m) => game.moveToString(m),
  spec,
  levels: HIVE_LEVELS,
});

const uhpSearcher = new AlphaBeta<Move>(spec, 20);

/**
 * UHP `bestmove` for `qiyuan uhp` (the Hive session's injectable search): `depth N` searches exactly N plies,
 * `time hh:mm:ss` uses the time with the search's own time management; neither gives 3 s.
 */
export const hiveBestMove = (game: HiveGame, limit: { readonly depth?: number; readonly timeMs?: number }): Move => {
  const pos = game.position.clone();
  const r = uhpSearcher.search(
    pos,
    limit.depth !== undefined ? { depth: limit.depth } : { timeMs: limit.timeMs ?? 3000 },
  );
  return r.move ?? PASS;
};
