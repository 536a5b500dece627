import type { Rng } from '@qiyuan/core';
import {
  COMBAT_TABLE,
  FLAG as FLAG_RANK,
  isFlip,
  MINE as MINE_RANK,
  moveFrom,
  moveTo,
  type Position,
  RANK_COUNT,
} from '@qiyuan/junqi';
import { enemyHeadquarters } from './headquarters.js';

// Local copies: imported bindings read in hot loops are getter calls under vitest.
const FLAG = FLAG_RANK;
const MINE = MINE_RANK;
const RANKS = RANK_COUNT;

/**
 * Flag races: the knowledge the plain search lacks most. Master-against-master games end by a captured flag after 50
 * to 170 plies, usually a piece that rode the railway to a headquarters' door and stepped in two moves later; in
 * the tree that threat is four plies deep among forty moves a ply, and an 8-ply random playout finds it about one
 * time in forty, so neither side sees it coming. Here the playouts play the race as people do: take a flag when a
 * piece stands at its door, clear an enemy piece from our own flag's door, and otherwise walk to the enemy flag's door
 * now and then; and a playout cut off with a piece at an enemy flag's door, its side to move, is scored as the win
 * it is.
 */

/** Per army, the point of its flag in this (full-information) world, or -1 (gone, or face down in 翻棋). */
export const flagPoints = (pos: Position, out: Int16Array): Int16Array => {
  out.fill(-1);
  for (let p = 0; p < pos.n; p++) {
    if (pos.rank[p] === FLAG && pos.owner[p]! >= 0 && !pos.faceDown[p]) out[pos.owner[p]!] = p;
  }
  return out;
};

const scratch = new Int16Array(4);

/** Whether the piece on `p` may step into a headquarters: it moves at all, and does not stand in one itself. */
const mover = (pos: Position, p: number): boolean => {
  const r = pos.rank[p]!;
  return r !== FLAG && r !== MINE && r < RANKS && !pos.faceDown[p] && pos.board.points[p]!.kind !== 'hq';
};

/** The army of the seat to move, or -1 (nobody to move, or a seat without an army). */
const armyToMove = (pos: Position): number => {
  const seat = pos.sideToMove();
  return seat >= 0 ? pos.armyOfSeat[seat]! : -1;
};

/** Whether `army` is an enemy of `ours` (another team). */
const enemies = (pos: Position, ours: number, army: number): boolean =>
  army >= 0 && army !== ours && pos.teamOfArmy(army) !== pos.teamOfArmy(ours);

/**
 * The seat to move can take an enemy flag at once: one of its movers stands next to the flag (a headquarters is
 * entered by one step). Returns the seat, or -1.
 */
export const flagAtHand = (pos: Position): number => {
  const army = armyToMove(pos);
  if (army < 0) return -1;
  const flags = flagPoints(pos, scratch);
  for (let a = 0; a < flags.length; a++) {
    const f = flags[a]!;
    if (f < 0 || !enemies(pos, army, a)) continue;
    for (const q of pos.board.adjacent[f]!) if (pos.owner[q] === army && mover(pos, q)) return pos.sideToMove();
  }
  return -1;
};

/**
 * A move that takes an enemy flag in this (full-information) world, or -1: the search's decisive move. Taking a flag
 * ends the game with two sides and puts that army out with more, and no other move is ever better.
 */
export const flagCapture = (pos: Position, moves: readonly number[]): number => {
  const army = armyToMove(pos);
  if (army < 0) return -1;
  for (const m of moves) {
    if (isFlip(m)) continue;
    const to = moveTo(m);
    if (pos.rank[to] === FLAG && !pos.faceDown[to] && enemies(pos, army, pos.owner[to]!)) return m;
  }
  return -1;
};

/**
 * A playout move for the flag race, or -1 to leave the choice to the base playout: the enemy flag when it can be
 * taken; an enemy piece at our flag's door when a piece of ours beats or trades with it; and, `approach` of the time,
 * a step onto an empty point or a won fight at an enemy flag's door.
 */
export const flagMove = (
  pos: Position,
  moves: readonly number[],
  rng: Rng,
  approach: number,
  blind = false,
): number => {
  const army = armyToMove(pos);
  if (army < 0) return -1;
  const flags = flagPoints(pos, scratch);
  const ownFlag = flags[army]!;
  // Doors of our flag held by an enemy mover: the threats to clear.
  let threats: number[] | undefined;
  if (ownFlag >= 0) {
    for (const q of pos.board.adjacent[ownFlag]!) {
      if (enemies(pos, army, pos.owner[q]!) && mover(pos, q)) {
        threats ??= [];
        threats.push(q);
      }
    }
  }
  let clear = -1;
  let clearValue = Number.NEGATIVE_INFINITY;
  let doors: number[] | undefined;
  let strikes: number[] | undefined;
  const wantDoors = rng.float() < approach;
  for (const m of moves) {
    if (isFlip(m)) continue;
    const from = moveFrom(m);
    const to = moveTo(m);
    const target = pos.owner[to]!;
    if (target >= 0 && pos.faceDown[to]) continue;
    const enemy = enemies(pos, army, target);
    if (enemy && pos.rank[to] === FLAG && !blind) return m;
    // Blind: the attacker knows only that a flag stands in one of the headquarters, so it strikes at either.
    if (blind && enemy && pos.board.points[to]!.kind === 'hq') {
      strikes ??= [];
      strikes.push(m);
      continue;
    }
    const a = pos.rank[from]!;
    const result = enemy ? COMBAT_TABLE[a * RANKS + pos.rank[to]!] : undefined;
    if (threats && enemy && threats.includes(to) && result !== 'defender') {
      // The cheapest piece that clears the door; a trade costs our piece.
      const value = result === 'attacker' ? 1 - a / 100 : 0.5 - a / 100;
      if (value > clearValue) {
        clearValue = value;
        clear = m;
      }
      continue;
    }
    if (!wantDoors || clear >= 0 || (target >= 0 && (!enemy || result !== 'attacker'))) continue;
    if (pos.board.points[to]!.kind === 'hq') continue;
    const targets = blind ? enemyHeadquarters(pos, army) : flags;
    for (let e = 0; e < targets.length; e++) {
      const f = targets[e]!;
      if (f < 0 || (!blind && !enemies(pos, army, e))) continue;
      if (pos.board.adjacent[f]!.includes(to) && !pos.board.adjacent[f]!.includes(from)) {
        doors ??= [];
        doors.push(m);
        break;
      }
    }
  }
  if (clear >= 0) return clear;
  if (strikes && rng.float() < 0.5) return strikes[rng.int(0, strikes.length - 1)]!;
  if (doors) return doors[rng.int(0, doors.length - 1)]!;
  return -1;
};

/**
 * After our `move` in a full-information world: can one enemy reply put a mover at our flag's door (or take the flag)
 * such that no piece of ours can then take it off the door (win or trade)? A flag guard at the root: the search's
 * playouts rarely find this two-move threat, and a player always looks for it. Leaves the world as it was.
 */
export const flagDanger = (world: Position, move: number, army: number): boolean => {
  world.makeMove(move);
  try {
    if (world.outcome()) return false;
    const flag = flagPoints(world, scratch)[army]!;
    if (flag < 0) return false;
    const enemy = armyToMove(world);
    if (enemy < 0 || !enemies(world, army, enemy)) return false;
    const doors = world.board.adjacent[flag]!;
    for (const e of world.generateMoves()) {
      if (isFlip(e)) continue;
      const to = moveTo(e);
      if (to === flag) return true;
      if (!doors.includes(to)) continue;
      world.makeMove(e);
      try {
        if (world.outcome()) return true;
        if (world.owner[to] !== enemy || !mover(world, to)) continue;
        // the intruder stands at the door: is there an answer?
        const next = armyToMove(world);
        if (next < 0 || world.teamOfArmy(next) !== world.teamOfArmy(army)) return true;
        let answered = false;
        for (const a of world.generateMoves()) {
          if (isFlip(a) || moveTo(a) !== to) continue;
          if (COMBAT_TABLE[world.rank[moveFrom(a)]! * RANKS + world.rank[to]!] !== 'defender') {
            answered = true;
            break;
          }
        }
        if (!answered) return true;
      } finally {
        world.unmakeMove();
      }
    }
    return false;
  } finally {
    world.unmakeMove();
  }
};

/**
 * The search's choice, weighed against our flag's safety: each well-searched move's value (its mean reward, visits at
 * least a tenth of the most visited's) times the share of `worlds` in which it does not let an enemy reach our flag's
 * door unanswered — a raid that succeeds is a lost game, which the value, from short playouts, rarely contains.
 */
export const guardFlag = <M extends { move: number; visits: number; value: number }>(
  stats: readonly M[],
  worlds: readonly Position[],
  army: number,
): number | undefined => {
  if (stats.length < 2 || worlds.length === 0) return stats[0]?.move;
  const floor = stats[0]!.visits / 10;
  let best = stats[0]!.move;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const s of stats) {
    if (s.visits < floor) continue;
    const safe = worlds.filter((w) => !flagDanger(w, s.move, army)).length / worlds.length;
    const score = s.value * safe;
    if (score > bestScore) {
      bestScore = score;
      best = s.move;
    }
  }
  return best;
};
