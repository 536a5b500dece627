import type { Layout } from './layout.js';
import type { ChineseCheckersOptions } from './options.js';
import { seatCorners } from './options.js';
import * as star from './star.js';
import { CAPTURE_START, homePoints, oppositeCorner, POINTS, type PointId } from './star.js';
import { wedgeOf } from './tables.js';
import { Z_HI, Z_LO, Z_SIDE } from './zobrist.js';

// Module-local copies of the tables: the hot loops read plain bindings, not module re-exports.
const POINT_COUNT: number = star.POINT_COUNT;
const NEIGHBOURS: Int16Array = star.NEIGHBOURS;

/** Piece-list slots per seat (15 pieces at most). */
export const SLOTS = 16;
/** Int32 words per undo-stack entry. */
export const ENTRY = 8;

/**
 * Everything a position is, as plain data for the move generator and
 * make/unmake: the typed-array board, piece lists, the goal counts, the
 * corner-rule bars, the hash, the undo stack and the search scratch. Fields
 * only; the rules live in move-generation.ts and make-unmake.ts.
 */
export class BoardState {
  readonly seatCount: number;
  /** The home corner (and colour) of each seat. */
  readonly seatCorner: readonly number[];
  readonly capture: boolean;
  readonly long: boolean;
  readonly open: boolean;
  readonly ownRule: boolean;
  readonly blockerRule: boolean;
  /** 0 empty, otherwise colour + 1. */
  readonly board = new Uint8Array(POINT_COUNT);
  /** 0 while the seat plays on; otherwise its finishing place (1 is first). */
  readonly place: Uint8Array;
  /** 0, or 1 + the index in `DROP_REASONS` for a seat that left early. */
  readonly dropped: Uint8Array;
  /** 食棋: pieces each seat has captured. */
  readonly captures: Int32Array;

  side = 0;
  over = false;
  endReason = '';
  nextTop = 1;
  nextBottom: number;
  piecesLeft = 0;
  lo = 0;
  hi = 0;

  /** Moves each seat has made from the start (passes not counted): when its home pieces may be blamed. */
  readonly movesMade: Int32Array;
  /** Per seat and piece slot: moves that piece has made (0: it still stands where the game or diagram put it). */
  readonly pieceMoves: Int32Array;
  /** Per seat, the points of its goal. */
  readonly goalPoints: (readonly PointId[])[] = [];
  /** Per point: bit s set when the point belongs to seat s's home. */
  readonly homeMask = new Uint8Array(POINT_COUNT);
  readonly seatOfColour = new Int8Array(star.CORNER_COUNT).fill(-1);
  readonly pieceList: Uint8Array;
  readonly pieceCount: Uint8Array;
  readonly slot = new Int8Array(POINT_COUNT).fill(-1);
  /** Per seat and point: 1 when a move may not end there (corner rule). */
  readonly stopBarred: Uint8Array;
  /** Per seat and point: 1 when a jump chain may not even land there on its way. */
  readonly landBarred: Uint8Array;
  /** Per point: bit s set when the point belongs to seat s's goal. */
  readonly goalMask = new Uint8Array(POINT_COUNT);
  readonly goalSize: number;
  readonly goalOccupied: Int32Array;
  readonly goalOwn: Int32Array;

  /** Per point: bit d set when the neighbour in direction d holds a piece (kept incrementally). */
  readonly near = new Uint8Array(POINT_COUNT);
  /** Breadth-first search over jump chains: a visit stamp per point instead of clearing a set. */
  readonly visited = new Uint32Array(POINT_COUNT);
  stamp = 0;
  readonly queue = new Int16Array(POINT_COUNT);
  readonly parent = new Int16Array(POINT_COUNT);
  history = new Int32Array(ENTRY * 256);
  top = 0;

  constructor(options: ChineseCheckersOptions, layout?: Layout) {
    const n = options.players;
    this.seatCount = n;
    this.seatCorner = seatCorners(n);
    this.capture = options.variant === 'capture';
    this.long = options.jump === 'long';
    this.open = options.corners === 'open';
    this.ownRule = options.win === 'own';
    this.blockerRule = options.win === 'blocker';
    this.movesMade = new Int32Array(n);
    this.place = new Uint8Array(n);
    this.dropped = new Uint8Array(n);
    this.captures = new Int32Array(n);
    this.nextBottom = n;
    this.pieceList = new Uint8Array(n * SLOTS);
    this.pieceMoves = new Int32Array(n * SLOTS);
    this.pieceCount = new Uint8Array(n);
    this.stopBarred = new Uint8Array(n * POINT_COUNT);
    this.landBarred = new Uint8Array(n * POINT_COUNT);
    this.goalOccupied = new Int32Array(n);
    this.goalOwn = new Int32Array(n);
    this.goalSize = options.pieces;
    this.markCorners(options);
    this.setOut(options, layout);
  }

  /** The goals, homes and corner-rule bars of each seat. */
  private markCorners(options: ChineseCheckersOptions): void {
    if (this.capture && options.corners === 'closed') {
      // 食棋 on the hexagon alone: pieces are neutral, so the first seat's row serves everyone
      for (const p of POINTS) if (p.corner >= 0) this.landBarred[p.id] = 1;
    }
    for (let s = 0; s < this.seatCount; s++) {
      const home = this.seatCorner[s]!;
      const goal = oppositeCorner(home);
      this.seatOfColour[home] = s;
      if (this.capture) continue;
      const goalPoints = homePoints(goal, options.pieces);
      this.goalPoints.push(goalPoints);
      for (const p of goalPoints) this.goalMask[p]! |= 1 << s;
      for (const p of homePoints(home, options.pieces)) this.homeMask[p]! |= 1 << s;
      if (options.corners === 'open') continue;
      for (const p of POINTS) {
        if (p.corner >= 0 && p.corner !== home && p.corner !== goal) {
          this.stopBarred[s * POINT_COUNT + p.id] = 1;
          if (options.corners === 'closed') this.landBarred[s * POINT_COUNT + p.id] = 1;
        }
      }
    }
  }

  /** Puts the pieces on (the layout, or the start) and builds the piece lists, counts and hash from them. */
  private setOut(options: ChineseCheckersOptions, layout?: Layout): void {
    if (layout) {
      for (const [p, colour] of layout.cells) this.board[p] = colour + 1;
      this.side = layout.side;
      if (layout.captures) this.captures.set(layout.captures.slice(0, this.seatCount));
    } else if (this.capture) {
      // ring by ring the hexagon splits into six wedges of 10; each wedge takes the colour of its corner
      for (const p of CAPTURE_START) this.board[p] = wedgeOf(p) + 1;
    } else {
      for (let s = 0; s < this.seatCount; s++) {
        for (const p of homePoints(this.seatCorner[s]!, options.pieces)) this.board[p] = this.seatCorner[s]! + 1;
      }
    }
    for (let p = 0; p < POINT_COUNT; p++) {
      const c = this.board[p]!;
      if (c === 0) continue;
      toggleNear(this, p);
      this.piecesLeft++;
      this.lo ^= Z_LO[(c - 1) * POINT_COUNT + p]!;
      this.hi ^= Z_HI[(c - 1) * POINT_COUNT + p]!;
      if (this.capture) continue;
      const s = this.seatOfColour[c - 1]!;
      const k = this.pieceCount[s]!;
      this.pieceList[s * SLOTS + k] = p;
      this.slot[p] = k;
      this.pieceCount[s] = k + 1;
      countGoal(this, p, s, 1);
    }
    this.lo ^= Z_LO[Z_SIDE + this.side]!;
    this.hi ^= Z_HI[Z_SIDE + this.side]!;
    if (this.capture && this.piecesLeft <= 1) {
      this.over = true;
      this.endReason = 'one-piece-left';
    }
  }
}

/** A piece appears on or leaves `p`: flip p's bit in each neighbour's occupancy mask. */
export function toggleNear(st: BoardState, p: PointId): void {
  const near = st.near;
  const p6 = p * 6;
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOURS[p6 + d]!;
    if (n >= 0) near[n]! ^= 1 << (d < 3 ? d + 3 : d - 3);
  }
}

/** A piece of `owner` arrives on (delta 1) or leaves (delta -1) `p`: the goal counts it touches. */
export function countGoal(st: BoardState, p: PointId, owner: number, delta: number): void {
  let m = st.goalMask[p]!;
  while (m !== 0) {
    const t = 31 - Math.clz32(m);
    m &= ~(1 << t);
    st.goalOccupied[t]! += delta;
    if (t === owner) st.goalOwn[t]! += delta;
  }
}
