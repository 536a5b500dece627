import type { Seat } from '@qiyuan/core';
import type { Board } from './board.js';
import { RANK_COUNT, type Rank } from './piece.js';
import type { PieceState, Rules } from './rules.js';
import * as hashing from './zobrist.js';

/**
 * What stands on the board and the counters of play: the arrays the move generator reads, who is out, the flags
 * everyone sees, the chase counts and the Zobrist hash kept in step with every piece put or taken. `Position`
 * (position.ts) builds make/unmake and the outcome on it.
 */

// Module-local copies of the hash keys: the hot loops read plain bindings, not another module's exports (read
// through a getter under tsx and vitest).
const Z_LO: Uint32Array = hashing.Z_LO;
const Z_HI: Uint32Array = hashing.Z_HI;
const Z_SEAT: number = hashing.Z_SEAT;
const pieceKey: (point: number, owner: number, rank: number, faceDown: number) => number = hashing.pieceKey;

export class PositionState {
  readonly rules: Rules;
  readonly board: Board;
  readonly n: number;
  /** Army (colour) of the piece on each point, -1 when empty. */
  readonly owner: Int8Array;
  readonly rank: Int8Array;
  readonly faceDown: Uint8Array;
  /** Piece id on each point (stable for the whole game), -1 when empty. */
  readonly pid: Int16Array;
  /** Per piece id: has it ever moved (public knowledge). */
  readonly moved: Uint8Array;
  /** Per piece id: the point it started on. */
  readonly origin: Int16Array;
  /** Per piece id: its army and rank (dead pieces included). */
  readonly pieceArmy: Int8Array;
  readonly pieceRank: Int8Array;
  /** Pieces alive per army and rank: `alive[army * RANK_COUNT + rank]`. */
  readonly alive: Int16Array;
  armyOfSeat: number[];
  toMove = 0;
  noCapture = 0;
  plies = 0;
  /** Bit per seat: knocked out. */
  out = 0;
  outOrder: number[] = [];
  outReasons: string[] = [];
  /** Bit per army: its flag is visible to everyone. */
  flagRevealed = 0;
  /** Per seat: the piece that made its last move and how often it has kept threatening each enemy piece. */
  chasePiece: number[];
  chaseTargets: Map<number, number>[];
  protected lo = 0;
  protected hi = 0;

  constructor(rules: Rules, pieces: readonly PieceState[]) {
    this.rules = rules;
    this.board = rules.board;
    const n = (this.n = rules.board.points.length);
    this.owner = new Int8Array(n).fill(-1);
    this.rank = new Int8Array(n).fill(-1);
    this.faceDown = new Uint8Array(n);
    this.pid = new Int16Array(n).fill(-1);
    const maxId = pieces.reduce((m, p) => Math.max(m, p.id), -1) + 1;
    this.moved = new Uint8Array(maxId);
    this.origin = new Int16Array(maxId).fill(-1);
    this.pieceArmy = new Int8Array(maxId).fill(-1);
    this.pieceRank = new Int8Array(maxId).fill(-1);
    this.alive = new Int16Array(4 * RANK_COUNT);
    this.armyOfSeat = [...rules.armyOfSeat];
    this.chasePiece = new Array(rules.seats).fill(-1);
    this.chaseTargets = Array.from({ length: rules.seats }, () => new Map());
    for (const p of pieces) {
      this.owner[p.point] = p.army;
      this.rank[p.point] = p.rank;
      this.faceDown[p.point] = p.faceDown ? 1 : 0;
      this.pid[p.point] = p.id;
      this.origin[p.id] = p.point;
      this.pieceArmy[p.id] = p.army;
      this.pieceRank[p.id] = p.rank;
      this.alive[p.army * RANK_COUNT + p.rank]!++;
      this.xorPiece(p.point);
    }
    if (rules.landlord >= 0) {
      // 三打一: the farmers' flags are open all game (ruling L7).
      for (let s = 0; s < rules.seats; s++) if (s !== rules.landlord) this.flagRevealed |= 1 << this.armyOfSeat[s]!;
    }
    this.toMove = rules.firstSeat;
    this.xorSeat(this.toMove);
  }

  /**
   * Gives the piece `id` on the board another army and rank, as if it had been dealt so: another
   * world with the same public facts when the piece's identity is hidden (see worlds.ts).
   */
  redraw(id: number, army: number, rank: Rank): void {
    const p = this.pid.indexOf(id);
    if (p < 0) return;
    this.xorPiece(p);
    this.alive[this.owner[p]! * RANK_COUNT + this.rank[p]!]!--;
    this.owner[p] = army;
    this.rank[p] = rank;
    this.pieceArmy[id] = army;
    this.pieceRank[id] = rank;
    this.alive[army * RANK_COUNT + rank]!++;
    this.xorPiece(p);
  }

  // ---- queries ---------------------------------------------------------

  isOut(seat: Seat): boolean {
    return ((this.out >> seat) & 1) === 1;
  }

  seatOfArmy(army: number): Seat {
    return this.armyOfSeat.indexOf(army);
  }

  /** The team of the seat commanding `army`, or -1 while the colours are undecided. */
  teamOfArmy(army: number): number {
    const seat = this.seatOfArmy(army);
    return seat < 0 ? -1 : this.rules.teamOfSeat[seat]!;
  }

  pieces(): PieceState[] {
    const out: PieceState[] = [];
    for (let p = 0; p < this.n; p++) {
      if (this.owner[p]! >= 0) {
        out.push({
          point: p,
          army: this.owner[p]!,
          rank: this.rank[p]!,
          faceDown: this.faceDown[p] === 1,
          id: this.pid[p]!,
        });
      }
    }
    return out;
  }

  /** Ids of pieces no longer on the board. */
  deadPieces(): number[] {
    // a flag per piece id rather than a Set: every view of every ply asks (game-views.ts)
    const onBoard = new Uint8Array(this.pieceArmy.length);
    for (let p = 0; p < this.n; p++) if (this.pid[p]! >= 0) onBoard[this.pid[p]!] = 1;
    const out: number[] = [];
    for (let id = 0; id < this.pieceArmy.length; id++) if (this.pieceArmy[id]! >= 0 && onBoard[id] === 0) out.push(id);
    return out;
  }

  /** Restores the counters a view carries (for determinizations). */
  restore(state: {
    toMove: Seat;
    out: readonly boolean[];
    noCapture: number;
    plies: number;
    flagRevealed: number;
    moved: readonly number[];
  }): void {
    this.xorSeat(this.toMove);
    this.toMove = state.toMove;
    this.xorSeat(this.toMove);
    this.out = 0;
    this.outOrder = [];
    state.out.forEach((o, s) => {
      if (o) {
        this.out |= 1 << s;
        this.outOrder.push(s);
      }
    });
    this.noCapture = state.noCapture;
    this.plies = state.plies;
    this.flagRevealed = state.flagRevealed;
    for (const id of state.moved) if (id < this.moved.length) this.moved[id] = 1;
  }

  // ---- putting and taking pieces (each keeps the hash in step) ----------

  protected xorPiece(p: number): void {
    const k = pieceKey(p, this.owner[p]!, this.rank[p]!, this.faceDown[p]!);
    this.lo ^= Z_LO[k]!;
    this.hi ^= Z_HI[k]!;
  }

  protected xorSeat(seat: number): void {
    this.lo ^= Z_LO[Z_SEAT + seat]!;
    this.hi ^= Z_HI[Z_SEAT + seat]!;
  }

  protected clear(p: number): void {
    this.xorPiece(p);
    this.alive[this.owner[p]! * RANK_COUNT + this.rank[p]!]!--;
    this.owner[p] = -1;
    this.rank[p] = -1;
    this.faceDown[p] = 0;
    this.pid[p] = -1;
  }

  protected put(p: number, owner: number, rank: number, faceDown: number, pid: number): void {
    this.owner[p] = owner;
    this.rank[p] = rank;
    this.faceDown[p] = faceDown;
    this.pid[p] = pid;
    this.alive[owner * RANK_COUNT + rank]!++;
    this.xorPiece(p);
  }
}
