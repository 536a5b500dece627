import { type Outcome, Rng, type Seat } from '@qiyuan/core';
import type { Expansions } from './gametype.js';
import * as grid from './grid.js';
import type { Move } from './move.js';
import * as moves from './move.js';
import * as pieces from './pieces.js';
import { type Flips, Roster } from './pieces.js';

// Module-level copies: an imported binding is read through a getter under tsx and vitest (docs/BENCHMARKS.md).
const bitCount = grid.bitCount;
const CELLS = grid.CELLS;
const GRID = grid.GRID;
const ORIGIN = grid.ORIGIN;
const MOVE_CARRY = moves.MOVE_CARRY;
const MOVE_GRAB = moves.MOVE_GRAB;
const MOVE_SWAP = moves.MOVE_SWAP;
const moveKind = moves.moveKind;
const movePiece = moves.movePiece;
const moveTo = moves.moveTo;
const PASS = moves.PASS;
const BUG_INDEX = pieces.BUG_INDEX;
const PIECE_COUNT = pieces.PIECE_COUNT;
const PIECES_PER_COLOR = pieces.PIECES_PER_COLOR;

export interface HiveRules extends Expansions {
  /** No Queen on a player's first turn (UHP engines play this way; published perft tables assume it). */
  readonly tournamentOpening: boolean;
  /** The Dutch Pillbug sheet: a Pillbug moved by a Pillbug on its owner's previous turn may not use its ability. */
  readonly pillbugDutchRule: boolean;
  /** How many tiles of each kind show their reverse side, per colour (none by default). */
  readonly flips?: readonly [Flips, Flips];
}

/** Ints per move in a position's history. */
export const HISTORY = 6;

/** The 14 slot bits of one colour. */
export const SLOTS = (1 << PIECES_PER_COLOR) - 1;

const R = BUG_INDEX.R;

/**
 * `AROUND[row | above << 3 | below << 6]`: the occupied directions (bit d,
 * direction d as in `NEIGHBOR`) from the columns q − 1, q, q + 1 (bits 0–2) of
 * a cell's own row and of the rows above and below it. Its neighbours are
 * q + 1 and q − 1 of its row (E, W), q + 1 and q above (NE, NW), q − 1 and q
 * below (SW, SE).
 */
const AROUND = Uint8Array.from({ length: 512 }, (_, i) => {
  const row = i & 7;
  const above = (i >> 3) & 7;
  const below = (i >> 6) & 7;
  return (
    ((row >> 2) & 1) |
    (((above >> 2) & 1) << 1) |
    (((above >> 1) & 1) << 2) |
    ((row & 1) << 3) |
    ((below & 1) << 4) |
    (((below >> 1) & 1) << 5)
  );
});

const keys = Rng.fromSeed('hive-zobrist');
const keyCellLo = Uint32Array.from({ length: PIECE_COUNT * CELLS }, () => keys.uint32());
const keyCellHi = Uint32Array.from({ length: PIECE_COUNT * CELLS }, () => keys.uint32());
/**
 * The same keys laid out by cell (at `2 * (32 * cell + piece)`, the low half
 * then the high one): a make or unmake reads one cache line for both halves,
 * and the few cells perft and search keep touching share lines.
 */
const KEY_CELL = new Uint32Array(2 * 32 * CELLS);
for (let piece = 0; piece < PIECE_COUNT; piece++)
  for (let cell = 0; cell < CELLS; cell++) {
    KEY_CELL[2 * (32 * cell + piece)] = keyCellLo[piece * CELLS + cell]!;
    KEY_CELL[2 * (32 * cell + piece) + 1] = keyCellHi[piece * CELLS + cell]!;
  }
const KEY_HEIGHT_LO = Uint32Array.from({ length: PIECE_COUNT * 8 }, () => keys.uint32());
const KEY_HEIGHT_HI = Uint32Array.from({ length: PIECE_COUNT * 8 }, () => keys.uint32());
const KEY_SIDE_LO = keys.uint32();
const KEY_SIDE_HI = keys.uint32();

/**
 * The tiles on the board: stacks as a top-piece grid plus a below-link per
 * piece, heights per cell, the incremental Zobrist hash, and the moves made
 * (what the rules about the last move and the Dutch Pillbug read). Moving a
 * tile is `lift` then `drop`; the generators and `Position` build on this.
 */
export class Stacks {
  readonly top = new Int8Array(CELLS).fill(-1);
  readonly height = new Uint8Array(CELLS);
  /** Cell of each piece, or -1 while in hand. */
  readonly pos = new Int16Array(PIECE_COUNT).fill(-1);
  /** The piece under each piece, or -1. */
  readonly below = new Int8Array(PIECE_COUNT).fill(-1);
  readonly inPlay: Uint8Array;
  /**
   * The board row by row, as bits (row r at index r, bit q for column q; the
   * 32-column grid fits one int and wraps as a 32-bit rotation does): per
   * colour, the stacks that colour tops (`tops[32 * colour + r]`), and the
   * rows where it tops one (bit r of `topRows[colour]`, set while that word
   * is not 0). The placement count dilates whole rows at once instead of
   * visiting cells, and only the rows around its own colour's tops.
   */
  protected readonly tops = new Int32Array(64);
  protected readonly topRows = new Int32Array(2);
  /** Row by row, the occupied cells (bit q of `occ[r]`): a cell's six neighbours are three 3-bit windows. */
  protected readonly occ = new Int32Array(GRID);
  /**
   * How many tiles stand on another: while none does, every gate is of
   * height 1 at most, and the climbing moves (Beetle, Ladybug, the Pillbug's
   * throw) follow from the occupancy alone.
   */
  protected stacked = 0;
  /** Bit `id` is set while piece `id` is on the board (28 pieces fit one int). */
  protected onBoard = 0;
  /** Per colour, the 14 slot bits of the tiles in this game. */
  protected readonly inPlaySlots = new Int32Array(2);
  /** Per colour, slot bits whose tile shows the same bug as the slot before (placed only after it). */
  protected readonly samePrev = new Int32Array(2);
  side: Seat = 0;
  ply = 0;
  protected lo = 0;
  protected hi = 0;
  /**
   * Six ints per move made, at `HISTORY * i`: the move, its origin cell (-1
   * for a placement or pass), the piece a Pillbug threw (-1 if none), the
   * second tile a grab, swap or carry displaced (-1 if none), and the two
   * halves of the hash before the move (an unmade move puts them back rather
   * than undo each tile's keys). Grows by doubling.
   */
  protected history = new Int32Array(HISTORY * 64);
  /** How many moves `history` holds (`ply` may start above 0 in a set-up position). */
  protected made = 0;
  /** The bug each piece shows in this game (the roster), and the names that go with it. */
  readonly roster: Roster;
  readonly bug: Uint8Array;
  /** Whether either roster has a Scorpion: the immunity checks cost nothing in games without one. */
  protected readonly scorpions: boolean;

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

  hashLo(): number {
    return this.lo >>> 0;
  }
  hashHi(): number {
    return this.hi >>> 0;
  }

  /** A tile's key is its cell's, changed by a height key above the ground (most tiles are on it: one load saved). */
  protected toggle(piece: number, cell: number, level: number): void {
    const k = 2 * (32 * cell + piece);
    this.lo ^= KEY_CELL[k]!;
    this.hi ^= KEY_CELL[k + 1]!;
    if (level !== 1) {
      this.lo ^= KEY_HEIGHT_LO[piece * 8 + (level & 7)]!;
      this.hi ^= KEY_HEIGHT_HI[piece * 8 + (level & 7)]!;
    }
  }

  protected lift(piece: number): number {
    const from = this.pos[piece]!;
    this.toggle(piece, from, this.height[from]!);
    return this.takeOff(piece);
  }

  protected drop(piece: number, to: number): void {
    this.setOn(piece, to);
    this.toggle(piece, to, this.height[to]!);
  }

  /** `lift` without the hash: an unmade move puts back the hash it kept instead. */
  protected takeOff(piece: number): number {
    const from = this.pos[piece]!;
    const h = this.height[from]!;
    const under = this.below[piece]!;
    this.top[from] = under;
    this.height[from] = h - 1;
    const row = from >> 5;
    const bit = 1 << (from & 31);
    const color = piece >= PIECES_PER_COLOR ? 1 : 0;
    const left = this.tops[32 * color + row]! ^ bit;
    this.tops[32 * color + row] = left;
    if (left === 0) this.topRows[color]! &= ~(1 << row);
    if (h !== 1) {
      const underColor = under >= PIECES_PER_COLOR ? 1 : 0;
      this.tops[32 * underColor + row]! ^= bit;
      this.topRows[underColor]! |= 1 << row;
      this.stacked--;
    } else this.occ[row]! ^= bit;
    this.below[piece] = -1;
    this.pos[piece] = -1;
    this.onBoard &= ~(1 << piece);
    return from;
  }

  /** `drop` without the hash. */
  protected setOn(piece: number, to: number): void {
    const under = this.top[to]!;
    this.below[piece] = under;
    this.top[to] = piece;
    const h = this.height[to]! + 1;
    this.height[to] = h;
    const row = to >> 5;
    const bit = 1 << (to & 31);
    const color = piece >= PIECES_PER_COLOR ? 1 : 0;
    this.tops[32 * color + row]! ^= bit;
    this.topRows[color]! |= 1 << row;
    if (h !== 1) {
      const underColor = under >= PIECES_PER_COLOR ? 1 : 0;
      const left = this.tops[32 * underColor + row]! ^ bit;
      this.tops[32 * underColor + row] = left;
      if (left === 0) this.topRows[underColor]! &= ~(1 << row);
      this.stacked++;
    } else this.occ[row]! ^= bit;
    this.pos[piece] = to;
    this.onBoard |= 1 << piece;
  }

  /**
   * A tile from hand onto an empty cell, as every placement is: `drop`
   * without reading what the cell held (nothing: no tile below, height 1, the
   * ground key). A tile in hand has no tile below it already.
   */
  protected putDown(piece: number, to: number): void {
    this.top[to] = piece;
    this.height[to] = 1;
    const row = to >> 5;
    const bit = 1 << (to & 31);
    const color = piece >= PIECES_PER_COLOR ? 1 : 0;
    this.tops[32 * color + row]! ^= bit;
    this.topRows[color]! |= 1 << row;
    this.occ[row]! ^= bit;
    this.pos[piece] = to;
    this.onBoard |= 1 << piece;
    const k = 2 * (32 * to + piece);
    this.lo ^= KEY_CELL[k]!;
    this.hi ^= KEY_CELL[k + 1]!;
  }

  /** `putDown` undone, without the hash (an unmade move puts back the hash it kept). */
  protected pickUp(piece: number, at: number): void {
    this.top[at] = -1;
    this.height[at] = 0;
    const row = at >> 5;
    const bit = 1 << (at & 31);
    const color = piece >= PIECES_PER_COLOR ? 1 : 0;
    const left = this.tops[32 * color + row]! ^ bit;
    this.tops[32 * color + row] = left;
    if (left === 0) this.topRows[color]! &= ~(1 << row);
    this.occ[row]! ^= bit;
    this.pos[piece] = -1;
    this.onBoard &= ~(1 << piece);
  }

  /**
   * A lone tile on the ground moved to an empty cell (most movements):
   * `takeOff` then `setOn` in one, without the hash. What those two would
   * undo and redo stays as it is: the tile is on the board with nothing
   * below it before and after, and no stack changes height but the two cells'.
   */
  protected shift(piece: number, from: number, to: number): void {
    this.top[from] = -1;
    this.height[from] = 0;
    this.top[to] = piece;
    this.height[to] = 1;
    this.pos[piece] = to;
    const fromRow = from >> 5;
    const fromBit = 1 << (from & 31);
    const toRow = to >> 5;
    const toBit = 1 << (to & 31);
    this.occ[fromRow]! ^= fromBit;
    this.occ[toRow]! ^= toBit;
    const color = piece >= PIECES_PER_COLOR ? 1 : 0;
    const tops = this.tops;
    const at = 32 * color;
    tops[at + fromRow]! ^= fromBit;
    tops[at + toRow]! ^= toBit;
    // The row the tile reached holds it now; the row it left may hold none of its colour's tops any more.
    if (tops[at + fromRow] === 0) this.topRows[color]! &= ~(1 << fromRow);
    this.topRows[color]! |= 1 << toRow;
  }

  /** `shift` with the hash: the tile's ground keys at both cells. */
  protected shiftHashed(piece: number, from: number, to: number): void {
    this.shift(piece, from, to);
    const k = 2 * (32 * from + piece);
    const l = 2 * (32 * to + piece);
    this.lo ^= KEY_CELL[k]! ^ KEY_CELL[l]!;
    this.hi ^= KEY_CELL[k + 1]! ^ KEY_CELL[l + 1]!;
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

  /** The side to move changes: its key in the hash too. */
  protected toggleSide(): void {
    this.lo ^= KEY_SIDE_LO;
    this.hi ^= KEY_SIDE_HI;
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
  protected lastMoved(): number {
    const m = this.made ? this.history[HISTORY * (this.made - 1)]! : PASS;
    return m === PASS ? -1 : movePiece(m);
  }

  /** The second tile the last ply displaced (grabbed, swapped or carried); -1 if none. */
  protected lastOther(): number {
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

  protected surrounded(cell: number): boolean {
    return cell >= 0 && this.occupiedAround(cell) === 63;
  }

  outcome(): Outcome | undefined {
    // A Queen is surrounded by six tiles: with fewer than seven on the board, nobody has won yet.
    if (bitCount(this.onBoard) < 7) return undefined;
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

  /** Bit d set when the neighbour of `cell` in direction d is occupied (read from the rows: three loads). */
  protected occupiedAround(cell: number): number {
    const occ = this.occ;
    const r = cell >> 5;
    // Rotate each of the three rows so that column q − 1 lands on bit 0: bits 0–2 are columns q − 1, q, q + 1.
    const s = (cell + 31) & 31;
    const t = 32 - s;
    const a = occ[r]!;
    const u = occ[(r + 31) & 31]!;
    const d = occ[(r + 1) & 31]!;
    return AROUND[
      (((a >>> s) | (a << t)) & 7) | ((((u >>> s) | (u << t)) & 7) << 3) | ((((d >>> s) | (d << t)) & 7) << 6)
    ]!;
  }
}
