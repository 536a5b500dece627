import type { Outcome, Searchable, Seat } from '@qiyuan/core';
import { BoardState, ENTRY } from './board-state.js';
import { type Layout, layoutOf, validateLayout } from './layout.js';
import { dropOut, lastEntryKind, makeMove, unmakeMove } from './make-unmake.js';
import { generateInto, pathOf, singleJumps } from './move-generation.js';
import type { ChineseCheckersOptions } from './options.js';
import { type DropReason, outcomeFrom, ranking } from './outcome.js';
import { moveFrom, moveTo, PASS, type PackedMove } from './packed-move.js';
import { POINT_COUNT, type PointId } from './star.js';

/**
 * The fast mutable position behind the game, as one object for the searches
 * and the game: the data is a `BoardState` (board-state.ts), moves come from
 * move-generation.ts, make/unmake/drop-out from make-unmake.ts, results from
 * outcome.ts. Moves are packed integers (`from | to << 8`); nothing here
 * validates them (see `Game`).
 */
export class Position implements Searchable<PackedMove> {
  readonly options: ChineseCheckersOptions;
  readonly seatCount: number;
  /** The home corner (and colour) of each seat. */
  readonly seatCorner: readonly number[];
  /** 0 empty, otherwise colour + 1. */
  readonly board: Uint8Array;
  /** 0 while the seat plays on; otherwise its finishing place (1 is first). */
  readonly place: Uint8Array;
  /** 0, or 1 + the index in `DROP_REASONS` for a seat that left early. */
  readonly dropped: Uint8Array;
  /** 食棋: pieces each seat has captured. */
  readonly captures: Int32Array;

  private readonly st: BoardState;
  private readonly moveList: PackedMove[] = [];
  private readonly scratch = new Int32Array(1024);

  constructor(options: ChineseCheckersOptions, layout?: Layout) {
    const st = new BoardState(options, layout);
    this.st = st;
    this.options = options;
    this.seatCount = st.seatCount;
    this.seatCorner = st.seatCorner;
    this.board = st.board;
    this.place = st.place;
    this.dropped = st.dropped;
    this.captures = st.captures;
  }

  /** Checks a layout against the options: colours seated, at most 15 pieces each, 食棋 not over already. */
  static validateLayout(options: ChineseCheckersOptions, layout: Layout): string | undefined {
    return validateLayout(options, layout);
  }

  sideToMove(): Seat {
    return this.st.over ? -1 : this.st.side;
  }

  /** The seat whose turn it is, even when the game is over (the seat that would have moved). */
  get turnSeat(): Seat {
    return this.st.side;
  }

  get isOver(): boolean {
    return this.st.over;
  }

  get reason(): string {
    return this.st.endReason;
  }

  get pieceTotal(): number {
    return this.st.piecesLeft;
  }

  /** Whether `s` still takes turns. */
  isActive(s: Seat): boolean {
    return this.place[s] === 0 && this.dropped[s] === 0;
  }

  hashLo(): number {
    return this.st.lo >>> 0;
  }

  hashHi(): number {
    return this.st.hi >>> 0;
  }

  /** The colour (0..5) on `p`, or -1 when empty. */
  colourAt(p: PointId): number {
    return this.board[p]! - 1;
  }

  /** The seat playing the colour (corner) `colour`, or -1. */
  seatOf(colour: number): Seat {
    return this.st.seatOfColour[colour]!;
  }

  generateMoves(): readonly PackedMove[] {
    const list = this.moveList;
    list.length = 0;
    if (this.st.over) return list;
    const n = generateInto(this.st, this.scratch);
    for (let i = 0; i < n; i++) list.push(this.scratch[i]!);
    return list;
  }

  /** Writes the moves of the side to move into `out` and returns how many; trusted, no allocation. */
  generateInto(out: Int32Array): number {
    return generateInto(this.st, out);
  }

  /**
   * For the board UI: the legal destinations of the piece on `from` for the
   * side to move, each with one path (the shortest jump chain, or the step).
   */
  destinations(from: PointId): { to: PointId; path: PointId[] }[] {
    if (this.st.over || from < 0 || from >= POINT_COUNT || this.board[from] === 0) return [];
    const moves = this.generateMoves().filter((m) => m !== PASS && moveFrom(m) === from);
    return moves.map((m) => ({ to: moveTo(m), path: this.pathOf(from, moveTo(m)) }));
  }

  /** One path for a legal move from → to: [from, to] for a step or a 食棋 capture, every landing point of a jump chain. */
  pathOf(from: PointId, to: PointId): PointId[] {
    return pathOf(this.st, from, to);
  }

  /** The landing points of one jump from `c` on the current board (slow path, for paths and checks). */
  singleJumps(c: PointId): PointId[] {
    return singleJumps(this.st, c);
  }

  /** Entries on the undo stack (moves and drop-outs). */
  get depth(): number {
    return this.st.top / ENTRY;
  }

  makeMove(move: PackedMove): void {
    makeMove(this.st, move);
  }

  unmakeMove(): void {
    unmakeMove(this.st);
  }

  /**
   * A seat resigns or runs out of time. With two seats the other wins; with
   * more, the seat takes the last free place, its pieces leave the board (the
   * race) or stay as neutral pieces (食棋), and the others play on. When the
   * drop ends the game, the pieces stay: the final board shows where they were.
   */
  dropOut(seat: Seat, why: DropReason): void {
    dropOut(this.st, seat, why);
  }

  /** The kind of the last undo-stack entry: 'move', 'drop' or undefined. */
  lastEntryKind(): 'move' | 'drop' | undefined {
    return lastEntryKind(this.st);
  }

  /** The ranking at this moment (see `ranking` in outcome.ts). */
  ranking(): number[] {
    return ranking(this.st);
  }

  /** The outcome when the rules have ended the game (goal filled, one piece left, everyone else gone). */
  outcome(): Outcome | undefined {
    if (!this.st.over) return undefined;
    return outcomeFrom(this.st.endReason, this.ranking());
  }

  /** Zobrist hash of the position as a 16-hex-digit string (for repetition counts). */
  key(): string {
    return (this.hashHi() * 4294967296 + this.hashLo()).toString(16).padStart(16, '0');
  }

  /** Copies the current board and side into a layout. */
  layout(): Layout {
    return layoutOf(this.st);
  }
}
