import {
  FLAG as FLAG_RANK,
  isFlip,
  MINE as MINE_RANK,
  moveFrom,
  moveTo,
  type Position,
  RANK_COUNT,
} from '@qiyuan/junqi';
import { flagPoints } from './flag.js';

const FLAG = FLAG_RANK;
const MINE = MINE_RANK;
const RANKS = RANK_COUNT;

/**
 * Door keepers. A flag in a headquarters is entered from its doors, the points next to it; the front door is a
 * railway station, so an enemy piece can ride to it in one move (or an engineer dig the mine on it) and step in on
 * the next. The only answer then is a piece of ours next to the door that takes the intruder off it at once. Our
 * own pieces are known to us in every world, so whether each door still has such a keeper needs no sampling; the
 * search, whose 8-ply playouts rarely meet the raid, happily walks the keepers away.
 */

/**
 * Whether the piece on `p` can step onto a neighbouring door: it moves, is shown, stands in no headquarters, and ranks
 * no higher than `highest` (a keeper rule that leaves the big pieces free to fight counts only the small ones).
 */
const keeper = (pos: Position, p: number, army: number, highest: number): boolean => {
  if (pos.owner[p] !== army || pos.faceDown[p]) return false;
  const r = pos.rank[p]!;
  return r !== FLAG && r !== MINE && r < RANKS && r <= highest && pos.board.points[p]!.kind !== 'hq';
};

/**
 * How many doors of `army`'s flag have a keeper next to them (the flag's point excluded), with the piece on `from`
 * moved to `to` (both −1: as the position stands), counting keepers ranked up to `highest`. −1 when the flag is not
 * on the board in this world.
 */
export const keptDoors = (pos: Position, army: number, from = -1, to = -1, highest: number = RANKS): number => {
  const flag = flagPoints(pos, new Int16Array(4))[army]!;
  if (flag < 0) return -1;
  let kept = 0;
  for (const door of pos.board.adjacent[flag]!) {
    for (const q of pos.board.adjacent[door]!) {
      if (q === flag) continue;
      const holds =
        q === to ? from >= 0 && keeper(pos, from, army, highest) : q !== from && keeper(pos, q, army, highest);
      if (holds) {
        kept++;
        break;
      }
    }
  }
  return kept;
};

/**
 * The attacks of `army` on enemy pieces standing on its flag's doors: an enemy piece there has moved, so it steps
 * onto the flag next unless taken off the door now. Empty when no door holds an enemy (or no flag is on the board).
 */
export const doorAnswers = (world: Position, army: number, moves: readonly number[]): Set<number> => {
  const answers = new Set<number>();
  const flag = flagPoints(world, new Int16Array(4))[army]!;
  if (flag < 0) return answers;
  const doors = world.board.adjacent[flag]!;
  for (const m of moves) {
    if (isFlip(m)) continue;
    const to = moveTo(m);
    const target = world.owner[to]!;
    if (target >= 0 && target !== army && world.teamOfArmy(target) !== world.teamOfArmy(army) && doors.includes(to))
      answers.add(m);
  }
  return answers;
};

/**
 * The root's door keeping: with an enemy on a door, the attacks on it (`doorAnswers`); otherwise the moves of
 * `army` in `world` (any world: only our own pieces and the public board are read) that leave no fewer of our flag's
 * doors kept by pieces ranked up to `highest` than now. The search keeps to these when any is allowed.
 */
export const keepingMoves = (
  world: Position,
  army: number,
  moves: readonly number[],
  highest: number = RANKS,
): Set<number> => {
  const answers = doorAnswers(world, army, moves);
  if (answers.size > 0) return answers;
  const now = keptDoors(world, army, -1, -1, highest);
  const kept = new Set<number>();
  if (now < 0) {
    for (const m of moves) kept.add(m);
    return kept;
  }
  for (const m of moves) {
    if (isFlip(m)) {
      kept.add(m);
      continue;
    }
    if (keptDoors(world, army, moveFrom(m), moveTo(m), highest) >= now) kept.add(m);
  }
  return kept;
};
