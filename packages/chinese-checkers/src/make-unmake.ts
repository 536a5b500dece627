import type { Seat } from '@qiyuan/core';
import type { BoardState } from './board-state.js';
import * as state from './board-state.js';
import { DROP_REASONS, type DropReason } from './outcome.js';
import type { PackedMove } from './packed-move.js';
import * as packed from './packed-move.js';
import * as star from './star.js';
import * as tables from './tables.js';
import * as zobrist from './zobrist.js';

/**
 * Making and unmaking moves on a `BoardState`: the board, occupancy masks,
 * piece lists, goal counts and hash updated incrementally; finishing places
 * handed out as goals fill; drop-outs; and an exact undo stack of fixed-size
 * Int32 entries (kind, move or seat, captured point, its colour, seats placed,
 * -, side before, next free place before).
 */

// Module-local copies of the tables and helpers: the hot loops read plain bindings, not module imports.
const POINT_COUNT: number = star.POINT_COUNT;
const MIDPOINT: Int16Array = tables.MIDPOINT;
const SLOTS: number = state.SLOTS;
const ENTRY: number = state.ENTRY;
const PASS: number = packed.PASS;
const Z_LO: Uint32Array = zobrist.Z_LO;
const Z_HI: Uint32Array = zobrist.Z_HI;
const Z_SIDE: number = zobrist.Z_SIDE;
const Z_DROP: number = zobrist.Z_DROP;
const toggleNear: (st: BoardState, p: number) => void = state.toggleNear;
const countGoal: (st: BoardState, p: number, owner: number, delta: number) => void = state.countGoal;

const KIND_MOVE = 0;
const KIND_DROP = 1;

function arrived(st: BoardState, s: number): boolean {
  if (st.ownRule) return st.goalOwn[s] === st.goalSize;
  if (st.goalOccupied[s] !== st.goalSize || st.goalOwn[s] === 0) return false;
  return !st.blockerRule || blockersBlamed(st, s);
}

/**
 * The `blocker` rule: another seat's piece in `s`'s goal fills it at once
 * when its owner moved it there (or anywhere: a piece that has moved and
 * stands there was put there on purpose). A piece that has never moved and
 * stands in its owner's home counts only once that owner has made as many
 * moves as it has pieces, enough to have taken every piece out of its home,
 * or has left the rotation (arrived or dropped out), since it can then never
 * move the piece again: until then nobody can say it stays there on purpose.
 */
function blockersBlamed(st: BoardState, s: number): boolean {
  for (const p of st.goalPoints[s]!) {
    const owner = st.seatOfColour[st.board[p]! - 1]!;
    if (owner === s || st.pieceMoves[owner * SLOTS + st.slot[p]!]! > 0) continue;
    if ((st.homeMask[p]! & (1 << owner)) === 0 || st.place[owner] !== 0) continue;
    if (st.movesMade[owner]! < st.goalSize) return false;
  }
  return true;
}

/** Gives the seats in `wave` the next free place, shared. */
function placeWave(st: BoardState, wave: number): void {
  const at = st.nextTop;
  let count = 0;
  for (let t = 0; t < st.seatCount; t++) {
    if (wave & (1 << t)) {
      st.place[t] = at;
      count++;
    }
  }
  st.nextTop += count;
}

/** The seats still playing whose goal counts as full now. */
function arrivals(st: BoardState, candidates: number): number {
  let wave = 0;
  let m = candidates;
  while (m !== 0) {
    const t = 31 - Math.clz32(m);
    m &= ~(1 << t);
    if (st.place[t] === 0 && st.dropped[t] === 0 && arrived(st, t)) wave |= 1 << t;
  }
  return wave;
}

function finish(st: BoardState, reason: string): void {
  st.over = true;
  st.endReason = reason;
}

function push(st: BoardState, kind: number, a: number, b: number, c: number, d: number, e: number): void {
  if (st.top + ENTRY > st.history.length) {
    const grown = new Int32Array(st.history.length * 2);
    grown.set(st.history);
    st.history = grown;
  }
  const h = st.history;
  const t = st.top;
  h[t] = kind;
  h[t + 1] = a;
  h[t + 2] = b;
  h[t + 3] = c;
  h[t + 4] = d;
  h[t + 5] = e;
  h[t + 6] = st.side;
  h[t + 7] = st.nextTop;
  st.top = t + ENTRY;
}

function setSide(st: BoardState, s: number): void {
  st.lo ^= Z_LO[Z_SIDE + st.side]! ^ Z_LO[Z_SIDE + s]!;
  st.hi ^= Z_HI[Z_SIDE + st.side]! ^ Z_HI[Z_SIDE + s]!;
  st.side = s;
}

function nextActive(st: BoardState, from: number): number {
  for (let i = 1; i <= st.seatCount; i++) {
    const s = (from + i) % st.seatCount;
    if (st.place[s] === 0 && st.dropped[s] === 0) return s;
  }
  return from;
}

/** Ends the game when at most one seat plays on; the last one takes the next place. Returns seats placed. */
function closeIfLast(st: BoardState): number {
  let active = 0;
  let last = -1;
  for (let s = 0; s < st.seatCount; s++) {
    if (st.place[s] === 0 && st.dropped[s] === 0) {
      active++;
      last = s;
    }
  }
  if (active > 1) return 0;
  if (last >= 0 && !st.capture) {
    st.place[last] = st.nextTop++;
    return 1 << last;
  }
  return 0;
}

export function makeMove(st: BoardState, move: PackedMove): void {
  const mover = st.side;
  // The undo record must keep the next free place from before this move's placings, not after.
  const topBefore = st.nextTop;
  let captured = -1;
  let capturedColour = 0;
  let placed = 0;
  let reason = '';
  if (move !== PASS) {
    const from = move & 0xff;
    const to = move >>> 8;
    const board = st.board;
    const c = board[from]!;
    board[from] = 0;
    board[to] = c;
    toggleNear(st, from);
    toggleNear(st, to);
    const z = (c - 1) * POINT_COUNT;
    st.lo ^= Z_LO[z + from]! ^ Z_LO[z + to]!;
    st.hi ^= Z_HI[z + from]! ^ Z_HI[z + to]!;
    if (st.capture) {
      const m = MIDPOINT[from * POINT_COUNT + to]!;
      if (m >= 0) {
        captured = m;
        capturedColour = board[m]!;
        board[m] = 0;
        toggleNear(st, m);
        const zc = (capturedColour - 1) * POINT_COUNT + m;
        st.lo ^= Z_LO[zc]!;
        st.hi ^= Z_HI[zc]!;
        st.captures[mover]!++;
        st.piecesLeft--;
        if (st.piecesLeft <= 1) reason = 'one-piece-left';
      }
    } else {
      const owner = st.seatOfColour[c - 1]!;
      const k = st.slot[from]!;
      st.pieceList[owner * SLOTS + k] = to;
      st.slot[to] = k;
      st.slot[from] = -1;
      countGoal(st, from, owner, -1);
      countGoal(st, to, owner, 1);
      st.movesMade[mover]!++;
      st.pieceMoves[owner * SLOTS + k]!++;
      const all = (1 << st.seatCount) - 1;
      // the move that lets the mover's home pieces be blamed may complete any goal they stand in
      let wave = arrivals(st, st.blockerRule && st.movesMade[mover] === st.goalSize ? all : st.goalMask[to]!);
      while (wave !== 0) {
        placeWave(st, wave);
        placed |= wave;
        // seats that arrive leave the rotation: their unmoved home pieces now count in the goals they stand in,
        // so another goal may be full at once; it takes the next place, since it counts only because they left
        wave = st.blockerRule ? arrivals(st, all) : 0;
      }
    }
  }
  push(st, KIND_MOVE, move, captured, capturedColour, placed, 0);
  st.history[st.top - ENTRY + 7] = topBefore;
  if (placed !== 0) {
    const last = closeIfLast(st);
    st.history[st.top - ENTRY + 4] = placed | last;
    if (last !== 0 || activeCount(st) === 0) reason = 'goal-filled';
  }
  if (reason !== '') finish(st, reason);
  else setSide(st, nextActive(st, mover));
}

function activeCount(st: BoardState): number {
  let n = 0;
  for (let s = 0; s < st.seatCount; s++) if (st.place[s] === 0 && st.dropped[s] === 0) n++;
  return n;
}

export function unmakeMove(st: BoardState): void {
  if (st.top === 0) return;
  const t = st.top - ENTRY;
  const h = st.history;
  const kind = h[t]!;
  const placed = h[t + 4]!;
  const sideBefore = h[t + 6]!;
  st.top = t;
  st.over = false;
  st.endReason = '';
  setSide(st, sideBefore);
  st.nextTop = h[t + 7]!;
  for (let s = 0; s < st.seatCount; s++) if (placed & (1 << s)) st.place[s] = 0;
  if (kind === KIND_DROP) {
    const seat = h[t + 1]!;
    st.dropped[seat] = 0;
    st.nextBottom++;
    st.place[seat] = 0;
    st.lo ^= Z_LO[Z_DROP + seat]!;
    st.hi ^= Z_HI[Z_DROP + seat]!;
    if (h[t + 2] === 1) placePieces(st, seat, 1);
    return;
  }
  const move = h[t + 1]!;
  if (move === PASS) return;
  const from = move & 0xff;
  const to = move >>> 8;
  const board = st.board;
  const c = board[to]!;
  board[to] = 0;
  board[from] = c;
  toggleNear(st, from);
  toggleNear(st, to);
  const z = (c - 1) * POINT_COUNT;
  st.lo ^= Z_LO[z + from]! ^ Z_LO[z + to]!;
  st.hi ^= Z_HI[z + from]! ^ Z_HI[z + to]!;
  if (st.capture) {
    const m = h[t + 2]!;
    if (m >= 0) {
      const cc = h[t + 3]!;
      board[m] = cc;
      toggleNear(st, m);
      const zc = (cc - 1) * POINT_COUNT + m;
      st.lo ^= Z_LO[zc]!;
      st.hi ^= Z_HI[zc]!;
      st.captures[sideBefore]!--;
      st.piecesLeft++;
    }
  } else {
    const owner = st.seatOfColour[c - 1]!;
    st.movesMade[sideBefore]!--;
    const k = st.slot[to]!;
    st.pieceMoves[owner * SLOTS + k]!--;
    st.pieceList[owner * SLOTS + k] = from;
    st.slot[from] = k;
    st.slot[to] = -1;
    countGoal(st, to, owner, -1);
    countGoal(st, from, owner, 1);
  }
}

/** Takes `seat`'s pieces off the board (delta -1) or puts them back (delta 1). */
function placePieces(st: BoardState, seat: number, delta: number): void {
  const colour = st.seatCorner[seat]! + 1;
  const z = (colour - 1) * POINT_COUNT;
  for (let k = 0; k < st.pieceCount[seat]!; k++) {
    const p = st.pieceList[seat * SLOTS + k]!;
    st.board[p] = delta > 0 ? colour : 0;
    toggleNear(st, p);
    st.piecesLeft += delta;
    st.lo ^= Z_LO[z + p]!;
    st.hi ^= Z_HI[z + p]!;
    countGoal(st, p, seat, delta);
  }
}

/**
 * A seat resigns or runs out of time. With two seats the other wins; with
 * more, the seat takes the last free place, its pieces leave the board (the
 * race) or stay as neutral pieces (食棋), and the others play on. When the
 * drop ends the game, the pieces stay: the final board shows where they were.
 */
export function dropOut(st: BoardState, seat: Seat, why: DropReason): void {
  st.dropped[seat] = 1 + DROP_REASONS.indexOf(why);
  const lift = !st.capture && activeCount(st) > 1;
  push(st, KIND_DROP, seat, lift ? 1 : 0, 0, 0, 0);
  st.place[seat] = st.nextBottom--;
  st.lo ^= Z_LO[Z_DROP + seat]!;
  st.hi ^= Z_HI[Z_DROP + seat]!;
  if (lift) placePieces(st, seat, -1);
  const last = closeIfLast(st);
  st.history[st.top - ENTRY + 4] = last;
  if (activeCount(st) <= 1) finish(st, why === 'resign' ? 'resignation' : 'timeout');
  else if (st.side === seat) setSide(st, nextActive(st, seat));
}

/** The kind of the last undo-stack entry: 'move', 'drop' or undefined. */
export function lastEntryKind(st: BoardState): 'move' | 'drop' | undefined {
  if (st.top === 0) return undefined;
  return st.history[st.top - ENTRY] === KIND_DROP ? 'drop' : 'move';
}
