import type { BoardState } from './board-state.js';
import * as state from './board-state.js';
import { PASS } from './packed-move.js';
import type { PointId } from './star.js';
import * as star from './star.js';
import * as tables from './tables.js';
import { isNeighbour } from './tables.js';

/**
 * Move generation over a `BoardState`: steps and breadth-first jump chains
 * (adjacent or long) for the race, single-jump captures for 食棋, and for the
 * board UI one path per move. Moves come out packed (`from | to << 8`).
 */

// Module-local copies of the tables: the hot loops read plain bindings, not module re-exports.
const POINT_COUNT: number = star.POINT_COUNT;
const NEIGHBOURS: Int16Array = star.NEIGHBOURS;
const JUMP_OVER: Int16Array = star.JUMP_OVER;
const JUMP_LAND: Int16Array = star.JUMP_LAND;
const RAY_START: Int32Array = star.RAY_START;
const RAY_LENGTH: Int32Array = star.RAY_LENGTH;
const RAYS: Int16Array = star.RAYS;
const STEP_BITS: Uint8Array = tables.STEP_BITS;
const HOP_BITS: Uint8Array = tables.HOP_BITS;
const LOW_BIT: Int8Array = tables.LOW_BIT;
const SLOTS: number = state.SLOTS;

/** Writes the moves of the side to move into `out` and returns how many; trusted, no allocation. */
export function generateInto(st: BoardState, out: Int32Array): number {
  if (st.over) return 0;
  const n = st.capture ? generateCapture(st, out) : generateRace(st, out, st.side);
  if (n === 0) {
    out[0] = PASS;
    return 1;
  }
  return n;
}

function generateRace(st: BoardState, out: Int32Array, s: number): number {
  return st.long ? generateLong(st, out, s) : generateAdjacent(st, out, s);
}

/** Long jumps: along each of the six rays, the first piece and the mirror point beyond it. */
function generateLong(st: BoardState, out: Int32Array, s: number): number {
  const board = st.board;
  const near = st.near;
  const visited = st.visited;
  const queue = st.queue;
  const barOff = s * POINT_COUNT;
  const stopBarred = st.stopBarred;
  const landBarred = st.landBarred;
  const list = st.pieceList;
  const base = s * SLOTS;
  const count = st.pieceCount[s]!;
  if (st.stamp > 0xfffff000) {
    st.visited.fill(0);
    st.stamp = 0;
  }
  let stamp = st.stamp;
  let n = 0;
  for (let k = 0; k < count; k++) {
    const from = list[base + k]!;
    const f6 = from * 6;
    let steps = STEP_BITS[from]! & ~near[from]!;
    while (steps !== 0) {
      const t = NEIGHBOURS[f6 + LOW_BIT[steps]!]!;
      steps &= steps - 1;
      if (stopBarred[barOff + t] === 0) out[n++] = from | (t << 8);
    }
    stamp++;
    visited[from] = stamp;
    // lift the piece: a long chain may pass back over its starting point
    const colour = board[from]!;
    board[from] = 0;
    queue[0] = from;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const c = queue[head++]!;
      const c6 = c * 6;
      const adjacent = near[c]!;
      for (let d = 0; d < 6; d++) {
        const start = RAY_START[c6 + d]!;
        const len = RAY_LENGTH[c6 + d]!;
        let l: number;
        if ((adjacent >> d) & 1) {
          // a piece right next door (never the lifted one: chains stay an even lattice distance from it)
          if (len < 2) continue;
          l = RAYS[start + 1]!;
          if (board[l] !== 0) continue;
        } else {
          let i = 0;
          while (i < len && board[RAYS[start + i]!] === 0) i++;
          // the piece jumped over is at ray index i; the landing point at 2i + 1
          const landIndex = 2 * i + 1;
          if (landIndex >= len) continue;
          let clear = true;
          for (let j = i + 1; j <= landIndex; j++) {
            if (board[RAYS[start + j]!] !== 0) {
              clear = false;
              break;
            }
          }
          if (!clear) continue;
          l = RAYS[start + landIndex]!;
        }
        if (visited[l] === stamp || landBarred[barOff + l] !== 0) continue;
        visited[l] = stamp;
        queue[tail++] = l;
        if (stopBarred[barOff + l] === 0) out[n++] = from | (l << 8);
      }
    }
    board[from] = colour;
  }
  st.stamp = stamp;
  return n;
}

/**
 * Adjacent jumps, driven by the neighbour-occupancy masks: only directions
 * with a piece next door are tried. The moving piece need not be lifted: a
 * chain lands only on points an even number of steps away along the
 * lattice, never next to its start, so it can never jump over it.
 */
function generateAdjacent(st: BoardState, out: Int32Array, s: number): number {
  const board = st.board;
  const near = st.near;
  const visited = st.visited;
  const queue = st.queue;
  const barOff = s * POINT_COUNT;
  const stopBarred = st.stopBarred;
  const landBarred = st.landBarred;
  const list = st.pieceList;
  const base = s * SLOTS;
  const count = st.pieceCount[s]!;
  const open = st.open;
  if (st.stamp > 0xfffff000) {
    st.visited.fill(0);
    st.stamp = 0;
  }
  let stamp = st.stamp;
  let n = 0;
  for (let k = 0; k < count; k++) {
    const from = list[base + k]!;
    const f6 = from * 6;
    let steps = STEP_BITS[from]! & ~near[from]!;
    while (steps !== 0) {
      const t = NEIGHBOURS[f6 + LOW_BIT[steps]!]!;
      steps &= steps - 1;
      if (open || stopBarred[barOff + t] === 0) out[n++] = from | (t << 8);
    }
    stamp++;
    visited[from] = stamp;
    queue[0] = from;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const c = queue[head++]!;
      const c6 = c * 6;
      let hops = HOP_BITS[c]! & near[c]!;
      while (hops !== 0) {
        const l = JUMP_LAND[c6 + LOW_BIT[hops]!]!;
        hops &= hops - 1;
        if (board[l] !== 0 || visited[l] === stamp) continue;
        visited[l] = stamp;
        if (open) {
          queue[tail++] = l;
          out[n++] = from | (l << 8);
        } else if (landBarred[barOff + l] === 0) {
          queue[tail++] = l;
          if (stopBarred[barOff + l] === 0) out[n++] = from | (l << 8);
        }
      }
    }
  }
  st.stamp = stamp;
  return n;
}

/** 食棋: every single jump (a capture) of any piece; only when there is none, every step. */
function generateCapture(st: BoardState, out: Int32Array): number {
  const board = st.board;
  const barred = st.landBarred;
  let n = 0;
  for (let from = 0; from < POINT_COUNT; from++) {
    if (board[from] === 0) continue;
    const f6 = from * 6;
    for (let d = 0; d < 6; d++) {
      if (st.long) {
        const start = RAY_START[f6 + d]!;
        const len = RAY_LENGTH[f6 + d]!;
        let i = 0;
        while (i < len && board[RAYS[start + i]!] === 0) i++;
        const landIndex = 2 * i + 1;
        if (landIndex >= len) continue;
        let clear = true;
        for (let j = i + 1; j <= landIndex; j++) {
          if (board[RAYS[start + j]!] !== 0) {
            clear = false;
            break;
          }
        }
        const l = RAYS[start + landIndex]!;
        if (clear && barred[l] === 0) out[n++] = from | (l << 8);
      } else {
        const l = JUMP_LAND[f6 + d]!;
        if (l >= 0 && board[l] === 0 && board[JUMP_OVER[f6 + d]!] !== 0 && barred[l] === 0) out[n++] = from | (l << 8);
      }
    }
  }
  if (n > 0) return n;
  for (let from = 0; from < POINT_COUNT; from++) {
    if (board[from] === 0) continue;
    const f6 = from * 6;
    for (let d = 0; d < 6; d++) {
      const t = NEIGHBOURS[f6 + d]!;
      if (t >= 0 && board[t] === 0 && barred[t] === 0) out[n++] = from | (t << 8);
    }
  }
  return n;
}

/** One path for a legal move from → to: [from, to] for a step or a 食棋 capture, every landing point of a jump chain. */
export function pathOf(st: BoardState, from: PointId, to: PointId): PointId[] {
  if (st.capture || isNeighbour(from, to)) return [from, to];
  const board = st.board;
  const barOff = st.side * POINT_COUNT;
  const colour = board[from]!;
  board[from] = 0;
  const stamp = ++st.stamp;
  st.visited[from] = stamp;
  st.parent[from] = -1;
  st.queue[0] = from;
  let head = 0;
  let tail = 1;
  while (head < tail && st.visited[to] !== stamp) {
    const c = st.queue[head++]!;
    for (const l of singleJumps(st, c)) {
      if (st.visited[l] === stamp || st.landBarred[barOff + l] !== 0) continue;
      st.visited[l] = stamp;
      st.parent[l] = c;
      st.queue[tail++] = l;
    }
  }
  board[from] = colour;
  if (st.visited[to] !== stamp) return [from, to];
  const path: PointId[] = [];
  for (let p = to; p !== -1; p = st.parent[p]!) path.push(p);
  return path.reverse();
}

/** The landing points of one jump from `c` on the current board (slow path, for paths and checks). */
export function singleJumps(st: BoardState, c: PointId): PointId[] {
  const out: PointId[] = [];
  const board = st.board;
  for (let d = 0; d < 6; d++) {
    const start = RAY_START[c * 6 + d]!;
    const len = RAY_LENGTH[c * 6 + d]!;
    let i = 0;
    while (i < len && board[RAYS[start + i]!] === 0) i++;
    if (i >= len || (!st.long && i > 0)) continue;
    const landIndex = 2 * i + 1;
    if (landIndex >= len) continue;
    let clear = true;
    for (let j = i + 1; j <= landIndex; j++) if (board[RAYS[start + j]!] !== 0) clear = false;
    if (clear) out.push(RAYS[start + landIndex]!);
  }
  return out;
}
