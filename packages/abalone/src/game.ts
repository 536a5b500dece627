import {
  fail,
  type Game,
  type JsonObject,
  type Outcome,
  ok,
  type PlatformEvent,
  type PlayRecord,
  RepetitionCounter,
  type Result,
  type Seat,
  twoSeatEventOutcome,
  type Viewer,
} from '@qiyuan/core';
import { CELL_COUNT, cellName, NEIGHBOR } from './board.js';
import type { StartPosition } from './layouts.js';
import { moveToString, parseMoveText, positionToText } from './notation.js';
import {
  BLACK,
  isMoveCode,
  type Move,
  moveCount,
  moveDir,
  moveLineDir,
  moveRear,
  Position,
  WHITE,
} from './position.js';
import { type MoveChoice, moveSelections, movesForSelection, type Selection } from './selection.js';

export interface AbaloneOptions {
  readonly start: StartPosition;
  /** Draw when the same position with the same side to move occurs a third time (off unless set). */
  readonly repetition: boolean;
  /** Draw after this many plies; 0 is no cap (off unless set). */
  readonly maxPlies: number;
  readonly seed?: number | string;
  readonly players?: number;
  /**
   * A position set up by hand instead of `start`: the 61 cells from A1 to I9 (`b`, `w`, `.`), a space, and the colour
   * to move (`b` or `w`); see `parseSetup`.
   */
  readonly setup?: string;
}

/** The seat that moves first in a game of these options: Black, unless a set-up position gives White the move. */
const firstSeat = (o: AbaloneOptions): Seat => (o.setup?.endsWith(' w') ? 1 : 0);

export interface AbaloneView {
  readonly [key: string]: string | number | boolean | null | readonly number[] | readonly string[];
  readonly start: StartPosition;
  /** 61 characters, cell 0 (A1) to 60 (I9): `b`, `w` or `.`. */
  readonly cells: string;
  readonly side: number;
  readonly ejected: readonly number[];
  readonly plies: number;
  readonly lastMove: string | null;
  readonly legal: readonly string[];
}

export class AbaloneGame implements Game<Move, AbaloneView> {
  readonly id = 'abalone' as const;
  readonly seatCount = 2;
  private keys = new RepetitionCounter();
  private ended: Outcome | undefined;

  constructor(
    readonly options: AbaloneOptions,
    readonly position: Position = options.setup
      ? Position.fromSetup(options.setup.slice(0, 61), firstSeat(options))
      : Position.start(options.start),
  ) {
    this.keys.push(this.key());
  }

  get ply(): number {
    return this.position.plies;
  }

  private key(): string {
    return `${this.position.hashHi()}:${this.position.hashLo()}`;
  }

  turn() {
    return this.outcome() ? ({ kind: 'over' } as const) : ({ kind: 'seat', seat: this.position.side } as const);
  }

  legalMoves(seat?: Seat): readonly Move[] {
    if (this.outcome() || (seat !== undefined && seat !== this.position.side)) return [];
    return this.position.generateMoves().slice();
  }

  play(move: Move, seat?: Seat): Result<void> {
    const outcome = this.outcome();
    if (outcome) return fail('game-over', `the game is over (${outcome.reason})`);
    if (seat !== undefined && seat !== this.position.side)
      return fail('not-your-turn', `it is seat ${this.position.side}'s turn`);
    if (!this.position.generateMoves().includes(move)) return fail('illegal-move', this.whyIllegal(move));
    this.position.makeMove(move);
    this.keys.push(this.key());
    return ok(undefined);
  }

  /** A reason a person can act on, for a move that is not in the legal list. */
  private whyIllegal(move: Move): string {
    if (!isMoveCode(move)) return `${String(move)} is not an Abalone move code`;
    const cells = this.position.cells;
    const own = this.position.side === 0 ? BLACK : WHITE;
    const text = moveToString(move);
    let x = moveRear(move);
    for (let i = 0; i < moveCount(move); i++) {
      if (x < 0 || cells[x] !== own)
        return `${text}: ${x < 0 ? 'the line leaves the board' : `${cellName(x)} is not your marble`}`;
      x = NEIGHBOR[x * 6 + moveLineDir(move)]!;
    }
    if (moveLineDir(move) !== moveDir(move))
      return `${text}: a broadside move needs every destination empty and on the board`;
    return `${text}: blocked — a marble may not leave the board, and sumito needs more pushers than pushed marbles, at most three pushers, and a free cell or the edge behind the pushed ones`;
  }

  undo(): Result<void> {
    if (this.ended) {
      this.ended = undefined;
      return ok(undefined);
    }
    if (this.position.plies === 0) return fail('nothing-to-undo', 'no move has been played');
    this.position.unmakeMove();
    this.keys.pop();
    return ok(undefined);
  }

  apply(event: PlatformEvent): Result<void> {
    if (this.outcome()) return fail('game-over', 'the game is over');
    const ended = twoSeatEventOutcome(event);
    if (!ended.ok) return ended;
    this.ended = ended.value;
    return ok(undefined);
  }

  outcome(): Outcome | undefined {
    if (this.ended) return this.ended;
    const decided = this.position.outcome();
    if (decided) return decided;
    if (this.options.repetition) {
      if (this.keys.current() >= 3) return { reason: 'threefold-repetition', results: ['draw', 'draw'] };
    }
    if (this.options.maxPlies > 0 && this.position.plies >= this.options.maxPlies)
      return { reason: 'move-cap', results: ['draw', 'draw'] };
    return undefined;
  }

  moveToString(move: Move): string {
    return moveToString(move);
  }

  parseMove(text: string): Result<Move> {
    return parseMoveText(text);
  }

  positionToString(): string {
    return positionToText(this.position.cells, this.position.side, this.position.ejected);
  }

  /** The marbles on the board: cell index and seat (0 Black, 1 White). */
  marbles(): { readonly cell: number; readonly seat: Seat }[] {
    const out: { cell: number; seat: Seat }[] = [];
    for (let i = 0; i < CELL_COUNT; i++) {
      const v = this.position.cells[i]!;
      if (v) out.push({ cell: i, seat: v === BLACK ? 0 : 1 });
    }
    return out;
  }

  /** Legal moves grouped by the marbles they move, each with its effect (none once the game is over). */
  selections(): Selection[] {
    return this.outcome() ? [] : moveSelections(this.position);
  }

  /** The legal moves of the selected marbles, one per direction (none once the game is over). */
  movesFor(cells: readonly number[]): MoveChoice[] {
    return this.outcome() ? [] : movesForSelection(this.position, cells);
  }

  moves(): string[] {
    const copy = this.position.clone();
    const out: string[] = [];
    while (copy.plies > 0) {
      out.push(moveToString(copy.lastMove()!));
      copy.unmakeMove();
    }
    return out.reverse();
  }

  snapshot(): JsonObject {
    const { start, repetition, maxPlies, setup } = this.options;
    return {
      game: 'abalone',
      options: { start, repetition, maxPlies, ...(setup ? { setup } : {}) },
      moves: this.moves(),
      ended: this.ended ?? null,
    } as unknown as JsonObject;
  }

  /** Nothing is hidden: the view ignores its viewer. */
  viewIsShared(): boolean {
    return true;
  }

  viewFor(_viewer: Viewer): AbaloneView {
    let cells = '';
    for (let i = 0; i < CELL_COUNT; i++) cells += '.bw'[this.position.cells[i]!];
    const last = this.position.lastMove();
    return {
      start: this.options.start,
      cells,
      side: this.position.side,
      ejected: [...this.position.ejected],
      plies: this.position.plies,
      lastMove: last === undefined ? null : moveToString(last),
      legal: this.legalMoves().map(moveToString),
    };
  }

  recordFor(_viewer: Viewer, ply: number): PlayRecord {
    const moves = this.moves();
    return { ply, seat: (firstSeat(this.options) + ply) % 2, notation: moves[ply] ?? '' };
  }

  /** Every ply is a move on the board: a resignation, a timeout or an agreed draw is no ply at all. */
  isBoardMove(ply: number): boolean {
    return ply >= 0 && ply < this.ply;
  }

  clone(): AbaloneGame {
    const g = new AbaloneGame(this.options, this.position.clone());
    g.keys = this.keys.clone();
    g.ended = this.ended;
    return g;
  }
}
