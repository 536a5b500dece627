import { HEX_DIRECTIONS, type Outcome, Rng, type Searchable, type Seat } from '@qiyuan/core';
import type { Expansions } from './gametype.js';
import { BUG_INDEX, type Flips, PIECE_COUNT, PIECES_PER_COLOR, Roster } from './pieces.js';

/**
 * The board is a 32×32 grid of axial cells that wraps around, as Mzinga and
 * nokamute do: a hive of 28 tiles can never touch itself across the seam.
 */
export const GRID = 32;
export const CELLS = GRID * GRID;
export const cellOf = (q: number, r: number): number => (q & (GRID - 1)) | ((r & (GRID - 1)) << 5);
/** Axial coordinates of a cell, centred on the origin (−16…15). */
export const cellQ = (cell: number): number => (((cell & 31) + 16) & 31) - 16;
export const cellR = (cell: number): number => ((((cell >> 5) & 31) + 16) & 31) - 16;
export const ORIGIN = cellOf(0, 0);

/** `NEIGHBOR[cell * 6 + d]`, directions as in core's `HEX_DIRECTIONS` (E, NE, NW, W, SW, SE). */
export const NEIGHBOR = new Uint16Array(CELLS * 6);
for (let c = 0; c < CELLS; c++) {
  for (let d = 0; d < 6; d++) {
    const dir = HEX_DIRECTIONS[d]!;
    NEIGHBOR[c * 6 + d] = cellOf((c & 31) + dir.q, (c >> 5) + dir.r);
  }
}

/** Ints per move in a position's history. */
const HISTORY = 4;

/** The 14 slot bits of one colour. */
const SLOTS = (1 << PIECES_PER_COLOR) - 1;

/**
 * `SLIDES[occupied]`: with bit d of `occupied` set when the neighbour in
 * direction d is occupied, the directions a tile on the ground may slide to —
 * an empty neighbour through a gap with exactly one of the two cells beside
 * the step occupied (both: the gate is shut; neither: the tile would leave
 * the hive).
 */
const SLIDES = Uint8Array.from({ length: 64 }, (_, occupied) => {
  let dirs = 0;
  for (let d = 0; d < 6; d++) {
    const left = (occupied >> ((d + 1) % 6)) & 1;
    const right = (occupied >> ((d + 5) % 6)) & 1;
    if (!((occupied >> d) & 1) && left !== right) dirs |= 1 << d;
  }
  return dirs;
});

/** `SPLIT_ARCS[occupied]`: whether the occupied neighbours (bit d, direction d) form two or more separate arcs. */
const SPLIT_ARCS = Uint8Array.from({ length: 64 }, (_, occupied) => {
  let arcs = 0;
  // An arc starts at each occupied direction whose clockwise-previous neighbour is empty.
  for (let d = 0; d < 6; d++) if ((occupied >> d) & 1 && !((occupied >> ((d + 5) % 6)) & 1)) arcs++;
  return arcs >= 2 ? 1 : 0;
});

const Q = BUG_INDEX.Q;
const S = BUG_INDEX.S;
const B = BUG_INDEX.B;
const G = BUG_INDEX.G;
const A = BUG_INDEX.A;
const M = BUG_INDEX.M;
const L = BUG_INDEX.L;
const P = BUG_INDEX.P;
const R = BUG_INDEX.R;
const T = BUG_INDEX.T;
const F = BUG_INDEX.F;
const W = BUG_INDEX.W;
const D = BUG_INDEX.D;
const K = BUG_INDEX.K;
const C = BUG_INDEX.C;

/**
 * A move: 0 is a pass; otherwise `piece + 32 * destination + 32768 * kind + 1`.
 * Placements, moves and Pillbug throws are kind 0 (the tile that ends on
 * `destination`). The two-tile moves name the tile that acts: a Mantis's grab
 * (`to` is the cell of the tile it takes under itself), a Centipede's swap
 * (`to` is the cell of the tile it trades places with), a Dragonfly's carry
 * (`to` is where it lands with the tile it stood on).
 */
export type Move = number;

/** The number of set bits of a 32-bit int. */
const bitCount = (x: number): number => {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** The index of the lowest set bit of a non-zero int. */
const lowestBit = (x: number): number => 31 - Math.clz32(x & -x);
export const PASS: Move = 0;
export const MOVE_PLAIN = 0;
export const MOVE_GRAB = 1;
export const MOVE_SWAP = 2;
export const MOVE_CARRY = 3;
export const encodeMove = (piece: number, to: number, kind = 0): Move => piece + 32 * to + 32768 * kind + 1;
export const movePiece = (m: Move): number => (m - 1) & 31;
export const moveTo = (m: Move): number => ((m - 1) >> 5) & 1023;
export const moveKind = (m: Move): number => (m - 1) >> 15;

export interface HiveRules extends Expansions {
  /** No Queen on a player's first turn (UHP engines play this way; published perft tables assume it). */
  readonly tournamentOpening: boolean;
  /** The Dutch Pillbug sheet: a Pillbug moved by a Pillbug on its owner's previous turn may not use its ability. */
  readonly pillbugDutchRule: boolean;
  /** How many tiles of each kind show their reverse side, per colour (none by default). */
  readonly flips?: readonly [Flips, Flips];
}

const keys = Rng.fromSeed('hive-zobrist');
const KEY_CELL_LO = Uint32Array.from({ length: PIECE_COUNT * CELLS }, () => keys.uint32());
const KEY_CELL_HI = Uint32Array.from({ length: PIECE_COUNT * CELLS }, () => keys.uint32());
const KEY_HEIGHT_LO = Uint32Array.from({ length: PIECE_COUNT * 8 }, () => keys.uint32());
const KEY_HEIGHT_HI = Uint32Array.from({ length: PIECE_COUNT * 8 }, () => keys.uint32());
const KEY_SIDE_LO = keys.uint32();
const KEY_SIDE_HI = keys.uint32();

/**
 * The mutable Hive position: stacks as a top-piece grid plus a below-link per
 * piece, heights per cell, move lists and scratch arrays reused, an
 * incremental Zobrist hash. `generateMoves` lists each (piece, destination)
 * once, however many ways lead there.
 */
export class Position implements Searchable<Move> {
  readonly top = new Int8Array(CELLS).fill(-1);
  readonly height = new Uint8Array(CELLS);
  /** Cell of each piece, or -1 while in hand. */
  readonly pos = new Int16Array(PIECE_COUNT).fill(-1);
  /** The piece under each piece, or -1. */
  readonly below = new Int8Array(PIECE_COUNT).fill(-1);
  readonly inPlay: Uint8Array;
  /** Bit `id` is set while piece `id` is on the board (28 pieces fit one int). */
  private onBoard = 0;
  /** Per colour, the 14 slot bits of the tiles in this game. */
  private readonly inPlaySlots = new Int32Array(2);
  /** Per colour, slot bits whose tile shows the same bug as the slot before (placed only after it). */
  private readonly samePrev = new Int32Array(2);
  side: Seat = 0;
  ply = 0;
  private lo = 0;
  private hi = 0;
  /**
   * Four ints per move made, at `HISTORY * i`: the move, its origin cell (-1
   * for a placement or pass), the piece a Pillbug threw (-1 if none), and the
   * second tile a grab, swap or carry displaced (-1 if none). Grows by doubling.
   */
  private history = new Int32Array(HISTORY * 64);
  /** How many moves `history` holds (`ply` may start above 0 in a set-up position). */
  private made = 0;
  /** The bug each piece shows in this game (the roster), and the names that go with it. */
  readonly roster: Roster;
  readonly bug: Uint8Array;
  /** Whether either roster has a Scorpion: the immunity checks cost nothing in games without one. */
  private readonly scorpions: boolean;
  private readonly buffers: number[][] = [];
  // Scratch, reused by every generation.
  private readonly seen = new Uint32Array(PIECE_COUNT * CELLS);
  private seenStamp = 0;
  private readonly mark = new Uint32Array(CELLS);
  private markStamp = 0;
  private readonly cut = new Uint8Array(CELLS);
  /** The cells `cut` marks, so that the next computation clears only those. */
  private readonly cutList = new Uint16Array(PIECE_COUNT);
  private cutCount = 0;
  /** The `seenStamp` of the generation `cut` was computed for. */
  private cutsFor = 0;
  private readonly disc = new Int16Array(CELLS);
  private readonly low = new Int16Array(CELLS);
  private readonly queue = new Uint16Array(CELLS);
  private readonly hand = new Int8Array(PIECES_PER_COLOR);
  private readonly cells = new Uint16Array(CELLS);
  private readonly dfsCell = new Uint16Array(CELLS);
  private readonly dfsDir = new Uint8Array(CELLS);
  private readonly dfsParent = new Int16Array(CELLS);
  /** Movement targets gathered while counting (bulk perft); reused. */
  private readonly scratch: number[] = [];

  constructor(
    readonly rules: HiveRules,
    roster?: Roster,
  ) {
    this.roster = roster ?? new Roster(rules.flips ?? [{}, {}]);
    this.bug = this.roster.bugs;
    this.inPlay = new Uint8Array(PIECE_COUNT);
    for (let id = 0; id < PIECE_COUNT; id++) {
      // The slot decides the expansion: the Mosquito tile is in play with +M whichever side it shows.
      const slot = id % PIECES_PER_COLOR;
      this.inPlay[id] = slot === 11 ? +rules.mosquito : slot === 12 ? +rules.ladybug : slot === 13 ? +rules.pillbug : 1;
    }
    for (let id = 0; id < PIECE_COUNT; id++) {
      const color = id >= PIECES_PER_COLOR ? 1 : 0;
      const slot = id - color * PIECES_PER_COLOR;
      if (this.inPlay[id]) this.inPlaySlots[color]! |= 1 << slot;
      if (slot > 0 && this.bug[id - 1] === this.bug[id]) this.samePrev[color]! |= 1 << slot;
    }
    let scorpions = false;
    for (let id = 0; id < PIECE_COUNT; id++) if (this.inPlay[id] && this.bug[id] === R) scorpions = true;
    this.scorpions = scorpions;
  }

  /** The UHP name of a piece in this game (`wS1`, `bR2`). */
  nameOf(piece: number): string {
    return this.roster.names[piece]!;
  }

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
    p.history = this.history.slice();
    p.made = this.made;
    return p;
  }

  hashLo(): number {
    return this.lo >>> 0;
  }
  hashHi(): number {
    return this.hi >>> 0;
  }

  /** A tile's key is its cell's, changed by a height key above the ground (most tiles are on it: one load saved). */
  private toggle(piece: number, cell: number, level: number): void {
    this.lo ^= KEY_CELL_LO[piece * CELLS + cell]!;
    this.hi ^= KEY_CELL_HI[piece * CELLS + cell]!;
    if (level !== 1) {
      this.lo ^= KEY_HEIGHT_LO[piece * 8 + (level & 7)]!;
      this.hi ^= KEY_HEIGHT_HI[piece * 8 + (level & 7)]!;
    }
  }

  private lift(piece: number): number {
    const from = this.pos[piece]!;
    const h = this.height[from]!;
    this.toggle(piece, from, h);
    this.top[from] = this.below[piece]!;
    this.height[from] = h - 1;
    this.below[piece] = -1;
    this.pos[piece] = -1;
    this.onBoard &= ~(1 << piece);
    return from;
  }

  private drop(piece: number, to: number): void {
    this.below[piece] = this.top[to]!;
    this.top[to] = piece;
    const h = this.height[to]! + 1;
    this.height[to] = h;
    this.pos[piece] = to;
    this.onBoard |= 1 << piece;
    this.toggle(piece, to, h);
  }

  /**
   * Puts a tile on a cell outside the rules (building test and analysis
   * positions); keeps the hash right. `plies` sets how far the game is, so
   * that the turn-number rules see a game in progress.
   */
  place(piece: number, cell: number): void {
    if (this.pos[piece]! >= 0) this.lift(piece);
    this.drop(piece, cell);
  }

  setTurn(side: Seat, plies: number): void {
    if (side !== this.side) {
      this.lo ^= KEY_SIDE_LO;
      this.hi ^= KEY_SIDE_HI;
    }
    this.side = side;
    this.ply = plies;
  }

  /** Where the first tile of the game goes. */
  placementAnchor(): number {
    return ORIGIN;
  }

  lastMove(): Move | undefined {
    return this.made ? this.history[HISTORY * (this.made - 1)]! : undefined;
  }

  moveHistory(): readonly Move[] {
    return Array.from({ length: this.made }, (_, i) => this.history[HISTORY * i]!);
  }

  /** The origin of the move `i` made on this position (-1 for a placement or a pass). */
  originOf(i: number): number {
    return i >= 0 && i < this.made ? this.history[HISTORY * i + 1]! : -1;
  }

  /** The piece that moved (or was placed, or acted) on the last ply; -1 after a pass or at the start. */
  private lastMoved(): number {
    const m = this.made ? this.history[HISTORY * (this.made - 1)]! : PASS;
    return m === PASS ? -1 : movePiece(m);
  }

  /** The second tile the last ply displaced (grabbed, swapped or carried); -1 if none. */
  private lastOther(): number {
    return this.made ? this.history[HISTORY * (this.made - 1) + 3]! : -1;
  }

  /** The tile a grab, swap or carry moves along with the acting piece (before the move is made). */
  otherOf(m: Move): number {
    const kind = moveKind(m);
    if (kind === MOVE_GRAB || kind === MOVE_SWAP) return this.top[moveTo(m)]!;
    if (kind === MOVE_CARRY) return this.below[movePiece(m)]!;
    return -1;
  }

  queenCell(color: number): number {
    return this.pos[color * PIECES_PER_COLOR]!;
  }

  private surrounded(cell: number): boolean {
    return cell >= 0 && this.occupiedAround(cell) === 63;
  }

  outcome(): Outcome | undefined {
    const w = this.surrounded(this.queenCell(0));
    const b = this.surrounded(this.queenCell(1));
    if (w && b) return { reason: 'both-queens-surrounded', results: ['draw', 'draw'] };
    if (w) return { reason: 'queen-surrounded', results: ['loss', 'win'] };
    if (b) return { reason: 'queen-surrounded', results: ['win', 'loss'] };
    return undefined;
  }

  sideToMove(): Seat {
    return this.outcome() ? -1 : this.side;
  }

  makeMove(m: Move): void {
    let from = -1;
    let thrown = -1;
    let other = -1;
    if (m !== PASS) {
      const piece = movePiece(m);
      const to = moveTo(m);
      const kind = (m - 1) >> 15;
      if (kind === MOVE_PLAIN) {
        if (this.pos[piece]! >= 0) {
          // Only the Dutch rule needs to know whether the move was a Pillbug's throw.
          if (this.rules.pillbugDutchRule && !this.canReachItself(piece, to)) thrown = piece;
          from = this.lift(piece);
        }
        this.drop(piece, to);
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
    this.side = 1 - this.side;
    this.ply++;
    this.lo ^= KEY_SIDE_LO;
    this.hi ^= KEY_SIDE_HI;
  }

  unmakeMove(): void {
    if (this.made === 0) return;
    const h = HISTORY * --this.made;
    const m = this.history[h]!;
    const from = this.history[h + 1]!;
    const other = this.history[h + 3]!;
    this.side = 1 - this.side;
    this.ply--;
    this.lo ^= KEY_SIDE_LO;
    this.hi ^= KEY_SIDE_HI;
    if (m === PASS) return;
    const piece = movePiece(m);
    const kind = (m - 1) >> 15;
    if (kind === MOVE_PLAIN) {
      this.lift(piece);
      if (from >= 0) this.drop(piece, from);
      return;
    }
    const to = moveTo(m);
    this.lift(piece);
    this.lift(other);
    if (kind === MOVE_GRAB) {
      // The grabbed tile goes back to its cell; the Mantis down onto the ground where it stood.
      this.drop(other, to);
      this.drop(piece, from);
    } else if (kind === MOVE_SWAP) {
      this.drop(piece, from);
      this.drop(other, to);
    } else {
      this.drop(other, from);
      this.drop(piece, from);
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
    this.pieceMoves(piece, out);
    return out.includes(encodeMove(piece, to));
  }

  /** The legal moves of the side to move; the array is reused (valid until the next make/unmake). */
  generateMoves(): readonly Move[] {
    let out = this.buffers[this.ply];
    if (!out) {
      out = [];
      this.buffers[this.ply] = out;
    }
    out.length = 0;
    if (this.outcome()) return out;
    this.nextSeenStamp();
    const handCount = this.fillHand();
    if (handCount) {
      const cellCount = this.placementCells(this.side);
      const hand = this.hand;
      const cells = this.cells;
      for (let c = 0; c < cellCount; c++) {
        const t = cells[c]!;
        for (let i = 0; i < handCount; i++) out.push(encodeMove(hand[i]!, t));
      }
    }
    this.movements(out);
    if (out.length === 0) out.push(PASS);
    return out;
  }

  /**
   * The number of legal moves (a forced pass counts as one), without
   * listing the placements: perft's bulk count at the last ply.
   */
  countMoves(): number {
    if (this.outcome()) return 0;
    this.nextSeenStamp();
    const kinds = bitCount(this.placeable());
    let n = kinds ? kinds * (this.ply < 2 ? this.placementCells(this.side) : this.placementCount(this.side)) : 0;
    // The scratch list only grows between occasional resets: its length need not be cleared per node.
    const out = this.scratch;
    if (out.length > 4096) out.length = 0;
    const start = out.length;
    this.movements(out);
    n += out.length - start;
    return n === 0 ? 1 : n;
  }

  /** A fresh stamp for the per-generation dedup, and room for the few `mark` stamps a generation takes. */
  private nextSeenStamp(): void {
    this.seenStamp++;
    if (this.seenStamp >= 0xffffffff) {
      this.seen.fill(0);
      this.seenStamp = 1;
      this.cutsFor = 0;
    }
    if (this.markStamp >= 0xfffff000) {
      this.mark.fill(0);
      this.markStamp = 0;
    }
  }

  /** Whether the side to move may move tiles this turn (its Queen is in play and not still owed). */
  private mayMove(): boolean {
    const base = this.side * PIECES_PER_COLOR;
    return this.pos[base]! >= 0;
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

  /** Appends the movements (and abilities) of the side to move. */
  private movements(out: number[]): void {
    if (!this.mayMove()) return;
    const base = this.side * PIECES_PER_COLOR;
    // The tiles the opponent's last move displaced: one of ours among them (thrown, swapped) may not act.
    const last = this.lastMoved();
    const other = this.lastOther();
    for (let mine = (this.onBoard >> base) & SLOTS; mine; mine &= mine - 1) {
      const id = base + lowestBit(mine);
      if (this.top[this.pos[id]!] !== id || id === last || id === other) continue;
      this.pieceMoves(id, out);
    }
  }

  /**
   * Marks the spaces beside `color`'s opponent's tiles with a fresh stamp (no
   * placing there) and returns it; `stamp + 1` is free for the caller to mark
   * the spaces it has counted.
   */
  private markForbidden(color: number): number {
    const stamp = this.markStamp + 1;
    this.markStamp = stamp + 1;
    const mark = this.mark;
    const pos = this.pos;
    const top = this.top;
    const neighbor = NEIGHBOR;
    const other = (1 - color) * PIECES_PER_COLOR;
    for (let theirs = (this.onBoard >> other) & SLOTS; theirs; theirs &= theirs - 1) {
      const id = other + lowestBit(theirs);
      const at = pos[id]!;
      if (top[at] !== id) continue;
      const k = at * 6;
      mark[neighbor[k]!] = stamp;
      mark[neighbor[k + 1]!] = stamp;
      mark[neighbor[k + 2]!] = stamp;
      mark[neighbor[k + 3]!] = stamp;
      mark[neighbor[k + 4]!] = stamp;
      mark[neighbor[k + 5]!] = stamp;
    }
    return stamp;
  }

  /** How many spaces `color` may place on after the first two plies (`placementCells` without the list). */
  private placementCount(color: number): number {
    const stamp = this.markForbidden(color);
    const taken = stamp + 1;
    const mark = this.mark;
    const pos = this.pos;
    const top = this.top;
    const height = this.height;
    const neighbor = NEIGHBOR;
    let count = 0;
    const base = color * PIECES_PER_COLOR;
    for (let mine = (this.onBoard >> base) & SLOTS; mine; mine &= mine - 1) {
      const id = base + lowestBit(mine);
      const at = pos[id]!;
      if (top[at] !== id) continue;
      // Unrolled: this is the inner loop of every bulk count.
      const k = at * 6;
      let n = neighbor[k]!;
      if (height[n] === 0 && mark[n]! < stamp) {
        mark[n] = taken;
        count++;
      }
      n = neighbor[k + 1]!;
      if (height[n] === 0 && mark[n]! < stamp) {
        mark[n] = taken;
        count++;
      }
      n = neighbor[k + 2]!;
      if (height[n] === 0 && mark[n]! < stamp) {
        mark[n] = taken;
        count++;
      }
      n = neighbor[k + 3]!;
      if (height[n] === 0 && mark[n]! < stamp) {
        mark[n] = taken;
        count++;
      }
      n = neighbor[k + 4]!;
      if (height[n] === 0 && mark[n]! < stamp) {
        mark[n] = taken;
        count++;
      }
      n = neighbor[k + 5]!;
      if (height[n] === 0 && mark[n]! < stamp) {
        mark[n] = taken;
        count++;
      }
    }
    return count;
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
    let count = 0;
    // `stamp` marks spaces beside an opponent's tile (forbidden), `stamp + 1` spaces already listed.
    const stamp = this.markForbidden(color);
    const mark = this.mark;
    const pos = this.pos;
    const top = this.top;
    const height = this.height;
    const base = color * PIECES_PER_COLOR;
    for (let mine = (this.onBoard >> base) & SLOTS; mine; mine &= mine - 1) {
      const id = base + lowestBit(mine);
      const at = pos[id]!;
      if (top[at] !== id) continue;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOR[at * 6 + d]!;
        if (height[n] !== 0 || mark[n]! >= stamp) continue;
        mark[n] = stamp + 1;
        cells[count++] = n;
      }
    }
    return count;
  }

  /** Bit d set when the neighbour of `cell` in direction d is occupied. */
  private occupiedAround(cell: number): number {
    const height = this.height;
    const k = cell * 6;
    let occupied = 0;
    if (height[NEIGHBOR[k]!] !== 0) occupied |= 1;
    if (height[NEIGHBOR[k + 1]!] !== 0) occupied |= 2;
    if (height[NEIGHBOR[k + 2]!] !== 0) occupied |= 4;
    if (height[NEIGHBOR[k + 3]!] !== 0) occupied |= 8;
    if (height[NEIGHBOR[k + 4]!] !== 0) occupied |= 16;
    if (height[NEIGHBOR[k + 5]!] !== 0) occupied |= 32;
    return occupied;
  }

  /**
   * Whether the tile at `cell` (alone on it) cannot leave without splitting
   * the hive. When its occupied neighbours form one unbroken arc they stay
   * joined around it, so only a tile with two or more arcs needs the search
   * for articulation points, made at most once per generation.
   */
  private pinned(cell: number): boolean {
    if (!SPLIT_ARCS[this.occupiedAround(cell)]) return false;
    if (this.cutsFor !== this.seenStamp) {
      this.computeCuts();
      this.cutsFor = this.seenStamp;
    }
    return this.cut[cell] === 1;
  }

  /** Marks the cells whose stack of height 1 cannot leave without splitting the hive (articulation points). */
  private computeCuts(): Uint8Array {
    const cut = this.cut;
    // Only the cells marked last time are cleared: a hive has at most 28.
    const cutList = this.cutList;
    for (let i = 0; i < this.cutCount; i++) cut[cutList[i]!] = 0;
    let cuts = 0;
    if (this.onBoard === 0) {
      this.cutCount = 0;
      return cut;
    }
    const root = this.pos[lowestBit(this.onBoard)]!;
    const stamp = ++this.markStamp;
    // Iterative Tarjan: `disc`/`low` indexed by cell, `mark` says visited.
    const mark = this.mark;
    const disc = this.disc;
    const low = this.low;
    const stackCell = this.dfsCell;
    const stackDir = this.dfsDir;
    const parent = this.dfsParent;
    // Each frame keeps the directions of its occupied neighbours still to visit.
    stackCell[0] = root;
    stackDir[0] = this.occupiedAround(root);
    parent[0] = -1;
    let sp = 1;
    let time = 0;
    mark[root] = stamp;
    disc[root] = low[root] = time++;
    let rootChildren = 0;
    while (sp > 0) {
      const top = sp - 1;
      const c = stackCell[top]!;
      const dirs = stackDir[top]!;
      if (dirs !== 0) {
        stackDir[top] = dirs & (dirs - 1);
        const n = NEIGHBOR[c * 6 + lowestBit(dirs)]!;
        if (mark[n] !== stamp) {
          mark[n] = stamp;
          disc[n] = low[n] = time++;
          stackCell[sp] = n;
          stackDir[sp] = this.occupiedAround(n);
          parent[sp] = c;
          sp++;
          if (c === root) rootChildren++;
        } else if (n !== parent[top] && disc[n]! < low[c]!) low[c] = disc[n]!;
      } else {
        sp--;
        const p = parent[sp]!;
        if (p >= 0) {
          if (low[c]! < low[p]!) low[p] = low[c]!;
          if (p !== root && low[c]! >= disc[p]! && cut[p] === 0) {
            cut[p] = 1;
            cutList[cuts++] = p;
          }
        }
      }
    }
    if (rootChildren > 1) {
      cut[root] = 1;
      cutList[cuts++] = root;
    }
    this.cutCount = cuts;
    return cut;
  }

  private add(out: number[], piece: number, to: number): void {
    const k = piece * CELLS + to;
    if (this.seen[k] === this.seenStamp) return;
    this.seen[k] = this.seenStamp;
    out.push(encodeMove(piece, to));
  }

  /**
   * Whether a piece may pass from `a` to its neighbour in direction `d`, with
   * `ha` the height left at `a` and the heights as they stand: the gate of
   * the two shared neighbours must not both be higher than the path, and a
   * move along the ground must keep touching the hive.
   */
  private canPass(a: number, d: number, ha: number): boolean {
    const b = NEIGHBOR[a * 6 + d]!;
    const g1 = this.height[NEIGHBOR[a * 6 + ((d + 1) % 6)]!]!;
    const g2 = this.height[NEIGHBOR[a * 6 + ((d + 5) % 6)]!]!;
    const level = Math.max(ha, this.height[b]!);
    if (g1 > level && g2 > level) return false;
    if (level === 0 && g1 === 0 && g2 === 0) return false;
    return true;
  }

  /** Whether the stack at `cell` is topped by a Scorpion, which nothing may climb onto, pass over or move. */
  private scorpionAt(cell: number): boolean {
    const t = this.top[cell]!;
    return t >= 0 && this.bug[t] === R;
  }

  /**
   * Appends the moves of one piece: its own movement and its ability (a
   * Pillbug's throw, a Mantis's grab, a Centipede's swap), or for a Mosquito
   * on the ground those of every bug it touches.
   */
  private pieceMoves(id: number, out: number[]): void {
    const at = this.pos[id]!;
    const h = this.height[at]!;
    const pinnedToHive = h === 1 && this.pinned(at);
    const bug = this.bug;
    let bugs = 1 << bug[id]!;
    if (bug[id] === M) {
      if (h > 1) bugs = 1 << B;
      else {
        bugs = 0;
        for (let d = 0; d < 6; d++) {
          const t = this.top[NEIGHBOR[at * 6 + d]!]!;
          if (t >= 0 && bug[t] !== M) bugs |= 1 << bug[t]!;
        }
      }
    }
    // The Mantis walks only from on top of the hive (as a Beetle); on the ground it grabs instead.
    if (bugs & (1 << T)) {
      if (h > 1) bugs = (bugs & ~(1 << T)) | (1 << B);
      else bugs &= ~(1 << T);
    }
    if (!pinnedToHive && bugs) {
      // Lift the piece for the search so that it neither blocks nor supports its own path. Only the stack's top and
      // height change: the hash and the piece's own records stay, and are right again below.
      const from = at;
      const ha = h - 1;
      this.top[from] = this.below[id]!;
      this.height[from] = ha;
      if (bugs & ((1 << Q) | (1 << P) | (1 << C))) this.slides(id, from, out);
      if (bugs & ((1 << S) | (1 << R))) this.spider(id, from, out);
      if (bugs & (1 << A)) this.ant(id, from, out);
      if (bugs & (1 << B)) this.beetle(id, from, ha, out);
      if (bugs & (1 << G)) this.grasshopper(id, from, out);
      if (bugs & (1 << L)) this.ladybug(id, from, out);
      if (bugs > 0xff) {
        if (bugs & (1 << F)) this.fly(id, from, out);
        if (bugs & (1 << W)) this.wasp(id, from, out);
        if (bugs & (1 << K)) this.cockroach(id, from, out);
        if (bugs & (1 << D)) this.dragonfly(id, from, ha, out);
      }
      this.top[from] = id;
      this.height[from] = h;
    }
    if (h !== 1) return;
    if (bugs & (1 << P)) this.pillbugThrows(id, at, out);
    if (bug[id] === T || (bug[id] === M && this.touches(at, T))) this.grabs(id, at, out);
    if (bugs & (1 << C)) this.swaps(id, at, out);
  }

  /** Whether a tile showing `kind` tops a stack next to `at`. */
  private touches(at: number, kind: number): boolean {
    for (let d = 0; d < 6; d++) {
      const t = this.top[NEIGHBOR[at * 6 + d]!]!;
      if (t >= 0 && this.bug[t] === kind) return true;
    }
    return false;
  }

  /** The directions a tile on the ground at `cell` may slide to (the moving tile already lifted). */
  private slideDirs(cell: number): number {
    return SLIDES[this.occupiedAround(cell)]!;
  }

  private slides(id: number, from: number, out: number[]): void {
    for (let dirs = this.slideDirs(from); dirs; dirs &= dirs - 1)
      this.add(out, id, NEIGHBOR[from * 6 + lowestBit(dirs)]!);
  }

  private spider(id: number, from: number, out: number[]): void {
    for (let dirs1 = this.slideDirs(from); dirs1; dirs1 &= dirs1 - 1) {
      const c1 = NEIGHBOR[from * 6 + lowestBit(dirs1)]!;
      for (let dirs2 = this.slideDirs(c1); dirs2; dirs2 &= dirs2 - 1) {
        const c2 = NEIGHBOR[c1 * 6 + lowestBit(dirs2)]!;
        if (c2 === from) continue;
        for (let dirs3 = this.slideDirs(c2); dirs3; dirs3 &= dirs3 - 1) {
          const c3 = NEIGHBOR[c2 * 6 + lowestBit(dirs3)]!;
          if (c3 !== from && c3 !== c1) this.add(out, id, c3);
        }
      }
    }
  }

  private ant(id: number, from: number, out: number[]): void {
    const stamp = ++this.markStamp;
    const mark = this.mark;
    const queue = this.queue;
    mark[from] = stamp;
    let head = 0;
    let tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      const c = queue[head++]!;
      for (let dirs = this.slideDirs(c); dirs; dirs &= dirs - 1) {
        const n = NEIGHBOR[c * 6 + lowestBit(dirs)]!;
        if (mark[n] === stamp) continue;
        mark[n] = stamp;
        queue[tail++] = n;
        this.add(out, id, n);
      }
    }
  }

  private beetle(id: number, from: number, ha: number, out: number[]): void {
    const scorpions = this.scorpions;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[from * 6 + d]!;
      if (scorpions && this.scorpionAt(n)) continue;
      if (this.canPass(from, d, ha)) this.add(out, id, n);
    }
  }

  private grasshopper(id: number, from: number, out: number[]): void {
    const scorpions = this.scorpions;
    for (let d = 0; d < 6; d++) {
      let n = NEIGHBOR[from * 6 + d]!;
      if (this.height[n] === 0) continue;
      let blocked = false;
      while (this.height[n] !== 0) {
        if (scorpions && this.scorpionAt(n)) blocked = true;
        n = NEIGHBOR[n * 6 + d]!;
      }
      if (!blocked) this.add(out, id, n);
    }
  }

  private ladybug(id: number, from: number, out: number[]): void {
    const scorpions = this.scorpions;
    for (let d1 = 0; d1 < 6; d1++) {
      const c1 = NEIGHBOR[from * 6 + d1]!;
      if (this.height[c1] === 0 || !this.canPass(from, d1, 0) || (scorpions && this.scorpionAt(c1))) continue;
      for (let d2 = 0; d2 < 6; d2++) {
        const c2 = NEIGHBOR[c1 * 6 + d2]!;
        if (c2 === from || this.height[c2] === 0 || !this.canPass(c1, d2, this.height[c1]!)) continue;
        if (scorpions && this.scorpionAt(c2)) continue;
        for (let d3 = 0; d3 < 6; d3++) {
          const c3 = NEIGHBOR[c2 * 6 + d3]!;
          if (c3 === from || this.height[c3] !== 0 || !this.canPass(c2, d3, this.height[c2]!)) continue;
          this.add(out, id, c3);
        }
      }
    }
  }

  /** Marks (with a fresh stamp) and lists in `cells` the empty ground cells next to the hive; returns how many. */
  private emptyAround(from: number): number {
    const stamp = ++this.markStamp;
    const mark = this.mark;
    const cells = this.cells;
    let count = 0;
    for (let id = 0; id < PIECE_COUNT; id++) {
      const at = this.pos[id]!;
      if (at < 0 || this.top[at] !== id) continue;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOR[at * 6 + d]!;
        if (n === from || this.height[n] !== 0 || mark[n] === stamp) continue;
        mark[n] = stamp;
        cells[count++] = n;
      }
    }
    return count;
  }

  /** The Fly: one sliding step; with no step open at all, a flight to any empty space next to the hive (rulings 13–14). */
  private fly(id: number, from: number, out: number[]): void {
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[from * 6 + d]!;
      if (this.height[n] === 0 && this.canPass(from, d, 0)) {
        this.slides(id, from, out);
        return;
      }
    }
    const count = this.emptyAround(from);
    for (let i = 0; i < count; i++) this.add(out, id, this.cells[i]!);
  }

  /** The Wasp: a flight to any empty space whose every neighbour is topped by the opponent (ruling 15). */
  private wasp(id: number, from: number, out: number[]): void {
    const mine = id >= PIECES_PER_COLOR ? 1 : 0;
    const count = this.emptyAround(from);
    for (let i = 0; i < count; i++) {
      const c = this.cells[i]!;
      let ok = true;
      for (let d = 0; d < 6 && ok; d++) {
        const t = this.top[NEIGHBOR[c * 6 + d]!]!;
        if (t >= 0 && (t >= PIECES_PER_COLOR ? 1 : 0) === mine) ok = false;
      }
      if (ok) this.add(out, id, c);
    }
  }

  /**
   * The Cockroach: up onto a stack topped by its own colour, any number of
   * steps over such stacks, then down to an empty space; the gate rule at
   * every step (ruling 17).
   */
  private cockroach(id: number, from: number, out: number[]): void {
    const mine = id >= PIECES_PER_COLOR ? 1 : 0;
    const stamp = ++this.markStamp;
    const mark = this.mark;
    const walkable = (c: number): boolean => {
      const t = this.top[c]!;
      return t >= 0 && (t >= PIECES_PER_COLOR ? 1 : 0) === mine && this.bug[t] !== R;
    };
    let tail = 0;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[from * 6 + d]!;
      if (mark[n] !== stamp && walkable(n) && this.canPass(from, d, 0)) {
        mark[n] = stamp;
        this.queue[tail++] = n;
      }
    }
    let head = 0;
    while (head < tail) {
      const a = this.queue[head++]!;
      const ha = this.height[a]!;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOR[a * 6 + d]!;
        if (this.height[n] === 0) {
          if (n !== from && this.canPass(a, d, ha)) this.add(out, id, n);
        } else if (mark[n] !== stamp && walkable(n) && this.canPass(a, d, ha)) {
          mark[n] = stamp;
          this.queue[tail++] = n;
        }
      }
    }
  }

  /**
   * The Dragonfly: a step in any direction, then one turned 60° either way,
   * over anything but a Scorpion; it lands on the ground or on top of the
   * hive. From on top to an empty space it carries the tile it stood on,
   * unless that is a Dragonfly or lifting it would split the hive (rulings
   * 18–20). `ha` is the height left under it.
   */
  private dragonfly(id: number, from: number, ha: number, out: number[]): void {
    const carried = ha > 0 ? this.top[from]! : -1;
    const carry = carried >= 0 && this.bug[carried] !== D && (ha > 1 || !this.pinned(from)) && this.bug[id] === D;
    const scorpions = this.scorpions;
    for (let d = 0; d < 6; d++) {
      const mid = NEIGHBOR[from * 6 + d]!;
      const midBlocked = scorpions && this.scorpionAt(mid);
      for (let turn = 1; turn <= 5; turn += 4) {
        // Both turns of the two neighbouring first steps meet on the same cell: try the other path if one is blocked.
        const to = NEIGHBOR[mid * 6 + ((d + turn) % 6)]!;
        if (midBlocked) continue;
        if (this.height[to] !== 0) {
          if (!(scorpions && this.scorpionAt(to))) this.add(out, id, to);
          continue;
        }
        let touches = false;
        for (let e = 0; e < 6 && !touches; e++) if (this.height[NEIGHBOR[to * 6 + e]!] !== 0) touches = true;
        if (!touches) continue;
        if (carry) this.addKind(out, id, to, MOVE_CARRY);
        else this.add(out, id, to);
      }
    }
  }

  /** Like `add`, for a move of another kind that shares the (piece, destination) slot of the dedup table. */
  private addKind(out: number[], piece: number, to: number, kind: number): void {
    const k = piece * CELLS + to;
    if (this.seen[k] === this.seenStamp) return;
    this.seen[k] = this.seenStamp;
    out.push(encodeMove(piece, to, kind));
  }

  /**
   * Whether the lone tile at `t` (next to the acting piece) may be taken by an
   * ability: not a Scorpion, not a tile the opponent's last move displaced.
   */
  private takeable(t: number): boolean {
    if (this.height[t] !== 1) return false;
    const victim = this.top[t]!;
    return this.bug[victim] !== R && victim !== this.lastMoved() && victim !== this.lastOther();
  }

  /** Whether one of the two cells next to both `at` and its neighbour in direction `d` is empty. */
  private sharedGap(at: number, d: number): boolean {
    return this.height[NEIGHBOR[at * 6 + ((d + 1) % 6)]!] === 0 || this.height[NEIGHBOR[at * 6 + ((d + 5) % 6)]!] === 0;
  }

  /** The Mantis on the ground: a lone neighbour, through a shared empty space, goes under it (rulings 21–22). */
  private grabs(id: number, at: number, out: number[]): void {
    for (let d = 0; d < 6; d++) {
      const t = NEIGHBOR[at * 6 + d]!;
      if (!this.takeable(t) || this.pinned(t) || !this.sharedGap(at, d)) continue;
      out.push(encodeMove(id, t, MOVE_GRAB));
    }
  }

  /** The Centipede's swap with a lone neighbour through a shared empty space (ruling 25). */
  private swaps(id: number, at: number, out: number[]): void {
    for (let d = 0; d < 6; d++) {
      const t = NEIGHBOR[at * 6 + d]!;
      if (!this.takeable(t) || !this.sharedGap(at, d)) continue;
      const b = this.bug[this.top[t]!]!;
      if (b === C || b === P) continue;
      out.push(encodeMove(id, t, MOVE_SWAP));
    }
  }

  /** The Pillbug's ability: lift an adjacent unstacked piece over itself onto an empty neighbour. */
  private pillbugThrows(id: number, at: number, out: number[]): void {
    const last = this.lastMoved();
    const other = this.lastOther();
    if (id === last) return;
    if (this.rules.pillbugDutchRule && this.made >= 2 && this.history[HISTORY * (this.made - 2) + 2] === id) return;
    const scorpions = this.scorpions;
    for (let d = 0; d < 6; d++) {
      const t = NEIGHBOR[at * 6 + d]!;
      if (this.height[t] !== 1 || this.pinned(t)) continue;
      const victim = this.top[t]!;
      if (victim === last || victim === other || (scorpions && this.bug[victim] === R)) continue;
      // Up onto the Pillbug: from t (height 0 once lifted) towards `at` (direction d + 3 from t).
      this.height[t] = 0;
      const up = this.canPass(t, (d + 3) % 6, 0);
      this.height[t] = 1;
      if (!up) continue;
      for (let e = 0; e < 6; e++) {
        const n = NEIGHBOR[at * 6 + e]!;
        if (n === t || this.height[n] !== 0) continue;
        // Down from on top of the Pillbug (height 1 under the lifted piece).
        if (this.canPass(at, e, 1)) this.add(out, victim, n);
      }
    }
  }

  /** Leaf count at `depth`, bulk-counting the last ply. */
  perft(depth: number): number {
    if (depth === 0) return 1;
    if (depth === 1) return this.countMoves();
    // The list belongs to this ply; deeper plies use their own buffers.
    const moves = this.generateMoves();
    const n = moves.length;
    let total = 0;
    for (let i = 0; i < n; i++) {
      this.makeMove(moves[i]!);
      total += this.perft(depth - 1);
      this.unmakeMove();
    }
    return total;
  }
}
