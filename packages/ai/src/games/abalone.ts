import {
  type AbaloneGame,
  abalone,
  BLACK,
  CELL_COUNT,
  CELLS,
  isInline,
  type Move,
  moveCount,
  NEIGHBOR,
  type Position,
} from '@qiyuan/abalone';
import { hexLength, type Searchable, type Seat } from '@qiyuan/core';
import type { SearchSpec } from '../alphabeta.js';
import type { Level, LevelName } from '../levels.js';
import { type GameAi, positionSearchAi } from '../search-ai.js';

/**
 * Abalone: marbles pushed off weigh most, then the centre (distance of each
 * marble from the middle), cohesion (own neighbours), and edge danger (own
 * marbles on the rim next to an enemy marble).
 */
const RING = Int8Array.from(CELLS.map((c) => hexLength(c.hex)));
// Module-local copies: under vitest (and, less, tsx) an imported binding read in a hot loop is a getter call;
// the evaluation ran 12× slower under vitest reading NEIGHBOR and CELL_COUNT straight from the import.
const NB = Int16Array.from(NEIGHBOR);
const CELL_N = CELL_COUNT;
const BLACK_CELL = BLACK;
const inline = isInline;
const count = moveCount;

const evaluate = (s: Searchable<Move>, seat: Seat): number => {
  const pos = s as Position;
  const mine = seat === 0 ? BLACK_CELL : 3 - BLACK_CELL;
  let score = (pos.ejected[seat]! - pos.ejected[1 - seat]!) * 1000;
  for (let c = 0; c < CELL_N; c++) {
    const v = pos.cells[c]!;
    if (v === 0) continue;
    const sign = v === mine ? 1 : -1;
    const ring = RING[c]!;
    let friends = 0;
    let enemies = 0;
    for (let d = 0; d < 6; d++) {
      const n = NB[c * 6 + d]!;
      if (n < 0) continue;
      const w = pos.cells[n]!;
      if (w === v) friends++;
      else if (w !== 0) enemies++;
    }
    score += sign * ((4 - ring) * 12 + friends * 4 - (ring === 4 && enemies > 0 ? 25 : 0));
  }
  return score;
};

const orderHint = (_s: Searchable<Move>, m: Move): number => (inline(m) ? 2 : 0) + count(m);

const spec: SearchSpec<Move> = { evaluate, moveKey: (m) => m, orderHint };
const greedy: SearchSpec<Move> = {
  evaluate: (s, seat) => {
    const pos = s as Position;
    return (pos.ejected[seat]! - pos.ejected[1 - seat]!) * 1000;
  },
  moveKey: (m) => m,
};

/**
 * Levels by depth, and master by nodes, so a level plays the same on any machine and an arena match replays
 * exactly; the times are only caps for a slow device (never reached here: master's million nodes take about 2 s).
 */
export const ABALONE_LEVELS: Readonly<Record<LevelName, Level>> = {
  beginner: {
    name: 'beginner',
    budget: { timeMs: 1000, depth: 1 },
    mistakes: { chance: 0.4, window: 60, temperature: 20 },
  },
  casual: {
    name: 'casual',
    budget: { timeMs: 2000, depth: 2 },
    mistakes: { chance: 0.15, window: 30, temperature: 10 },
  },
  club: { name: 'club', budget: { timeMs: 3000, depth: 3 } },
  expert: { name: 'expert', budget: { timeMs: 5000, depth: 4 } },
  master: { name: 'master', budget: { timeMs: 8000, nodes: 1_000_000 } },
};

export const abaloneAi: GameAi = positionSearchAi<AbaloneGame, Move>({
  game: 'abalone',
  definition: abalone,
  spec,
  greedy,
  levels: ABALONE_LEVELS,
});

/** The evaluation and ordering the levels search with (analysis and review search with them too). */
export const abaloneSearchSpec: SearchSpec<Move> = spec;
