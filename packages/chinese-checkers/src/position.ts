import { hexDistance, hexRing, type Outcome, Rng, type Searchable, type Seat, type SeatResult } from '@qiyuan/core';
import type { ChineseCheckersOptions } from './options.js';
import { seatCorners } from './options.js';
import * as star from './star.js';
import { CAPTURE_START, homePoints, oppositeCorner, POINTS, type PointId } from './star.js';

// Module-local copies of the tables: the hot loops read plain bindings, not module re-exports.
const POINT_COUNT: number = star.POINT_COUNT;
const CORNER_COUNT: number = star.CORNER_COUNT;
const NEIGHBOURS: Int16Array = star.NEIGHBOURS;
const JUMP_OVER: Int16Array = star.JUMP_OVER;
const JUMP_LAND: Int16Array = star.JUMP_LAND;
const RAY_START: Int32Array = star.RAY_START;
const RAY_LENGTH: Int32Array = star.RAY_LENGTH;
const RAYS: Int16Array = star.RAYS;
/** Per point: bit d set when the neighbour in direction d is on the star / the jump in direction d lands on it. */
const STEP_BITS = new Uint8Array(POINT_COUNT);
const HOP_BITS = new Uint8Array(POINT_COUNT);
for (let p = 0; p < POINT_COUNT; p++) {
  for (let d = 0; d < 6; d++) {
    if (NEIGHBOURS[p * 6 + d]! >= 0) STEP_BITS[p]! |= 1 << d;
    if (JUMP_LAND[p * 6 + d]! >= 0) HOP_BITS[p]! |= 1 << d;
  }
}
/** The lowest set bit's index for 6-bit masks. */
const LOW_BIT = new Int8Array(64);
for (let m = 1; m < 64; m++) LOW_BIT[m] = 31 - Math.clz32(m & -m);

/**
 * The fast mutable position behind the game: a typed-array board, piece lists,
 * precomputed tables, breadth-first jump chains with a reused visit stamp,
 * incremental Zobrist hashing and an exact undo stack. Moves are packed
 * integers (`from | to << 8`); nothing here validates them (see `Game`).
 */

/** A move packed as `from | to << 8`; `PASS` when a player is walled in and must let the turn go. */
export type PackedMove = number;
export const PASS: PackedMove = 0xffff;
export const packMove = (from: PointId, to: PointId): PackedMove => from | (to << 8);
export const moveFrom = (m: PackedMove): PointId => m & 0xff;
export const moveTo = (m: PackedMove): PointId => m >>> 8;

/** How a seat left the game early. */
export const DROP_REASONS = ['resign', 'timeout'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/** `MIDPOINT[a * 121 + b]`: the point halfway between a and b on one line, or -1. */
const MIDPOINT = (() => {
  const t = new Int16Array(POINT_COUNT * POINT_COUNT).fill(-1);
  for (const a of POINTS) {
    for (const b of POINTS) {
      const dq = b.q - a.q;
      const dr = b.r - a.r;
      if ((dq === 0 && dr === 0) || dq % 2 !== 0 || dr % 2 !== 0) continue;
      if (!(dq === 0 || dr === 0 || dq === -dr)) continue;
      const mq = a.q + dq / 2;
      const mr = a.r + dr / 2;
      const m = POINTS.findIndex((p) => p.q === mq && p.r === mr);
      t[a.id * POINT_COUNT + b.id] = m;
    }
  }
  return t;
})();

/** The point jumped over by a single jump from `a` to `b`, or -1 when b is not a single jump away. */
export const midpoint = (a: PointId, b: PointId): PointId => MIDPOINT[a * POINT_COUNT + b]!;

const Z = (() => {
  const rng = Rng.fromSeed('qiyuan chinese-checkers zobrist');
  const n = CORNER_COUNT * POINT_COUNT + 2 * 6;
  const lo = new Uint32Array(n);
  const hi = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    lo[i] = rng.uint32();
    hi[i] = rng.uint32();
  }
  return { lo, hi };
})();
const Z_SIDE = CORNER_COUNT * POINT_COUNT;
const Z_DROP = Z_SIDE + 6;

const SLOTS = 16;
const ENTRY = 8;
const KIND_MOVE = 0;
const KIND_DROP = 1;

/** A custom layout for setups and tests: the colour (corner index 0..5) on each occupied point. */
export interface Layout {
  readonly cells: ReadonlyMap<PointId, number>;
  /** The seat to move. */
  readonly side: Seat;
  /** 食棋 only: pieces captured so far by each seat. */
  readonly captures?: readonly number[];
}

export class Position implements Searchable<PackedMove> {
  readonly options: ChineseCheckersOptions;
  readonly seatCount: number;
  /** The home corner (and colour) of each seat. */
  readonly seatCorner: readonly number[];
  /** 0 empty, otherwise colour + 1. */
  readonly board = new Uint8Array(POINT_COUNT);
  /** 0 while the seat plays on; otherwise its finishing place (1 is first). */
  readonly place: Uint8Array;
  /** 0, or 1 + the index in `DROP_REASONS` for a seat that left early. */
  readonly dropped: Uint8Array;
  /** 食棋: pieces each seat has captured. */
  readonly captures: Int32Array;

  private side = 0;
  private over = false;
  private endReason = '';
  private nextTop = 1;
  private nextBottom: number;
  private piecesLeft = 0;
  private lo = 0;
  private hi = 0;

  private readonly capture: boolean;
  private readonly long: boolean;
  private readonly ownRule: boolean;
  private readonly blockerRule: boolean;
  /** Moves each seat has made from the start (passes not counted): when its home pieces may be blamed. */
  private readonly movesMade: Int32Array;
  /** Per seat, the points of its goal. */
  private readonly goalPoints: (readonly PointId[])[] = [];
  /** Per point: bit s set when the point belongs to seat s's home. */
  private readonly homeMask = new Uint8Array(POINT_COUNT);
  private readonly seatOfColour = new Int8Array(CORNER_COUNT).fill(-1);
  private readonly pieceList: Uint8Array;
  private readonly pieceCount: Uint8Array;
  private readonly slot = new Int8Array(POINT_COUNT).fill(-1);
  /** Per seat and point: 1 when a move may not end there (corner rule). */
  private readonly stopBarred: Uint8Array;
  /** Per seat and point: 1 when a jump chain may not even land there on its way. */
  private readonly landBarred: Uint8Array;
  private readonly goalMask = new Uint8Array(POINT_COUNT);
  private readonly goalSize: number;
  private readonly goalOccupied: Int32Array;
  private readonly goalOwn: Int32Array;

  /** Per point: bit d set when the neighbour in direction d holds a piece (kept incrementally). */
  private readonly near = new Uint8Array(POINT_COUNT);
  private readonly visited = new Uint32Array(POINT_COUNT);
  private stamp = 0;
  private readonly queue = new Int16Array(POINT_COUNT);
  private readonly parent = new Int16Array(POINT_COUNT);
  private history = new Int32Array(ENTRY * 256);
  private top = 0;
  private readonly moveList: PackedMove[] = [];
  private readonly scratch = new Int32Array(1024);

  constructor(options: ChineseCheckersOptions, layout?: Layout) {
    this.options = options;
    this.seatCount = options.players;
    this.seatCorner = seatCorners(options.players);
    this.capture = options.variant === 'capture';
    this.long = options.jump === 'long';
    this.ownRule = options.win === 'own';
    this.blockerRule = options.win === 'blocker';
    const n = this.seatCount;
    this.movesMade = new Int32Array(n);
    this.place = new Uint8Array(n);
    this.dropped = new Uint8Array(n);
    this.captures = new Int32Array(n);
    this.nextBottom = n;
    this.pieceList = new Uint8Array(n * SLOTS);
    this.pieceCount = new Uint8Array(n);
    this.stopBarred = new Uint8Array(n * POINT_COUNT);
    this.landBarred = new Uint8Array(n * POINT_COUNT);
    this.goalOccupied = new Int32Array(n);
    this.goalOwn = new Int32Array(n);
    this.goalSize = options.pieces;
    if (this.capture && options.corners === 'closed') {
      // 食棋 on the hexagon alone: pieces are neutral, so the first seat's row serves everyone
      for (const p of POINTS) if (p.corner >= 0) this.landBarred[p.id] = 1;
    }
    for (let s = 0; s < n; s++) {
      const home = this.seatCorner[s]!;
      const goal = oppositeCorner(home);
      this.seatOfColour[home] = s;
      if (!this.capture) {
        const goalPoints = homePoints(goal, options.pieces);
        this.goalPoints.push(goalPoints);
        for (const p of goalPoints) this.goalMask[p]! |= 1 << s;
        for (const p of homePoints(home, options.pieces)) this.homeMask[p]! |= 1 << s;
        if (options.corners !== 'open') {
          for (const p of POINTS) {
            if (p.corner >= 0 && p.corner !== home && p.corner !== goal) {
              this.stopBarred[s * POINT_COUNT + p.id] = 1;
              if (options.corners === 'closed') this.landBarred[s * POINT_COUNT + p.id] = 1;
            }
          }
        }
      }
    }
    if (layout) {
      for (const [p, colour] of layout.cells) this.board[p] = colour + 1;
      this.side = layout.side;
      if (layout.captures) this.captures.set(layout.captures.slice(0, this.seatCount));
    } else if (this.capture) {
      CAPTURE_START.forEach((p) => {
        // ring by ring the hexagon splits into six wedges of 10; each wedge takes the colour of its corner
        this.board[p] = wedgeOf(p) + 1;
      });
    } else {
      for (let s = 0; s < n; s++) {
        for (const p of homePoints(this.seatCorner[s]!, options.pieces)) this.board[p] = this.seatCorner[s]! + 1;
      }
    }
    for (let p = 0; p < POINT_COUNT; p++) {
      const c = this.board[p]!;
      if (c === 0) continue;
      this.toggleNear(p);
      this.piecesLeft++;
      this.lo ^= Z.lo[(c - 1) * POINT_COUNT + p]!;
      this.hi ^= Z.hi[(c - 1) * POINT_COUNT + p]!;
      if (this.capture) continue;
      const s = this.seatOfColour[c - 1]!;
      const k = this.pieceCount[s]!;
      this.pieceList[s * SLOTS + k] = p;
      this.slot[p] = k;
      this.pieceCount[s] = k + 1;
      this.countGoal(p, s, 1);
    }
    this.lo ^= Z.lo[Z_SIDE + this.side]!;
    this.hi ^= Z.hi[Z_SIDE + this.side]!;
    if (this.capture && this.piecesLeft <= 1) this.finish('one-piece-left');
  }

  /** Checks a layout against the options: colours seated, at most 15 pieces each, 食棋 not over already. */
  static validateLayout(options: ChineseCheckersOptions, layout: Layout): string | undefined {
    const corners = seatCorners(options.players);
    const counts = new Array<number>(CORNER_COUNT).fill(0);
    for (const [p, colour] of layout.cells) {
      if (!Number.isInteger(p) || p < 0 || p >= POINT_COUNT) return `point ${p} is not on the star`;
      if (!Number.isInteger(colour) || colour < 0 || colour >= CORNER_COUNT) return `colour ${colour} does not exist`;
      if (options.variant === 'race' && !corners.includes(colour)) return `no seat plays colour ${colour}`;
      counts[colour]!++;
    }
    if (options.variant === 'race' && counts.some((c) => c > 15)) return 'a colour has more than 15 pieces';
    if (!Number.isInteger(layout.side) || layout.side < 0 || layout.side >= options.players) {
      return `seat ${layout.side} does not exist`;
    }
    return undefined;
  }

  /** A piece appears on or leaves `p`: flip p's bit in each neighbour's occupancy mask. */
  private toggleNear(p: PointId): void {
    const near = this.near;
    const p6 = p * 6;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[p6 + d]!;
      if (n >= 0) near[n]! ^= 1 << (d < 3 ? d + 3 : d - 3);
    }
  }

  private countGoal(p: PointId, mover: number, delta: number): void {
    let m = this.goalMask[p]!;
    while (m !== 0) {
      const t = 31 - Math.clz32(m);
      m &= ~(1 << t);
      this.goalOccupied[t]! += delta;
      if (t === mover) this.goalOwn[t]! += delta;
    }
  }

  private arrived(s: number): boolean {
    if (this.ownRule) return this.goalOwn[s] === this.goalSize;
    if (this.goalOccupied[s] !== this.goalSize || this.goalOwn[s] === 0) return false;
    return !this.blockerRule || this.blockersBlamed(s);
  }

  /**
   * The `blocker` rule: another seat's piece standing in its own home fills
   * `s`'s goal only once that seat has made as many moves as it has pieces,
   * enough to have taken every piece out of its home; until then nobody can
   * say it stays there on purpose. A piece parked in the goal from elsewhere
   * was moved there by choice and counts at once.
   */
  private blockersBlamed(s: number): boolean {
    for (const p of this.goalPoints[s]!) {
      const owner = this.seatOfColour[this.board[p]! - 1]!;
      if (owner === s || (this.homeMask[p]! & (1 << owner)) === 0) continue;
      if (this.movesMade[owner]! < this.goalSize) return false;
    }
    return true;
  }

  private finish(reason: string): void {
    this.over = true;
    this.endReason = reason;
  }

  sideToMove(): Seat {
    return this.over ? -1 : this.side;
  }

  /** The seat whose turn it is, even when the game is over (the seat that would have moved). */
  get turnSeat(): Seat {
    return this.side;
  }

  get isOver(): boolean {
    return this.over;
  }

  get reason(): string {
    return this.endReason;
  }

  get pieceTotal(): number {
    return this.piecesLeft;
  }

  /** Whether `s` still takes turns. */
  isActive(s: Seat): boolean {
    return this.place[s] === 0 && this.dropped[s] === 0;
  }

  hashLo(): number {
    return this.lo >>> 0;
  }

  hashHi(): number {
    return this.hi >>> 0;
  }

  /** The colour (0..5) on `p`, or -1 when empty. */
  colourAt(p: PointId): number {
    return this.board[p]! - 1;
  }

  /** The seat playing the colour (corner) `colour`, or -1. */
  seatOf(colour: number): Seat {
    return this.seatOfColour[colour]!;
  }

  generateMoves(): readonly PackedMove[] {
    const list = this.moveList;
    list.length = 0;
    if (this.over) return list;
    const n = this.generateInto(this.scratch);
    for (let i = 0; i < n; i++) list.push(this.scratch[i]!);
    return list;
  }

  /** Writes the moves of the side to move into `out` and returns how many; trusted, no allocation. */
  generateInto(out: Int32Array): number {
    if (this.over) return 0;
    const n = this.capture ? this.generateCapture(out) : this.generateRace(out, this.side);
    if (n === 0) {
      out[0] = PASS;
      return 1;
    }
    return n;
  }

  private generateRace(out: Int32Array, s: number): number {
    return this.long ? this.generateLong(out, s) : this.generateAdjacent(out, s);
  }

  /** Long jumps: along each of the six rays, the first piece and the mirror point beyond it. */
  private generateLong(out: Int32Array, s: number): number {
    const board = this.board;
    const near = this.near;
    const visited = this.visited;
    const queue = this.queue;
    const barOff = s * POINT_COUNT;
    const stopBarred = this.stopBarred;
    const landBarred = this.landBarred;
    const list = this.pieceList;
    const base = s * SLOTS;
    const count = this.pieceCount[s]!;
    if (this.stamp > 0xfffff000) {
      this.visited.fill(0);
      this.stamp = 0;
    }
    let stamp = this.stamp;
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
    this.stamp = stamp;
    return n;
  }

  /**
   * Adjacent jumps, driven by the neighbour-occupancy masks: only directions
   * with a piece next door are tried. The moving piece need not be lifted: a
   * chain lands only on points an even number of steps away along the
   * lattice, never next to its start, so it can never jump over it.
   */
  private generateAdjacent(out: Int32Array, s: number): number {
    const board = this.board;
    const near = this.near;
    const visited = this.visited;
    const queue = this.queue;
    const barOff = s * POINT_COUNT;
    const stopBarred = this.stopBarred;
    const landBarred = this.landBarred;
    const list = this.pieceList;
    const base = s * SLOTS;
    const count = this.pieceCount[s]!;
    const open = this.options.corners === 'open';
    if (this.stamp > 0xfffff000) {
      this.visited.fill(0);
      this.stamp = 0;
    }
    let stamp = this.stamp;
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
    this.stamp = stamp;
    return n;
  }

  /** 食棋: every single jump (a capture) of any piece; only when there is none, every step. */
  private generateCapture(out: Int32Array): number {
    const board = this.board;
    const barred = this.landBarred;
    let n = 0;
    for (let from = 0; from < POINT_COUNT; from++) {
      if (board[from] === 0) continue;
      const f6 = from * 6;
      for (let d = 0; d < 6; d++) {
        if (this.long) {
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
          if (l >= 0 && board[l] === 0 && board[JUMP_OVER[f6 + d]!] !== 0 && barred[l] === 0)
            out[n++] = from | (l << 8);
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

  /**
   * For the board UI: the legal destinations of the piece on `from` for the
   * side to move, each with one path (the shortest jump chain, or the step).
   */
  destinations(from: PointId): { to: PointId; path: PointId[] }[] {
    if (this.over || from < 0 || from >= POINT_COUNT || this.board[from] === 0) return [];
    const moves = this.generateMoves().filter((m) => m !== PASS && moveFrom(m) === from);
    return moves.map((m) => ({ to: moveTo(m), path: this.pathOf(from, moveTo(m)) }));
  }

  /** One path for a legal move from → to: [from, to] for a step or a 食棋 capture, every landing point of a jump chain. */
  pathOf(from: PointId, to: PointId): PointId[] {
    if (this.capture || isNeighbour(from, to)) return [from, to];
    const board = this.board;
    const barOff = this.side * POINT_COUNT;
    const colour = board[from]!;
    board[from] = 0;
    const stamp = ++this.stamp;
    this.visited[from] = stamp;
    this.parent[from] = -1;
    this.queue[0] = from;
    let head = 0;
    let tail = 1;
    while (head < tail && this.visited[to] !== stamp) {
      const c = this.queue[head++]!;
      for (const l of this.singleJumps(c)) {
        if (this.visited[l] === stamp || this.landBarred[barOff + l] !== 0) continue;
        this.visited[l] = stamp;
        this.parent[l] = c;
        this.queue[tail++] = l;
      }
    }
    board[from] = colour;
    if (this.visited[to] !== stamp) return [from, to];
    const path: PointId[] = [];
    for (let p = to; p !== -1; p = this.parent[p]!) path.push(p);
    return path.reverse();
  }

  /** The landing points of one jump from `c` on the current board (slow path, for paths and checks). */
  singleJumps(c: PointId): PointId[] {
    const out: PointId[] = [];
    const board = this.board;
    for (let d = 0; d < 6; d++) {
      const start = RAY_START[c * 6 + d]!;
      const len = RAY_LENGTH[c * 6 + d]!;
      let i = 0;
      while (i < len && board[RAYS[start + i]!] === 0) i++;
      if (i >= len || (!this.long && i > 0)) continue;
      const landIndex = 2 * i + 1;
      if (landIndex >= len) continue;
      let clear = true;
      for (let j = i + 1; j <= landIndex; j++) if (board[RAYS[start + j]!] !== 0) clear = false;
      if (clear) out.push(RAYS[start + landIndex]!);
    }
    return out;
  }

  private push(kind: number, a: number, b: number, c: number, d: number, e: number): void {
    if (this.top + ENTRY > this.history.length) {
      const grown = new Int32Array(this.history.length * 2);
      grown.set(this.history);
      this.history = grown;
    }
    const h = this.history;
    const t = this.top;
    h[t] = kind;
    h[t + 1] = a;
    h[t + 2] = b;
    h[t + 3] = c;
    h[t + 4] = d;
    h[t + 5] = e;
    h[t + 6] = this.side;
    h[t + 7] = this.nextTop;
    this.top = t + ENTRY;
  }

  /** Entries on the undo stack (moves and drop-outs). */
  get depth(): number {
    return this.top / ENTRY;
  }

  private setSide(s: number): void {
    this.lo ^= Z.lo[Z_SIDE + this.side]! ^ Z.lo[Z_SIDE + s]!;
    this.hi ^= Z.hi[Z_SIDE + this.side]! ^ Z.hi[Z_SIDE + s]!;
    this.side = s;
  }

  private nextActive(from: number): number {
    for (let i = 1; i <= this.seatCount; i++) {
      const s = (from + i) % this.seatCount;
      if (this.place[s] === 0 && this.dropped[s] === 0) return s;
    }
    return from;
  }

  /** Ends the game when at most one seat plays on; the last one takes the next place. Returns seats placed. */
  private closeIfLast(): number {
    let active = 0;
    let last = -1;
    for (let s = 0; s < this.seatCount; s++) {
      if (this.place[s] === 0 && this.dropped[s] === 0) {
        active++;
        last = s;
      }
    }
    if (active > 1) return 0;
    if (last >= 0 && !this.capture) {
      this.place[last] = this.nextTop++;
      return 1 << last;
    }
    return 0;
  }

  makeMove(move: PackedMove): void {
    const mover = this.side;
    // The undo record must keep the next free place from before this move's placings, not after.
    const topBefore = this.nextTop;
    let captured = -1;
    let capturedColour = 0;
    let placed = 0;
    let reason = '';
    if (move !== PASS) {
      const from = move & 0xff;
      const to = move >>> 8;
      const board = this.board;
      const c = board[from]!;
      board[from] = 0;
      board[to] = c;
      this.toggleNear(from);
      this.toggleNear(to);
      const z = (c - 1) * POINT_COUNT;
      this.lo ^= Z.lo[z + from]! ^ Z.lo[z + to]!;
      this.hi ^= Z.hi[z + from]! ^ Z.hi[z + to]!;
      if (this.capture) {
        const m = MIDPOINT[from * POINT_COUNT + to]!;
        if (m >= 0) {
          captured = m;
          capturedColour = board[m]!;
          board[m] = 0;
          this.toggleNear(m);
          const zc = (capturedColour - 1) * POINT_COUNT + m;
          this.lo ^= Z.lo[zc]!;
          this.hi ^= Z.hi[zc]!;
          this.captures[mover]!++;
          this.piecesLeft--;
          if (this.piecesLeft <= 1) reason = 'one-piece-left';
        }
      } else {
        const owner = this.seatOfColour[c - 1]!;
        const k = this.slot[from]!;
        this.pieceList[owner * SLOTS + k] = to;
        this.slot[to] = k;
        this.slot[from] = -1;
        this.countGoal(from, owner, -1);
        this.countGoal(to, owner, 1);
        this.movesMade[mover]!++;
        let m = this.goalMask[to]!;
        // the move that lets the mover's home pieces be blamed may complete any goal they stand in
        if (this.blockerRule && this.movesMade[mover] === this.goalSize) m = (1 << this.seatCount) - 1;
        while (m !== 0) {
          const t = 31 - Math.clz32(m);
          m &= ~(1 << t);
          if (this.place[t] === 0 && this.dropped[t] === 0 && this.arrived(t)) placed |= 1 << t;
        }
        if (placed !== 0) {
          const at = this.nextTop;
          let count = 0;
          for (let t = 0; t < this.seatCount; t++) {
            if (placed & (1 << t)) {
              this.place[t] = at;
              count++;
            }
          }
          this.nextTop += count;
        }
      }
    }
    this.push(KIND_MOVE, move, captured, capturedColour, placed, 0);
    this.history[this.top - ENTRY + 7] = topBefore;
    if (placed !== 0) {
      const last = this.closeIfLast();
      this.history[this.top - ENTRY + 4] = placed | last;
      if (last !== 0 || this.activeCount() === 0) reason = 'goal-filled';
    }
    if (reason !== '') this.finish(reason);
    else this.setSide(this.nextActive(mover));
  }

  private activeCount(): number {
    let n = 0;
    for (let s = 0; s < this.seatCount; s++) if (this.place[s] === 0 && this.dropped[s] === 0) n++;
    return n;
  }

  unmakeMove(): void {
    if (this.top === 0) return;
    const t = this.top - ENTRY;
    const h = this.history;
    const kind = h[t]!;
    const placed = h[t + 4]!;
    const sideBefore = h[t + 6]!;
    this.top = t;
    this.over = false;
    this.endReason = '';
    this.setSide(sideBefore);
    this.nextTop = h[t + 7]!;
    for (let s = 0; s < this.seatCount; s++) if (placed & (1 << s)) this.place[s] = 0;
    if (kind === KIND_DROP) {
      const seat = h[t + 1]!;
      this.dropped[seat] = 0;
      this.nextBottom++;
      this.place[seat] = 0;
      this.lo ^= Z.lo[Z_DROP + seat]!;
      this.hi ^= Z.hi[Z_DROP + seat]!;
      if (h[t + 2] === 1) this.placePieces(seat, 1);
      return;
    }
    const move = h[t + 1]!;
    if (move === PASS) return;
    const from = move & 0xff;
    const to = move >>> 8;
    const board = this.board;
    const c = board[to]!;
    board[to] = 0;
    board[from] = c;
    this.toggleNear(from);
    this.toggleNear(to);
    const z = (c - 1) * POINT_COUNT;
    this.lo ^= Z.lo[z + from]! ^ Z.lo[z + to]!;
    this.hi ^= Z.hi[z + from]! ^ Z.hi[z + to]!;
    if (this.capture) {
      const m = h[t + 2]!;
      if (m >= 0) {
        const cc = h[t + 3]!;
        board[m] = cc;
        this.toggleNear(m);
        const zc = (cc - 1) * POINT_COUNT + m;
        this.lo ^= Z.lo[zc]!;
        this.hi ^= Z.hi[zc]!;
        this.captures[sideBefore]!--;
        this.piecesLeft++;
      }
    } else {
      const owner = this.seatOfColour[c - 1]!;
      this.movesMade[sideBefore]!--;
      const k = this.slot[to]!;
      this.pieceList[owner * SLOTS + k] = from;
      this.slot[from] = k;
      this.slot[to] = -1;
      this.countGoal(to, owner, -1);
      this.countGoal(from, owner, 1);
    }
  }

  /** Takes `seat`'s pieces off the board (delta -1) or puts them back (delta 1). */
  private placePieces(seat: number, delta: number): void {
    const colour = this.seatCorner[seat]! + 1;
    const z = (colour - 1) * POINT_COUNT;
    for (let k = 0; k < this.pieceCount[seat]!; k++) {
      const p = this.pieceList[seat * SLOTS + k]!;
      this.board[p] = delta > 0 ? colour : 0;
      this.toggleNear(p);
      this.piecesLeft += delta;
      this.lo ^= Z.lo[z + p]!;
      this.hi ^= Z.hi[z + p]!;
      this.countGoal(p, seat, delta);
    }
  }

  /**
   * A seat resigns or runs out of time. With two seats the other wins; with
   * more, the seat takes the last free place, its pieces leave the board (the
   * race) or stay as neutral pieces (食棋), and the others play on. When the
   * drop ends the game, the pieces stay: the final board shows where they were.
   */
  dropOut(seat: Seat, why: DropReason): void {
    this.dropped[seat] = 1 + DROP_REASONS.indexOf(why);
    const lift = !this.capture && this.activeCount() > 1;
    this.push(KIND_DROP, seat, lift ? 1 : 0, 0, 0, 0);
    this.place[seat] = this.nextBottom--;
    this.lo ^= Z.lo[Z_DROP + seat]!;
    this.hi ^= Z.hi[Z_DROP + seat]!;
    if (lift) this.placePieces(seat, -1);
    const last = this.closeIfLast();
    this.history[this.top - ENTRY + 4] = last;
    if (this.activeCount() <= 1) this.finish(why === 'resign' ? 'resignation' : 'timeout');
    else if (this.side === seat) this.setSide(this.nextActive(seat));
  }

  /** The kind of the last undo-stack entry: 'move', 'drop' or undefined. */
  lastEntryKind(): 'move' | 'drop' | undefined {
    if (this.top === 0) return undefined;
    return this.history[this.top - ENTRY] === KIND_DROP ? 'drop' : 'move';
  }

  /**
   * The ranking at this moment: places already earned; seats still playing
   * (at a draw, a cap or repetition) share the next place. 食棋 ranks the
   * seats still in by captures, most first, ties sharing a place.
   */
  ranking(): number[] {
    const n = this.seatCount;
    const rank = new Array<number>(n).fill(0);
    if (this.capture) {
      const inPlay = [...Array(n).keys()].filter((s) => this.dropped[s] === 0);
      for (const s of inPlay) rank[s] = 1 + inPlay.filter((t) => this.captures[t]! > this.captures[s]!).length;
      for (let s = 0; s < n; s++) if (this.dropped[s] !== 0) rank[s] = this.place[s]!;
      return rank;
    }
    for (let s = 0; s < n; s++) rank[s] = this.place[s] === 0 ? this.nextTop : this.place[s]!;
    return rank;
  }

  /** The outcome when the rules have ended the game (goal filled, one piece left, everyone else gone). */
  outcome(): Outcome | undefined {
    if (!this.over) return undefined;
    return outcomeFrom(this.endReason, this.ranking());
  }

  /** Zobrist hash of the position as a 16-hex-digit string (for repetition counts). */
  key(): string {
    return (this.hashHi() * 4294967296 + this.hashLo()).toString(16).padStart(16, '0');
  }

  /** Copies the current board and side into a layout. */
  layout(): Layout {
    const cells = new Map<PointId, number>();
    for (let p = 0; p < POINT_COUNT; p++) if (this.board[p] !== 0) cells.set(p, this.board[p]! - 1);
    return { cells, side: this.side, captures: [...this.captures] };
  }
}

/** Whether a and b are neighbours. */
export const isNeighbour = (a: PointId, b: PointId): boolean => {
  for (let d = 0; d < 6; d++) if (NEIGHBOURS[a * 6 + d] === b) return true;
  return false;
};

/** Results from a ranking: a lone first place wins, a shared first place draws, the rest lose. */
export const outcomeFrom = (reason: string, ranking: readonly number[]): Outcome => {
  const firsts = ranking.filter((r) => r === 1).length;
  const results: SeatResult[] = ranking.map((r) => (r === 1 ? (firsts === 1 ? 'win' : 'draw') : 'loss'));
  return { reason, results, ranking };
};

/**
 * 食棋 colours: ring k of the hexagon has six sides of k points; side j of
 * every ring faces the same corner, so each corner's colour fills a wedge of
 * 1 + 2 + 3 + 4 = 10 points.
 */
const WEDGE = (() => {
  const t = new Int8Array(POINT_COUNT).fill(-1);
  const sideCorner = [0, 1, 2, 3, 4, 5].map((j) => {
    const mid = hexRing({ q: 0, r: 0 }, 4)[j * 4 + 2]!;
    return POINTS.find((p) => p.corner >= 0 && hexDistance(p, mid) === 1)!.corner;
  });
  for (let k = 1; k <= 4; k++) {
    hexRing({ q: 0, r: 0 }, k).forEach((h, i) => {
      t[POINTS.findIndex((p) => p.q === h.q && p.r === h.r)] = sideCorner[Math.floor(i / k)]!;
    });
  }
  return t;
})();
const wedgeOf = (p: PointId): number => WEDGE[p]!;
