import type { Seat } from '@qiyuan/core';
import type { Board } from './board.js';
import { FLAG, isImmobile, MINE, RANK_COUNT, turnsOnRail } from './piece.js';
import type { Position } from './position.js';
import * as moveCode from './rules.js';

/**
 * The play-phase move generator, as functions over a `Position`: steps,
 * railway runs (straight lines, or any turn for the engineer), who may be
 * attacked, 翻棋 flips, and the chase limit that drops a quiet move chasing
 * one enemy piece too often.
 */

// Module-local copies of the move code: the hot loops read plain bindings, not another module's exports (read
// through a getter under tsx and vitest).
const encodeMove: (from: number, to: number) => number = moveCode.encodeMove;
const encodeFlip: (at: number) => number = moveCode.encodeFlip;
const moveTo: (move: number) => number = moveCode.moveTo;

/** The generator's scratch: each point's kind (0 plain, 1 camp, 2 headquarters) and visit stamps. */
export interface MoveWalk {
  readonly kindOf: Uint8Array;
  readonly mark: Int32Array;
  readonly railMark: Int32Array;
  stamp: number;
}

export const newMoveWalk = (board: Board): MoveWalk => {
  const n = board.points.length;
  const kindOf = new Uint8Array(n);
  for (const p of board.points) kindOf[p.id] = p.kind === 'camp' ? 1 : p.kind === 'hq' ? 2 : 0;
  return { kindOf, mark: new Int32Array(n), railMark: new Int32Array(n), stamp: 0 };
};

export function hasMovablePiece(pos: Position, w: MoveWalk, seat: Seat): boolean {
  const army = pos.armyOfSeat[seat]!;
  for (let p = 0; p < pos.n; p++) {
    if (pos.owner[p] === army && !isImmobile(pos.rank[p]!) && w.kindOf[p] !== 2) return true;
  }
  return false;
}

export function hasMove(pos: Position, w: MoveWalk, seat: Seat): boolean {
  const out: number[] = [];
  return movesOf(pos, w, seat, out, true);
}

/** Fills `out`; with `first`, stops at the first legal move and returns whether there was one. */
export function movesOf(pos: Position, w: MoveWalk, seat: Seat, out: number[], first: boolean): boolean {
  const flip = pos.rules.mode === 'flip';
  if (flip) {
    for (let p = 0; p < pos.n; p++) {
      if (pos.faceDown[p] && pos.owner[p]! >= 0) {
        out.push(encodeFlip(p));
        if (first) return true;
      }
    }
  }
  const army = pos.armyOfSeat[seat]!;
  if (army < 0) return out.length > 0;
  for (let p = 0; p < pos.n; p++) {
    if (pos.owner[p] !== army || pos.faceDown[p]) continue;
    if (pieceMoves(pos, w, seat, p, out, first) && first) return true;
  }
  return out.length > 0;
}

export function canAttack(pos: Position, w: MoveWalk, seat: Seat, target: number): boolean {
  const owner = pos.owner[target]!;
  if (pos.faceDown[target]) return false;
  if (w.kindOf[target] === 1) return false; // a camp shelters its piece
  const team = pos.teamOfArmy(owner);
  if (team === pos.rules.teamOfSeat[seat]) return false;
  // 翻棋: the flag may be taken only once its three mines are gone.
  if (pos.rules.mode === 'flip' && pos.rank[target] === FLAG && pos.alive[owner * RANK_COUNT + MINE]! > 0) {
    return false;
  }
  return true;
}

/** Appends the moves of the piece on `p`; returns whether any was added. */
export function pieceMoves(
  pos: Position,
  w: MoveWalk,
  seat: Seat,
  p: number,
  out: number[],
  first: boolean,
  chase = true,
): boolean {
  const rank = pos.rank[p]!;
  if (isImmobile(rank)) return false;
  if (w.kindOf[p] === 2 && pos.rules.mode !== 'flip') return false; // a piece in a headquarters stays
  const start = out.length;
  const stamp = ++w.stamp;
  const mark = w.mark;
  const owner = pos.owner;
  const consider = (q: number): boolean => {
    // returns true when the walk may go on through q (it is empty)
    if (mark[q] === stamp) return owner[q] === -1;
    mark[q] = stamp;
    if (owner[q] === -1) {
      out.push(encodeMove(p, q));
      return true;
    }
    if (canAttack(pos, w, seat, q)) out.push(encodeMove(p, q));
    return false;
  };
  const chasing = chase && pos.rules.chaseLimit > 0 && pos.chasePiece[seat] === pos.pid[p];
  for (const q of pos.board.adjacent[p]!) {
    consider(q);
    if (first && !chasing && out.length > start) return true;
  }
  if (pos.board.railAdjacent[p]!.length > 0) {
    if (turnsOnRail(rank)) {
      // The engineer runs through every empty railway point it can reach, turning freely.
      const rail = w.railMark;
      const queue = [p];
      rail[p] = stamp;
      while (queue.length > 0) {
        const x = queue.pop()!;
        for (const q of pos.board.railAdjacent[x]!) {
          if (rail[q] === stamp) continue;
          rail[q] = stamp;
          if (consider(q)) queue.push(q);
        }
      }
    } else {
      for (const ray of pos.board.rays[p]!) {
        for (const q of ray) {
          if (!consider(q) && owner[q] !== -1) break;
        }
      }
    }
  }
  if (chasing) filterChases(pos, w, seat, p, out, start);
  return out.length > start;
}

/** Drops the quiet moves of the piece on `p` that would chase one enemy piece beyond the limit. */
export function filterChases(pos: Position, w: MoveWalk, seat: Seat, p: number, out: number[], start: number): void {
  let kept = start;
  for (let i = start; i < out.length; i++) {
    const m = out[i]!;
    const to = moveTo(m);
    if (pos.owner[to] !== -1 || !exceedsChase(pos, w, seat, p, to)) out[kept++] = m;
  }
  out.length = kept;
}

export function exceedsChase(pos: Position, w: MoveWalk, seat: Seat, from: number, to: number): boolean {
  const counts = pos.chaseTargets[seat]!;
  let atLimit = false;
  for (const c of counts.values()) if (c >= pos.rules.chaseLimit) atLimit = true;
  if (!atLimit) return false;
  for (const t of threatsAfter(pos, w, seat, from, to)) if ((counts.get(t) ?? 0) >= pos.rules.chaseLimit) return true;
  return false;
}

/** The enemy piece ids the piece on `from` could attack once it stands on `to` (a quiet move). */
export function threatsAfter(pos: Position, w: MoveWalk, seat: Seat, from: number, to: number): number[] {
  const save = [pos.owner[from]!, pos.rank[from]!, pos.pid[from]!];
  pos.owner[to] = save[0]!;
  pos.rank[to] = save[1]!;
  pos.pid[to] = save[2]!;
  pos.owner[from] = -1;
  pos.rank[from] = -1;
  pos.pid[from] = -1;
  const moves: number[] = [];
  pieceMoves(pos, w, seat, to, moves, false, false);
  const targets: number[] = [];
  for (const m of moves) if (pos.owner[moveTo(m)] !== -1) targets.push(pos.pid[moveTo(m)]!);
  pos.owner[from] = save[0]!;
  pos.rank[from] = save[1]!;
  pos.pid[from] = save[2]!;
  pos.owner[to] = -1;
  pos.rank[to] = -1;
  pos.pid[to] = -1;
  return targets;
}
