import {
  type AbaloneGame,
  abalone,
  BLACK,
  CELL_COUNT,
  CELLS,
  isInline,
  type Move,
  moveCount,
  moveDir,
  moveRear,
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

const rearOf = moveRear;
const dirOf = moveDir;

/**
 * Whether `m` pushes an enemy marble off the board: an inline move whose column of enemy marbles in front runs to the
 * rim. Read from the board, without playing the move (the quiescence search asks it of every move at the horizon).
 */
const pushesOff = (s: Searchable<Move>, m: Move): boolean => {
  if (!inline(m)) return false;
  const pos = s as Position;
  const dir = dirOf(m);
  let head = rearOf(m);
  for (let i = 1; i < count(m); i++) head = NB[head * 6 + dir]!;
  const opp = pos.side === 0 ? 3 - BLACK_CELL : BLACK_CELL;
  let g = NB[head * 6 + dir]!;
  if (g < 0 || pos.cells[g] !== opp) return false;
  while (g >= 0 && pos.cells[g] === opp) g = NB[g * 6 + dir]!;
  return g < 0;
};

/**
 * Push-offs are followed to quiescence: at depth 2 a move that lets a marble be pushed off, with the push-back ready,
 * would otherwise stop on the lost marble and read as a blunder (a review searches at that depth).
 */
const spec: SearchSpec<Move> = { evaluate, moveKey: (m) => m, orderHint, noisy: pushesOff };
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
  // the search as it was before push-offs were followed to quiescence, for the arena (`master@horizon`)
  evaluations: { horizon: { evaluate, moveKey: (m) => m, orderHint } },
});

/** The evaluation and ordering the levels search with (analysis and review search with them too). */
export const abaloneSearchSpec: SearchSpec<Move> = spec;
