import type { Outcome, Searchable, Seat, SeatResult } from '@qiyuan/core';
import * as generation from './move-generation.js';
import { type MoveWalk, newMoveWalk } from './move-generation.js';
import { COMBAT_TABLE, FLAG, GENERAL, RANK_COUNT } from './piece.js';
import { PositionState } from './position-state.js';
import type { Effect, PieceState, Rules } from './rules.js';
import * as moveCode from './rules.js';
import { decidedByExits, type Exits, rankedOutcome } from './standing.js';

/**
 * The mutable board the engine plays on (the play phase of every mode). It
 * knows every rank — it is the referee — and serves search through
 * `Searchable`: integer moves, exact make/unmake, an incremental Zobrist hash.
 * What stands on the board is `PositionState` (position-state.ts); this class
 * adds the moves, knockouts, the outcome and the platform events.
 * `JunqiGame` wraps it with the setup and bidding phases, validation and the
 * per-seat views.
 */

export {
  type Effect,
  encodeFlip,
  encodeMove,
  isFlip,
  MODES,
  MOVE_KIND_FLIP,
  type Mode,
  moveFrom,
  moveTo,
  type PieceState,
  type Rules,
} from './rules.js';

// Module-local copies of the move code: the hot loops read plain bindings, not another module's exports (read
// through a getter under tsx and vitest).
const moveFrom: (move: number) => number = moveCode.moveFrom;
const moveTo: (move: number) => number = moveCode.moveTo;
const isFlip: (move: number) => boolean = moveCode.isFlip;
// and of the move generator's entry points
const movesOf: typeof generation.movesOf = generation.movesOf;
const pieceMoves: typeof generation.pieceMoves = generation.pieceMoves;
const hasMove: typeof generation.hasMove = generation.hasMove;
const hasMovablePiece: typeof generation.hasMovablePiece = generation.hasMovablePiece;

interface Change {
  point: number;
  owner: number;
  rank: number;
  faceDown: number;
  pid: number;
}

interface Undo {
  move: number;
  changes: Change[];
  toMove: number;
  noCapture: number;
  plies: number;
  out: number;
  outOrder: number[];
  outReasons: string[];
  armyOfSeat: number[];
  flagRevealed: number;
  chasePiece: number;
  chaseTargets: Map<number, number>;
  movedPid: number;
  movedBefore: number;
  hashLo: number;
  hashHi: number;
  outcome: Outcome | undefined;
  effect: Effect | undefined;
}

export class Position extends PositionState implements Searchable<number> {
  private result: Outcome | undefined;
  private lastEffect: Effect | undefined;
  private readonly stack: Undo[] = [];
  /** The move generator's point kinds and visit marks (see move-generation.ts). */
  private readonly walk: MoveWalk;
  private readonly moveBuffer: number[] = [];

  constructor(rules: Rules, pieces: readonly PieceState[]) {
    super(rules, pieces);
    this.walk = newMoveWalk(rules.board);
  }

  /** An independent copy (without the undo stack). */
  clone(): Position {
    const copy = Object.create(Position.prototype) as Position;
    Object.assign(copy, this);
    const c = copy as unknown as Record<string, unknown>;
    c.owner = this.owner.slice();
    c.rank = this.rank.slice();
    c.faceDown = this.faceDown.slice();
    c.pid = this.pid.slice();
    c.moved = this.moved.slice();
    // a copy may give its pieces other identities (`redraw`), which must not reach the original
    c.pieceArmy = this.pieceArmy.slice();
    c.pieceRank = this.pieceRank.slice();
    c.alive = this.alive.slice();
    c.walk = newMoveWalk(this.board);
    c.stack = [];
    c.moveBuffer = [];
    copy.armyOfSeat = [...this.armyOfSeat];
    copy.outOrder = [...this.outOrder];
    copy.outReasons = [...this.outReasons];
    copy.chasePiece = [...this.chasePiece];
    copy.chaseTargets = this.chaseTargets.map((m) => new Map(m));
    return copy;
  }

  lastPlayEffect(): Effect | undefined {
    return this.lastEffect;
  }

  // ---- Searchable --------------------------------------------------------

  sideToMove(): Seat {
    return this.result ? -1 : this.toMove;
  }

  outcome(): Outcome | undefined {
    return this.result;
  }

  hashLo(): number {
    return this.lo >>> 0;
  }

  hashHi(): number {
    return this.hi >>> 0;
  }

  generateMoves(): readonly number[] {
    const out = this.moveBuffer;
    out.length = 0;
    if (this.result) return out;
    movesOf(this, this.walk, this.toMove, out, false);
    return out;
  }

  /** Legal moves of `seat` as if it were to move (empty when it is out). */
  movesFor(seat: Seat): number[] {
    const out: number[] = [];
    if (!this.isOut(seat)) movesOf(this, this.walk, seat, out, false);
    return out;
  }

  /** Legal destinations of the piece on `from` for the seat that commands it (the web app's highlight). */
  destinations(from: number): number[] {
    const army = this.owner[from]!;
    const seat = army >= 0 ? this.seatOfArmy(army) : -1;
    if (seat < 0 || this.faceDown[from] || this.isOut(seat)) return [];
    const out: number[] = [];
    pieceMoves(this, this.walk, seat, from, out, false);
    return out.map(moveTo);
  }

  // ---- make / unmake -----------------------------------------------------

  private record(u: Undo, p: number): void {
    u.changes.push({
      point: p,
      owner: this.owner[p]!,
      rank: this.rank[p]!,
      faceDown: this.faceDown[p]!,
      pid: this.pid[p]!,
    });
  }

  private begin(move: number): Undo {
    const seat = this.toMove;
    const u: Undo = {
      move,
      changes: [],
      toMove: this.toMove,
      noCapture: this.noCapture,
      plies: this.plies,
      out: this.out,
      outOrder: [...this.outOrder],
      outReasons: [...this.outReasons],
      armyOfSeat: [...this.armyOfSeat],
      flagRevealed: this.flagRevealed,
      chasePiece: this.chasePiece[seat]!,
      chaseTargets: this.chaseTargets[seat]!,
      movedPid: -1,
      movedBefore: 0,
      hashLo: this.lo,
      hashHi: this.hi,
      outcome: this.result,
      effect: this.lastEffect,
    };
    this.stack.push(u);
    return u;
  }

  /** Plays a move of the side to move; the move must be legal (search trusts its generator). */
  makeMove(move: number): void {
    const seat = this.toMove;
    const u = this.begin(move);
    const effect: { -readonly [K in keyof Effect]: Effect[K] } = { move, seat };
    this.plies++;
    if (isFlip(move)) {
      const at = moveFrom(move);
      this.record(u, at);
      this.xorPiece(at);
      this.faceDown[at] = 0;
      this.xorPiece(at);
      const army = this.owner[at]!;
      effect.flipped = { army, rank: this.rank[at]!, id: this.pid[at]! };
      if (this.armyOfSeat[seat]! < 0) {
        // The first flip decides the colours: the flipper takes the colour it turned up (2 players).
        this.armyOfSeat = this.armyOfSeat.map((_, s) => (s === seat ? army : 1 - army));
        effect.colours = [...this.armyOfSeat];
      }
      this.noCapture++;
      this.chasePiece[seat] = -1;
      this.chaseTargets[seat] = new Map();
    } else {
      const from = moveFrom(move);
      const to = moveTo(move);
      const mover = this.pid[from]!;
      u.movedPid = mover;
      u.movedBefore = this.moved[mover]!;
      this.moved[mover] = 1;
      this.record(u, from);
      this.record(u, to);
      const a = { army: this.owner[from]!, rank: this.rank[from]!, id: mover };
      if (this.owner[to] === -1) {
        const fd = this.faceDown[from]!;
        this.clear(from);
        this.put(to, a.army, a.rank, fd, mover);
        this.noCapture++;
        this.updateChase(seat, to);
      } else {
        const d = { army: this.owner[to]!, rank: this.rank[to]!, id: this.pid[to]! };
        const result = COMBAT_TABLE[a.rank * RANK_COUNT + d.rank]!;
        effect.combat = result;
        effect.attacker = a;
        effect.defender = d;
        this.noCapture = 0;
        this.chasePiece[seat] = -1;
        this.chaseTargets[seat] = new Map();
        this.clear(from);
        if (result !== 'defender') this.clear(to);
        if (result === 'attacker') this.put(to, a.army, a.rank, 0, mover);
        const revealed: number[] = [];
        for (const dead of result === 'both' ? [a, d] : result === 'attacker' ? [d] : [a]) {
          if (dead.rank === GENERAL && this.rules.mode === 'hidden' && dead.army !== this.landlordArmy()) {
            if (!((this.flagRevealed >> dead.army) & 1) && this.alive[dead.army * RANK_COUNT + FLAG]! > 0) {
              this.flagRevealed |= 1 << dead.army;
              revealed.push(dead.army);
            }
          }
        }
        if (revealed.length > 0) effect.flagsRevealed = revealed;
        if (d.rank === FLAG) {
          const loser = this.seatOfArmy(d.army);
          this.knockOut(u, loser, 'flag-captured', effect);
        }
      }
    }
    this.advance(u, effect);
    this.lastEffect = effect;
  }

  private landlordArmy(): number {
    return this.rules.landlord >= 0 ? this.armyOfSeat[this.rules.landlord]! : -1;
  }

  private updateChase(seat: Seat, to: number): void {
    if (this.rules.chaseLimit === 0) return;
    const piece = this.pid[to]!;
    const prev = this.chasePiece[seat] === piece ? this.chaseTargets[seat]! : new Map<number, number>();
    const next = new Map<number, number>();
    const moves: number[] = [];
    pieceMoves(this, this.walk, seat, to, moves, false, false);
    for (const m of moves) {
      const q = moveTo(m);
      if (this.owner[q] !== -1) {
        const t = this.pid[q]!;
        next.set(t, (prev.get(t) ?? 0) + 1);
      }
    }
    this.chasePiece[seat] = piece;
    this.chaseTargets[seat] = next;
  }

  /** Removes a seat from play: its army leaves the board (ruling R9). */
  private knockOut(
    u: Undo,
    seat: Seat,
    reason: string,
    effect: { knockedOut?: { seat: Seat; reason: string }[] },
  ): void {
    if (seat < 0 || this.isOut(seat)) return;
    this.out |= 1 << seat;
    this.outOrder.push(seat);
    this.outReasons[seat] = reason;
    const list = (effect.knockedOut ??= []);
    list.push({ seat, reason });
    const army = this.armyOfSeat[seat]!;
    if (this.rules.seats > 2 && army >= 0) {
      for (let p = 0; p < this.n; p++) {
        if (this.owner[p] === army) {
          this.record(u, p);
          this.clear(p);
        }
      }
    }
  }

  /** Passes the turn on, knocking out seats that cannot move, and settles the outcome. */
  private advance(u: Undo, effect: { knockedOut?: { seat: Seat; reason: string }[] }): void {
    this.xorSeat(this.toMove);
    this.result = this.settle();
    if (!this.result && this.rules.mode !== 'flip') {
      // An army whose movable pieces are all gone is out at once, whoever moves next.
      for (let s = 0; s < this.rules.seats; s++) {
        if (!this.isOut(s) && !hasMovablePiece(this, this.walk, s)) this.knockOut(u, s, 'no-movable-pieces', effect);
      }
    }
    while (!this.result) {
      this.result = this.settle();
      if (this.result) break;
      let next = this.toMove;
      do next = (next + 1) % this.rules.seats;
      while (this.isOut(next));
      this.toMove = next;
      if (hasMove(this, this.walk, next)) break;
      this.knockOut(u, next, 'no-moves', effect);
    }
    if (!this.result) {
      if (this.rules.noCaptureLimit > 0 && this.noCapture >= this.rules.noCaptureLimit)
        this.result = this.draw('no-capture-limit');
      else if (this.rules.moveLimit > 0 && this.plies >= this.rules.moveLimit) this.result = this.draw('move-limit');
    }
    this.xorSeat(this.toMove);
  }

  /** Platform events: a seat leaves the game (resignation, too many timeouts). */
  forfeit(seat: Seat, reason: string): Effect {
    const u = this.begin(-1);
    const effect: { -readonly [K in keyof Effect]: Effect[K] } = { move: -1, seat };
    const wasToMove = this.toMove === seat;
    this.knockOut(u, seat, reason, effect);
    if (wasToMove) this.advance(u, effect);
    else {
      this.result = this.settle();
      if (!this.result && !hasMove(this, this.walk, this.toMove)) this.advance(u, effect);
    }
    this.lastEffect = effect;
    return effect;
  }

  /** A timeout that does not lose yet: the seat's turn is skipped. */
  skipTurn(): Effect {
    const seat = this.toMove;
    const u = this.begin(-2);
    const effect: { -readonly [K in keyof Effect]: Effect[K] } = { move: -2, seat };
    this.plies++;
    this.noCapture++;
    this.advance(u, effect);
    this.lastEffect = effect;
    return effect;
  }

  /** Ends the game drawn (agreed draw). */
  agreeDraw(): void {
    this.begin(-3);
    this.result = this.draw('draw-agreed');
  }

  private draw(reason: string): Outcome {
    const results: SeatResult[] = [];
    for (let s = 0; s < this.rules.seats; s++) results.push(this.isOut(s) ? 'loss' : 'draw');
    return this.finish(reason, results);
  }

  private finish(reason: string, results: SeatResult[]): Outcome {
    return rankedOutcome(this.rules, this.exits(), reason, results);
  }

  /** The outcome if the game is decided by knockouts, else undefined. */
  private settle(): Outcome | undefined {
    return decidedByExits(this.rules, this.exits());
  }

  private exits(): Exits {
    return { out: this.out, order: this.outOrder, reasons: this.outReasons };
  }

  unmakeMove(): void {
    const u = this.stack.pop();
    if (!u) return;
    for (let i = u.changes.length - 1; i >= 0; i--) {
      const c = u.changes[i]!;
      if (this.owner[c.point] !== -1) this.alive[this.owner[c.point]! * RANK_COUNT + this.rank[c.point]!]!--;
      this.owner[c.point] = c.owner;
      this.rank[c.point] = c.rank;
      this.faceDown[c.point] = c.faceDown;
      this.pid[c.point] = c.pid;
      if (c.owner !== -1) this.alive[c.owner * RANK_COUNT + c.rank]!++;
    }
    if (u.movedPid >= 0) this.moved[u.movedPid] = u.movedBefore;
    this.toMove = u.toMove;
    this.noCapture = u.noCapture;
    this.plies = u.plies;
    this.out = u.out;
    this.outOrder = u.outOrder;
    this.outReasons = u.outReasons;
    this.armyOfSeat = u.armyOfSeat;
    this.flagRevealed = u.flagRevealed;
    this.chasePiece[u.toMove] = u.chasePiece;
    this.chaseTargets[u.toMove] = u.chaseTargets;
    this.lo = u.hashLo;
    this.hi = u.hashHi;
    this.result = u.outcome;
    this.lastEffect = u.effect;
  }

  /**
   * Checks the opening position: a seat that cannot move at the start is out at once, and so is each seat in
   * `outBeforePlay` (its army was never deployed).
   */
  start(outBeforePlay: readonly { seat: Seat; reason: string }[] = []): void {
    const u: Undo = this.begin(-4);
    const effect: { knockedOut?: { seat: Seat; reason: string }[] } = {};
    // Seats that left while the armies deployed (R13) are out from the start, in the order they left.
    for (const gone of outBeforePlay) this.knockOut(u, gone.seat, gone.reason, effect);
    this.result = this.settle();
    if (!this.result && (this.isOut(this.toMove) || !hasMove(this, this.walk, this.toMove))) {
      this.knockOut(u, this.toMove, 'no-moves', effect);
      this.advance(u, effect);
    }
    this.stack.length = 0;
  }
}
