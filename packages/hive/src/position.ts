import type { Searchable } from '@qiyuan/core';
import * as grid from './grid.js';
import type { Move } from './move.js';
import * as moves from './move.js';
import { Movement } from './movement.js';
import * as pieces from './pieces.js';
import * as stacks from './stacks.js';

// Module-level copies: an imported binding is read through a getter under tsx and vitest (docs/BENCHMARKS.md).
const bitCount = grid.bitCount;
const lowestBit = grid.lowestBit;
const NEIGHBOR = grid.NEIGHBOR;
const ORIGIN = grid.ORIGIN;
const encodeMove = moves.encodeMove;
const MOVE_CARRY = moves.MOVE_CARRY;
const MOVE_GRAB = moves.MOVE_GRAB;
const MOVE_PLAIN = moves.MOVE_PLAIN;
const MOVE_SWAP = moves.MOVE_SWAP;
const movePiece = moves.movePiece;
const moveTo = moves.moveTo;
const PASS = moves.PASS;
const PIECES_PER_COLOR = pieces.PIECES_PER_COLOR;
const HISTORY = stacks.HISTORY;
const SLOTS = stacks.SLOTS;

export { CELLS, cellOf, cellQ, cellR, GRID, NEIGHBOR, ORIGIN } from './grid.js';
export {
  encodeMove,
  MOVE_CARRY,
  MOVE_GRAB,
  MOVE_PLAIN,
  MOVE_SWAP,
  type Move,
  moveKind,
  movePiece,
  moveTo,
  PASS,
} from './move.js';
export type { HiveRules } from './stacks.js';

/**
 * The mutable Hive position: make and unmake, the placements, the legal move
 * list and its bulk count, perft. Built on `Stacks` (the tiles and the hash),
 * `OneHive` (which tiles are pinned) and `Movement` (how each bug moves), one
 * idea each; move lists and scratch arrays are reused, so a search allocates
 * nothing per node. `generateMoves` lists each (piece, destination) once,
 * however many ways lead there.
 */
export class Position extends Movement implements Searchable<Move> {
  private readonly buffers: number[][] = [];
  private readonly hand = new Int8Array(PIECES_PER_COLOR);
  /** Movement targets gathered while counting (bulk perft); reused. */
  private readonly scratch: number[] = [];
  /** Per row, the spaces the side to move may place on (bit q, column q), as `placementSpaces` found them. */
  private readonly spaceRow = new Int32Array(32);

  clone(): Position {
    const p = new Position(this.rules, this.roster);
    p.top.set(this.top);
    p.height.set(this.height);
    p.pos.set(this.pos);
    p.below.set(this.below);
    p.side = this.side;
    p.ply = this.ply;
    p.lo = this.lo;
    p.hi = this.hi;
    p.onBoard = this.onBoard;
    p.tops.set(this.tops);
    p.occ.set(this.occ);
    p.topRows.set(this.topRows);
    p.stacked = this.stacked;
    p.history = this.history.slice();
    p.made = this.made;
    return p;
  }

  makeMove(m: Move): void {
    const lo = this.lo;
    const hi = this.hi;
    let from = -1;
    let thrown = -1;
    let other = -1;
    if (m !== PASS) {
      const piece = movePiece(m);
      const to = moveTo(m);
      const kind = (m - 1) >> 15;
      if (kind === MOVE_PLAIN) {
        const at = this.pos[piece]!;
        if (at >= 0) {
          // Only the Dutch rule needs to know whether the move was a Pillbug's throw.
          if (this.rules.pillbugDutchRule && !this.canReachItself(piece, to)) thrown = piece;
          from = at;
          // From the ground to the ground (most movements) in one step; a climb or a descent by lift and drop.
          if (this.height[at] === 1 && this.top[to]! < 0) this.shiftHashed(piece, at, to);
          else {
            this.lift(piece);
            this.drop(piece, to);
          }
        } else if (this.top[to]! < 0) this.putDown(piece, to);
        else this.drop(piece, to);
      } else {
        other = this.twoTiles(kind, piece, to);
        from = this.pos[piece]!;
        if (kind === MOVE_SWAP || kind === MOVE_CARRY) from = this.otherFrom;
      }
    }
    if (HISTORY * (this.made + 1) > this.history.length) {
      const grown = new Int32Array(this.history.length * 2);
      grown.set(this.history);
      this.history = grown;
    }
    const h = HISTORY * this.made++;
    this.history[h] = m;
    this.history[h + 1] = from;
    this.history[h + 2] = thrown;
    this.history[h + 3] = other;
    this.history[h + 4] = lo;
    this.history[h + 5] = hi;
    this.forgetKeptCuts();
    this.side = 1 - this.side;
    this.ply++;
    this.toggleSide();
  }

  unmakeMove(): void {
    if (this.made === 0) return;
    const h = HISTORY * --this.made;
    const m = this.history[h]!;
    const from = this.history[h + 1]!;
    const other = this.history[h + 3]!;
    this.side = 1 - this.side;
    this.ply--;
    // The tiles go back without their keys: the hash before the move was kept.
    this.lo = this.history[h + 4]!;
    this.hi = this.history[h + 5]!;
    if (m === PASS) return;
    const piece = movePiece(m);
    const kind = (m - 1) >> 15;
    if (kind === MOVE_PLAIN) {
      // A tile alone on the ground that came from hand, or from a cell left empty, goes back by the short ways; a
      // tile on a stack, or one going back onto one, by take-off and set-on.
      const alone = this.below[piece]! < 0;
      if (alone && from < 0) this.pickUp(piece, this.pos[piece]!);
      else if (alone && this.top[from]! < 0) this.shift(piece, this.pos[piece]!, from);
      else {
        this.takeOff(piece);
        if (from >= 0) this.setOn(piece, from);
      }
      return;
    }
    const to = moveTo(m);
    this.takeOff(piece);
    this.takeOff(other);
    if (kind === MOVE_GRAB) {
      // The grabbed tile goes back to its cell; the Mantis down onto the ground where it stood.
      this.setOn(other, to);
      this.setOn(piece, from);
    } else if (kind === MOVE_SWAP) {
      this.setOn(piece, from);
      this.setOn(other, to);
    } else {
      this.setOn(other, from);
      this.setOn(piece, from);
    }
  }

  /** Where the acting piece of the last two-tile move started (set by `twoTiles`). */
  private otherFrom = -1;

  /** Makes a grab, swap or carry; returns the second tile it displaced. */
  private twoTiles(kind: number, piece: number, to: number): number {
    if (kind === MOVE_GRAB) {
      // The grabbed tile passes under the Mantis, which stays where it is.
      const victim = this.top[to]!;
      const at = this.lift(piece);
      this.lift(victim);
      this.drop(victim, at);
      this.drop(piece, at);
      return victim;
    }
    if (kind === MOVE_SWAP) {
      const victim = this.top[to]!;
      const at = this.lift(piece);
      this.lift(victim);
      this.drop(piece, to);
      this.drop(victim, at);
      this.otherFrom = at;
      return victim;
    }
    // A carry: the Dragonfly lands with the tile it stood on beneath it.
    const carried = this.below[piece]!;
    const at = this.lift(piece);
    this.lift(carried);
    this.drop(carried, to);
    this.drop(piece, to);
    this.otherFrom = at;
    return carried;
  }

  /** Whether an own piece could make this move by itself (else the mover's Pillbug threw it). */
  private canReachItself(piece: number, to: number): boolean {
    if (piece >= PIECES_PER_COLOR !== (this.side === 1)) return false;
    const out: number[] = [];
    this.nextSeenStamp();
    this.filled = 0;
    this.pieceMoves(piece, out);
    out.length = this.filled;
    return out.includes(encodeMove(piece, to));
  }

  /** The legal moves of the side to move; the array is reused (valid until the next make/unmake). */
  generateMoves(): readonly Move[] {
    let out = this.buffers[this.ply];
    if (!out) {
      out = [];
      this.buffers[this.ply] = out;
    }
    if (this.outcome()) {
      out.length = 0;
      return out;
    }
    this.nextSeenStamp();
    this.findCuts();
    this.filled = 0;
    const handCount = this.fillHand();
    if (handCount) {
      const cellCount = this.placementCells(this.side);
      const hand = this.hand;
      const cells = this.cells;
      for (let c = 0; c < cellCount; c++) {
        const t = cells[c]!;
        for (let i = 0; i < handCount; i++) out[this.filled++] = encodeMove(hand[i]!, t);
      }
    }
    this.movements(out);
    if (this.filled === 0) out[this.filled++] = PASS;
    out.length = this.filled;
    return out;
  }

  /**
   * The number of legal moves (a forced pass counts as one), without
   * listing the placements: perft's bulk count at the last ply.
   */
  countMoves(): number {
    if (this.outcome()) return 0;
    const kinds = bitCount(this.placeable());
    let n = kinds ? kinds * (this.ply < 2 ? this.placementCells(this.side) : this.placementSpaces(this.side)) : 0;
    // Only the movements read the generation's stamp (dedup, cut cells): a side that may only place skips it.
    if (this.mayMove()) {
      this.nextSeenStamp();
      // The scratch list is written from its start every time and never emptied: it keeps its room.
      this.filled = 0;
      this.keepFound = false;
      this.movements(this.scratch);
      this.keepFound = true;
      n += this.filled;
    }
    return n === 0 ? 1 : n;
  }

  /**
   * The slot bits of the tiles the side to move may place: the lowest-numbered
   * in hand of each kind, no Queen on the first turn under the tournament
   * opening, only the Queen on the fourth turn if it is still in hand.
   */
  private placeable(): number {
    const side = this.side;
    const hand = ~(this.onBoard >> (side * PIECES_PER_COLOR)) & this.inPlaySlots[side]!;
    // Tiles of one kind go down in number order: a tile waits while the one before it (same kind) is in hand.
    let slots = hand & ~((hand << 1) & this.samePrev[side]!);
    const turn = (this.ply >> 1) + 1;
    if (turn === 1) {
      if (this.rules.tournamentOpening) slots &= ~1;
    } else if (turn === 4 && slots & 1) slots = 1;
    return slots;
  }

  /** Fills `hand` with the tiles the side to move may place; returns how many. */
  private fillHand(): number {
    const base = this.side * PIECES_PER_COLOR;
    let slots = this.placeable();
    let n = 0;
    while (slots) {
      const slot = lowestBit(slots);
      slots &= slots - 1;
      this.hand[n++] = base + slot;
    }
    return n;
  }

  /**
   * How many spaces `color` may place on after the first two plies: row by
   * row, the empty cells next to its tops and next to none of the
   * opponent's, each row's spaces left in `spaceRow` (for the rows around its
   * tops; the others keep stale bits) for `placementCells` to list. A window
   * of three rows slides down the rows around its tops, so each row's words
   * are loaded and shifted once, not once for each of the three rows that
   * read them.
   */
  private placementSpaces(color: number): number {
    const tops = this.tops;
    const mine = color * 32;
    const theirs = 32 - mine;
    const ours = this.topRows[color]!;
    const spaceRow = this.spaceRow;
    // The rows around our tops: no other row has a space of ours.
    const near = ours | ((ours << 1) | (ours >>> 31)) | ((ours >>> 1) | (ours << 31));
    if (near === 0) return 0;
    // The walk runs over those rows from the first to the last, counted from row 16, the farthest from the
    // origin's row 0: the rows wrap, and a hive grown from the origin straddles row 0 but stays far from row 16.
    // A row between two of ours with none of ours around it counts no space, so passing one is only slower, and a
    // hive that did reach row 16 is still counted right (its walk goes round the far side).
    const walk = (near >>> 16) | (near << 16);
    const first = lowestBit(walk);
    let r = (first + 16) & 31;
    const end = (r + 32 - Math.clz32(walk) - first) & 31;
    // A cell's neighbours: columns q ± 1 of its row, q and q + 1 of the row above, q − 1 and q of the row below.
    // Row above (r − 1) as it touches row r: itself and shifted towards lower columns. `mine | row` indexes a
    // colour's row (mine is 0 or 32, a row below 32): an or needs no overflow check, a sum does.
    const m0 = tops[mine | ((r + 31) & 31)]!;
    const t0 = tops[theirs | ((r + 31) & 31)]!;
    let mUp = m0 | ((m0 >>> 1) | (m0 << 31));
    let tUp = t0 | ((t0 >>> 1) | (t0 << 31));
    let m = tops[mine | r]!;
    let t = tops[theirs | r]!;
    // Row r shifted towards higher columns: the row below's shift is the next row's own, so each is made once.
    let mLeft = (m << 1) | (m >>> 31);
    let tLeft = (t << 1) | (t >>> 31);
    let bytes = 0;
    // The walk stops at the row after the last (`end`); no row counter besides `r`, to leave registers free.
    do {
      const down = (r + 1) & 31;
      const mNext = tops[mine | down]!;
      const tNext = tops[theirs | down]!;
      const mRight = (m >>> 1) | (m << 31);
      const tRight = (t >>> 1) | (t << 31);
      const mNextLeft = (mNext << 1) | (mNext >>> 31);
      const tNextLeft = (tNext << 1) | (tNext >>> 31);
      // Our own tops need not be in our reach: they leave the row's spaces below as occupied cells.
      const touchMine = mLeft | mRight | mUp | mNext | mNextLeft;
      const touchTheirs = t | tLeft | tRight | tUp | tNext | tNextLeft;
      // No test for a row without spaces: its bit count is 0, and the branch would be mispredicted half the time.
      // Each row is counted only down to a count per byte (at most 8): the bytes of up to 31 rows add up without
      // carrying into each other, and one multiply sums them after the loop.
      const x = touchMine & ~(touchTheirs | m);
      spaceRow[r] = x;
      let v = x - ((x >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      bytes = (bytes + ((v + (v >>> 4)) & 0x0f0f0f0f)) | 0;
      // Row r, as it touches the row below it: itself and shifted towards lower columns.
      mUp = m | mRight;
      tUp = t | tRight;
      m = mNext;
      t = tNext;
      mLeft = mNextLeft;
      tLeft = tNextLeft;
      r = down;
    } while (r !== end);
    return Math.imul(bytes, 0x01010101) >>> 24;
  }

  /** Fills `cells` with the spaces where the side to move may place; returns how many. */
  private placementCells(color: number): number {
    const cells = this.cells;
    if (this.ply === 0) {
      cells[0] = ORIGIN;
      return 1;
    }
    if (this.ply === 1) {
      const first = this.pos[movePiece(this.history[0]!)]!;
      for (let d = 0; d < 6; d++) cells[d] = NEIGHBOR[first * 6 + d]!;
      return 6;
    }
    this.placementSpaces(color);
    // The spaces are listed by our tiles in order and, round each, by direction; a listed space leaves `spaceRow`.
    const spaceRow = this.spaceRow;
    const pos = this.pos;
    const top = this.top;
    const base = color * PIECES_PER_COLOR;
    let count = 0;
    for (let mine = (this.onBoard >> base) & SLOTS; mine; mine &= mine - 1) {
      const id = base + lowestBit(mine);
      const at = pos[id]!;
      if (top[at] !== id) continue;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOR[at * 6 + d]!;
        const row = n >> 5;
        const bit = 1 << (n & 31);
        const free = spaceRow[row]!;
        if ((free & bit) === 0) continue;
        spaceRow[row] = free & ~bit;
        cells[count++] = n;
      }
    }
    return count;
  }

  /** Leaf count at `depth`, bulk-counting the last ply. */
  perft(depth: number): number {
    if (depth === 0) return 1;
    if (depth === 1) return this.countMoves();
    // The list belongs to this ply; deeper plies use their own buffers.
    const moves = this.generateMoves();
    const n = moves.length;
    let total = 0;
    if (depth === 2) {
      // The last ply but one counts its children's moves itself: one call less for each of most of perft's positions.
      for (let i = 0; i < n; i++) {
        this.makeMove(moves[i]!);
        total += this.countMoves();
        this.unmakeMove();
      }
      return total;
    }
    for (let i = 0; i < n; i++) {
      this.makeMove(moves[i]!);
      total += this.perft(depth - 1);
      this.unmakeMove();
    }
    return total;
  }
}
