import type { Outcome, Searchable, Seat } from '@qiyuan/core';
import { Rng } from '@qiyuan/core';
import { CELL_COUNT as BOARD_CELLS, NEIGHBOR as BOARD_NEIGHBOR } from './board.js';

// Local copies of the board tables: some loaders (tsx, vitest) turn imported
// bindings into getter calls on every access, which made the hot loops ten
// times slower; a module-level const is a plain variable under any loader.
const CELL_COUNT: number = BOARD_CELLS;
const NEIGHBOR: Int8Array = BOARD_NEIGHBOR;

import { LAYOUTS, type StartPosition } from './layouts.js';

/** Cell contents: 0 empty, 1 Black (seat 0), 2 White (seat 1). */
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

export const EJECTIONS_TO_WIN = 6;

/**
 * A move packed in an integer: the rear marble of the line, how many marbles
 * (1–3), the direction the line runs from the rear marble, and the direction
 * they move. In-line moves (and every one-marble move) have both directions
 * equal; broadside lines are listed from their rear along E, NE or NW only,
 * so every move has exactly one code.
 */
export type Move = number;

export const encodeMove = (rear: number, count: number, lineDir: number, moveDir: number): Move =>
  rear | (count << 6) | (lineDir << 8) | (moveDir << 11);
export const moveRear = (m: Move): number => m & 63;
export const moveCount = (m: Move): number => (m >> 6) & 3;
export const moveLineDir = (m: Move): number => (m >> 8) & 7;
export const moveDir = (m: Move): number => (m >> 11) & 7;
export const isInline = (m: Move): boolean => moveLineDir(m) === moveDir(m);
/** Whether `m` is a well-formed move code (not whether it is legal): an integer with a cell, 1–3 marbles, two directions. */
export const isMoveCode = (m: unknown): m is Move =>
  typeof m === 'number' &&
  Number.isInteger(m) &&
  m >= 0 &&
  m < 1 << 14 &&
  moveRear(m) < BOARD_CELLS &&
  moveCount(m) >= 1 &&
  moveLineDir(m) < 6 &&
  moveDir(m) < 6;

// Zobrist keys: one pair of 32-bit halves per cell and colour, and one for the side to move.
const keyRng = Rng.fromSeed('abalone-zobrist');
const ZOBRIST_LO = new Uint32Array(CELL_COUNT * 3);
const ZOBRIST_HI = new Uint32Array(CELL_COUNT * 3);
for (let i = 0; i < CELL_COUNT * 3; i++) {
  ZOBRIST_LO[i] = keyRng.uint32();
  ZOBRIST_HI[i] = keyRng.uint32();
}
const SIDE_LO = keyRng.uint32();
const SIDE_HI = keyRng.uint32();

/** What a move did, so that unmake is exact: -2 no push, -1 a marble ejected, else the cell the last pushed marble entered. */
const NO_PUSH = -2;
const EJECTED = -1;

/**
 * The fast mutable board: a byte per cell, a precomputed neighbour table,
 * move buffers reused per ply, an incremental Zobrist hash.
 */
export class Position implements Searchable<Move> {
  readonly cells = new Uint8Array(CELL_COUNT);
  /** Marbles each seat has pushed off (index = the seat that ejected them). */
  readonly ejected = [0, 0];
  side: Seat = 0;
  private lo = 0;
  private hi = 0;
  private readonly history: number[] = [];
  private readonly pushes: number[] = [];
  private readonly buffers: number[][] = [];

  static start(start: StartPosition): Position {
    const p = new Position();
    const layout = LAYOUTS[start];
    for (const c of layout.black) p.put(c, BLACK);
    for (const c of layout.white) p.put(c, WHITE);
    return p;
  }

  /**
   * A position set up by hand (the analysis board's editor): `cells` is 61 characters from A1 to I9 (`b`, `w`, `.`),
   * `side` the seat to move. Marbles missing from a side's fourteen count as pushed off by the other side.
   */
  static fromSetup(cells: string, side: Seat): Position {
    const p = new Position();
    let black = 0;
    let white = 0;
    for (let i = 0; i < CELL_COUNT; i++) {
      if (cells[i] === 'b') {
        p.put(i, BLACK);
        black++;
      } else if (cells[i] === 'w') {
        p.put(i, WHITE);
        white++;
      }
    }
    p.ejected[0] = 14 - white;
    p.ejected[1] = 14 - black;
    p.setSide(side);
    return p;
  }

  clone(): Position {
    const p = new Position();
    p.cells.set(this.cells);
    p.ejected[0] = this.ejected[0]!;
    p.ejected[1] = this.ejected[1]!;
    p.side = this.side;
    p.lo = this.lo;
    p.hi = this.hi;
    p.history.push(...this.history);
    p.pushes.push(...this.pushes);
    return p;
  }

  /** Sets a cell (for building positions); keeps the hash right. */
  put(cell: number, value: number): void {
    const old = this.cells[cell]!;
    if (old) this.toggle(cell, old);
    this.cells[cell] = value;
    if (value) this.toggle(cell, value);
  }

  setSide(side: Seat): void {
    if (side !== this.side) {
      this.side = side;
      this.lo ^= SIDE_LO;
      this.hi ^= SIDE_HI;
    }
  }

  private toggle(cell: number, value: number): void {
    this.lo ^= ZOBRIST_LO[cell * 3 + value]!;
    this.hi ^= ZOBRIST_HI[cell * 3 + value]!;
  }

  get plies(): number {
    return this.history.length;
  }

  lastMove(): Move | undefined {
    return this.history.at(-1);
  }

  hashLo(): number {
    return this.lo >>> 0;
  }

  hashHi(): number {
    return this.hi >>> 0;
  }

  sideToMove(): Seat {
    return this.winner() === undefined ? this.side : -1;
  }

  winner(): Seat | undefined {
    if (this.ejected[0]! >= EJECTIONS_TO_WIN) return 0;
    if (this.ejected[1]! >= EJECTIONS_TO_WIN) return 1;
    return undefined;
  }

  outcome(): Outcome | undefined {
    const w = this.winner();
    if (w === undefined) return undefined;
    return { reason: 'six-ejected', results: w === 0 ? ['win', 'loss'] : ['loss', 'win'] };
  }

  generateMoves(): readonly Move[] {
    const ply = this.history.length;
    let out = this.buffers[ply];
    if (!out) {
      out = [];
      this.buffers[ply] = out;
    }
    out.length = 0;
    if (this.winner() === undefined) this.generateInto(out);
    return out;
  }

  /** Appends every legal move of the side to move. */
  generateInto(out: Move[]): void {
    const cells = this.cells;
    const own = this.side === 0 ? BLACK : WHITE;
    const opp = own === BLACK ? WHITE : BLACK;
    for (let c = 0; c < CELL_COUNT; c++) {
      if (cells[c] !== own) continue;
      for (let d = 0; d < 6; d++) {
        // In-line: grow the line from c along d until something other than an own marble is in front.
        let head = c;
        for (let k = 1; k <= 3; k++) {
          const front = NEIGHBOR[head * 6 + d]!;
          if (front < 0) break;
          const v = cells[front]!;
          if (v === EMPTY) {
            out.push(encodeMove(c, k, d, d));
            break;
          }
          if (v === own) {
            head = front;
            continue;
          }
          // Opposing marbles in front: sumito when we outnumber them and the cell behind them is free or off the board.
          if (k === 1) break;
          let n = 0;
          let g = front;
          while (g >= 0 && cells[g] === opp) {
            n++;
            g = NEIGHBOR[g * 6 + d]!;
          }
          if (n < k && (g < 0 || cells[g] === EMPTY)) out.push(encodeMove(c, k, d, d));
          break;
        }
      }
      // Broadside: lines of 2 or 3 along E, NE or NW, moved sideways into empty cells.
      for (let a = 0; a < 3; a++) {
        const second = NEIGHBOR[c * 6 + a]!;
        if (second < 0 || cells[second] !== own) continue;
        const third = NEIGHBOR[second * 6 + a]!;
        const hasThird = third >= 0 && cells[third] === own;
        for (let m = 0; m < 6; m++) {
          if (m === a || m === a + 3) continue;
          const t1 = NEIGHBOR[c * 6 + m]!;
          const t2 = NEIGHBOR[second * 6 + m]!;
          if (t1 < 0 || t2 < 0 || cells[t1] !== EMPTY || cells[t2] !== EMPTY) continue;
          out.push(encodeMove(c, 2, a, m));
          if (hasThird) {
            const t3 = NEIGHBOR[third * 6 + m]!;
            if (t3 >= 0 && cells[t3] === EMPTY) out.push(encodeMove(c, 3, a, m));
          }
        }
      }
    }
  }

  makeMove(m: Move): void {
    const rear = moveRear(m);
    const count = moveCount(m);
    const line = moveLineDir(m);
    const dir = moveDir(m);
    const own = this.side === 0 ? BLACK : WHITE;
    const opp = own === BLACK ? WHITE : BLACK;
    let push = NO_PUSH;
    if (line === dir) {
      let head = rear;
      for (let i = 1; i < count; i++) head = NEIGHBOR[head * 6 + dir]!;
      const front = NEIGHBOR[head * 6 + dir]!;
      if (this.cells[front] === opp) {
        let g = front;
        while (g >= 0 && this.cells[g] === opp) g = NEIGHBOR[g * 6 + dir]!;
        if (g < 0) {
          push = EJECTED;
          this.ejected[this.side]!++;
        } else {
          push = g;
          this.cells[g] = opp;
          this.toggle(g, opp);
        }
        this.toggle(front, opp);
      }
      this.cells[front] = own;
      this.toggle(front, own);
      this.cells[rear] = EMPTY;
      this.toggle(rear, own);
    } else {
      let x = rear;
      for (let i = 0; i < count; i++) {
        const t = NEIGHBOR[x * 6 + dir]!;
        this.cells[x] = EMPTY;
        this.cells[t] = own;
        this.toggle(x, own);
        this.toggle(t, own);
        x = NEIGHBOR[x * 6 + line]!;
      }
    }
    this.history.push(m);
    this.pushes.push(push);
    this.side = 1 - this.side;
    this.lo ^= SIDE_LO;
    this.hi ^= SIDE_HI;
  }

  unmakeMove(): void {
    const m = this.history.pop();
    const push = this.pushes.pop();
    if (m === undefined || push === undefined) return;
    this.side = 1 - this.side;
    this.lo ^= SIDE_LO;
    this.hi ^= SIDE_HI;
    const rear = moveRear(m);
    const count = moveCount(m);
    const line = moveLineDir(m);
    const dir = moveDir(m);
    const own = this.side === 0 ? BLACK : WHITE;
    const opp = own === BLACK ? WHITE : BLACK;
    if (line === dir) {
      let head = rear;
      for (let i = 1; i < count; i++) head = NEIGHBOR[head * 6 + dir]!;
      const front = NEIGHBOR[head * 6 + dir]!;
      this.cells[rear] = own;
      this.toggle(rear, own);
      this.toggle(front, own);
      if (push === NO_PUSH) {
        this.cells[front] = EMPTY;
      } else {
        this.cells[front] = opp;
        this.toggle(front, opp);
        if (push === EJECTED) this.ejected[this.side]!--;
        else {
          this.cells[push] = EMPTY;
          this.toggle(push, opp);
        }
      }
    } else {
      let x = rear;
      for (let i = 0; i < count; i++) {
        const t = NEIGHBOR[x * 6 + dir]!;
        this.cells[t] = EMPTY;
        this.cells[x] = own;
        this.toggle(x, own);
        this.toggle(t, own);
        x = NEIGHBOR[x * 6 + line]!;
      }
    }
  }

  /**
   * How many legal moves the side to move has, without listing them: the
   * same walk as `generateInto`, for bulk counting at the last ply of perft.
   */
  countMoves(): number {
    if (this.ejected[0]! >= EJECTIONS_TO_WIN || this.ejected[1]! >= EJECTIONS_TO_WIN) return 0;
    const cells = this.cells;
    const own = this.side === 0 ? BLACK : WHITE;
    let n = 0;
    for (let c = 0; c < CELL_COUNT; c++) {
      if (cells[c] !== own) continue;
      const base = c * 6;
      for (let d = 0; d < 6; d++) {
        // In-line: one marble, or the line of two or three starting here.
        const f1 = NEIGHBOR[base + d]!;
        if (f1 < 0) continue;
        const v1 = cells[f1]!;
        if (v1 === EMPTY) {
          n++;
          continue;
        }
        if (v1 !== own) continue;
        const f2 = NEIGHBOR[f1 * 6 + d]!;
        if (f2 < 0) continue;
        const v2 = cells[f2]!;
        if (v2 === EMPTY) {
          n++;
          continue;
        }
        const f3 = NEIGHBOR[f2 * 6 + d]!;
        if (v2 !== own) {
          // 2 push 1: one opposing marble, then a free cell or the edge.
          if (f3 < 0 || cells[f3] === EMPTY) n++;
          continue;
        }
        if (f3 < 0) continue;
        const v3 = cells[f3]!;
        if (v3 === EMPTY) {
          n++;
          continue;
        }
        if (v3 === own) continue;
        // 3 push 1 or 3 push 2.
        const f4 = NEIGHBOR[f3 * 6 + d]!;
        if (f4 < 0) {
          n++;
          continue;
        }
        const v4 = cells[f4]!;
        if (v4 === EMPTY) {
          n++;
          continue;
        }
        if (v4 === own) continue;
        const f5 = NEIGHBOR[f4 * 6 + d]!;
        if (f5 < 0 || cells[f5] === EMPTY) n++;
      }
      // Broadside: lines of 2 or 3 along E, NE or NW, moved sideways into empty cells.
      for (let a = 0; a < 3; a++) {
        const second = NEIGHBOR[base + a]!;
        if (second < 0 || cells[second] !== own) continue;
        const third = NEIGHBOR[second * 6 + a]!;
        const hasThird = third >= 0 && cells[third] === own;
        for (let m = 0; m < 6; m++) {
          if (m === a || m === a + 3) continue;
          const t1 = NEIGHBOR[base + m]!;
          if (t1 < 0 || cells[t1] !== EMPTY) continue;
          const t2 = NEIGHBOR[second * 6 + m]!;
          if (t2 < 0 || cells[t2] !== EMPTY) continue;
          n++;
          if (hasThird) {
            const t3 = NEIGHBOR[third * 6 + m]!;
            if (t3 >= 0 && cells[t3] === EMPTY) n++;
          }
        }
      }
    }
    return n;
  }

  /** Leaf count at `depth`, counting the last ply in bulk. */
  perft(depth: number): number {
    if (depth === 0) return 1;
    if (depth === 1) return this.countMoves();
    // The list lives in this ply's reused buffer, which deeper plies do not touch.
    const moves = this.generateMoves();
    let total = 0;
    for (let i = 0; i < moves.length; i++) {
      this.makeMove(moves[i]!);
      total += depth === 2 ? this.countMoves() : this.perft(depth - 1);
      this.unmakeMove();
    }
    return total;
  }
}
