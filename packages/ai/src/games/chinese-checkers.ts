import {
  type ChineseCheckersGame,
  chineseCheckers,
  distanceToCornerTip,
  moveFrom,
  moveTo,
  oppositeCorner,
  PASS,
  type PackedMove,
  POINT_COUNT,
  POINTS,
  type Position,
} from '@qiyuan/chinese-checkers';
import { hexRotate, type Searchable, type Seat } from '@qiyuan/core';
import type { SearchSpec } from '../alphabeta.js';
import type { Level, LevelName } from '../levels.js';
import { type GameAi, searchAi } from '../search-ai.js';

/**
 * Chinese Checkers. Race: each seat's cost is the distance of its pieces to
 * the goal corner's tip, made convex so a straggler costs more than the same
 * distance spread over the army, plus a small cost for drifting off the
 * home-goal axis; the value is the best opponent's cost minus ours (two seats:
 * the opponent's minus ours). 3–6 seats use the paranoid search (docs/AI.md).
 * 食棋: captures, then the jumps each side has on offer.
 */

// Module-local copies of the engine's constants and helpers read per node: under vitest an imported binding
// is a getter call (a loop bounded by the imported POINT_COUNT ran 20× slower than with a local copy).
const POINTS_N = POINT_COUNT;
const PASS_MOVE = PASS;
const fromOf = moveFrom;
const toOf = moveTo;

/** `GOAL_DIST[seat corner * 121 + point]`: distance from the point to the tip of that corner's goal. */
const GOAL_DIST = new Int8Array(6 * POINT_COUNT);
/** Sideways distance from the corner's home-goal axis. */
const LATERAL = new Int8Array(6 * POINT_COUNT);
for (let c = 0; c < 6; c++) {
  for (const p of POINTS) {
    GOAL_DIST[c * POINT_COUNT + p.id] = distanceToCornerTip(p.id, oppositeCorner(c));
    // Turn the star so that this corner is the south one; the axis is then the line q = -r / 2.
    const h = hexRotate({ q: p.q, r: p.r }, (6 - c) % 6);
    LATERAL[c * POINT_COUNT + p.id] = Math.round(Math.abs(2 * h.q + h.r) / 2);
  }
}

/** A seat's cost to finish: lower is better; 0 when its pieces fill the goal tip-first. */
const raceCost = (pos: Position, seat: Seat): number => {
  const corner = pos.seatCorner[seat]!;
  const colour = corner + 1;
  const base = corner * POINTS_N;
  let sum = 0;
  let sq = 0;
  let lateral = 0;
  for (let p = 0; p < POINTS_N; p++) {
    if (pos.board[p] !== colour) continue;
    const d = GOAL_DIST[base + p]!;
    sum += d;
    sq += d * d;
    const l = LATERAL[base + p]!;
    if (l > 2) lateral += l - 2;
  }
  // Convex in distance: bringing the last piece up is worth more than pushing the front one further.
  return sum * 10 + Math.round(sq / 2) + lateral * 3;
};

const hasPieces = (pos: Position, seat: Seat): boolean => {
  const colour = pos.seatCorner[seat]! + 1;
  for (let p = 0; p < POINTS_N; p++) if (pos.board[p] === colour) return true;
  return false;
};

const raceEvaluate = (pos: Position, seat: Seat): number => {
  if (pos.place[seat]! > 0) return 50_000 - pos.place[seat]! * 10_000;
  const own = raceCost(pos, seat);
  let best = Number.POSITIVE_INFINITY;
  for (let s = 0; s < pos.seatCount; s++) {
    if (s === seat || !pos.isActive(s) || !hasPieces(pos, s)) continue;
    best = Math.min(best, raceCost(pos, s));
  }
  // Alone on the board (a solo race, or every opponent gone): progress is all that counts, and it must
  // still score above a draw so the search never settles for a repetition.
  return best === Number.POSITIVE_INFINITY ? 20_000 - own : best - own;
};

const captureEvaluate = (pos: Position, seat: Seat): number => {
  let others = 0;
  for (let s = 0; s < pos.seatCount; s++) if (s !== seat) others = Math.max(others, pos.captures[s]!);
  return (pos.captures[seat]! - others) * 100;
};

const evaluate = (s: Searchable<PackedMove>, seat: Seat): number => {
  const pos = s as Position;
  return pos.options.variant === 'capture' ? captureEvaluate(pos, seat) : raceEvaluate(pos, seat);
};

const orderHint = (s: Searchable<PackedMove>, move: PackedMove): number => {
  if (move === PASS_MOVE) return -100;
  const pos = s as Position;
  if (pos.options.variant === 'capture') return Math.abs(fromOf(move) - toOf(move)) > 1 ? 1 : 0;
  const base = pos.seatCorner[pos.turnSeat]! * POINTS_N;
  return GOAL_DIST[base + fromOf(move)]! - GOAL_DIST[base + toOf(move)]!;
};

const spec: SearchSpec<PackedMove> = { evaluate, moveKey: (m) => m, orderHint };
/** The greedy baseline sees distance only (no straggler or axis care), one ply deep. */
const greedy: SearchSpec<PackedMove> = {
  evaluate: (s, seat) => {
    const pos = s as Position;
    if (pos.options.variant === 'capture') return captureEvaluate(pos, seat);
    const corner = pos.seatCorner[seat]!;
    let sum = 0;
    for (let p = 0; p < POINTS_N; p++) if (pos.board[p] === corner + 1) sum -= GOAL_DIST[corner * POINTS_N + p]!;
    return sum;
  },
  moveKey: (m) => m,
};

/**
 * Levels by depth, and master by nodes, so a level plays the same on any machine and an arena match replays
 * exactly; the times are only caps for a slow device.
 */
export const CHINESE_CHECKERS_LEVELS: Readonly<Record<LevelName, Level>> = {
  beginner: {
    name: 'beginner',
    budget: { timeMs: 1000, depth: 1 },
    mistakes: { chance: 0.4, window: 60, temperature: 20 },
  },
  casual: { name: 'casual', budget: { timeMs: 1000, depth: 1 }, mistakes: { chance: 0.1, window: 20, temperature: 8 } },
  club: { name: 'club', budget: { timeMs: 3000, depth: 3 } },
  expert: { name: 'expert', budget: { timeMs: 5000, depth: 4 } },
  master: { name: 'master', budget: { timeMs: 8000, nodes: 1_500_000 } },
};

export const chineseCheckersAi: GameAi = searchAi<ChineseCheckersGame, PackedMove>({
  game: 'chinese-checkers',
  definition: chineseCheckers,
  searchable: (game) => (game.clone() as ChineseCheckersGame).searchable,
  notation: (game, m) =>
    game.moveToString(m === PASS ? { kind: 'pass' } : { kind: 'move', from: moveFrom(m), to: moveTo(m) }),
  spec,
  greedy,
  levels: CHINESE_CHECKERS_LEVELS,
});

/** The evaluation and ordering the levels search with (analysis and review search with them too). */
export const chineseCheckersSearchSpec: SearchSpec<PackedMove> = spec;
