import {
  fail,
  type Game,
  type JsonObject,
  type Outcome,
  type PlatformEvent,
  type PlayRecord,
  type Result,
  type Seat,
  type SeatResult,
  type Turn,
  type Viewer,
} from '@qiyuan/core';
import { createGame } from './definition.js';
import type { ChineseCheckersGame, ChineseCheckersView } from './game.js';
import type { Layout } from './layout.js';
import type { Move } from './notation.js';
import type { ChineseCheckersOptions } from './options.js';
import { homePoints, oppositeCorner, POINT_COUNT, type PointId } from './star.js';

/**
 * One colour moving alone: the game of the arrival puzzles ("every piece home in N moves"). The other colours'
 * pieces stand still as stones to jump over; after each move the same seat moves again, until all its pieces stand
 * in its goal — then it has arrived, and won. Every move is played by the real game on a fresh copy of the board
 * with the solver to move, so what is legal, and the reason a move is not, are the game's own.
 */
export class SoloArrival implements Game<Move, ChineseCheckersView> {
  readonly id = 'chinese-checkers' as const;
  readonly seatCount: number;
  readonly options: ChineseCheckersOptions;
  /** The seat that moves. */
  readonly seat: Seat;
  /** The goal's points (the corner opposite the seat's home). */
  readonly goal: readonly PointId[];
  /** `boards[k]`: the game after k moves, the seat to move. */
  private readonly boards: ChineseCheckersGame[];
  private readonly moves: { readonly move: Move; readonly path: readonly PointId[] }[] = [];

  /** Takes over `start` (not changed): its side to move is the seat that moves alone. */
  constructor(start: ChineseCheckersGame) {
    this.boards = [start.clone()];
    this.seatCount = start.seatCount;
    this.options = start.options;
    this.seat = start.searchable.turnSeat;
    const corner = start.searchable.seatCorner[this.seat]!;
    this.goal = homePoints(oppositeCorner(corner), start.options.pieces);
  }

  private get current(): ChineseCheckersGame {
    return this.boards[this.boards.length - 1]!;
  }

  get ply(): number {
    return this.moves.length;
  }

  /** The board now, as a layout with the seat to move. */
  layout(): Layout {
    const pos = this.current.searchable;
    const cells = new Map<PointId, number>();
    for (let p = 0; p < POINT_COUNT; p++) if (pos.colourAt(p) >= 0) cells.set(p, pos.colourAt(p));
    return { cells, side: this.seat };
  }

  /** Whether every piece of the seat stands in its goal. */
  arrived(): boolean {
    const pos = this.current.searchable;
    const colour = pos.seatCorner[this.seat]!;
    for (let p = 0; p < POINT_COUNT; p++) if (pos.colourAt(p) === colour && !this.goal.includes(p)) return false;
    return true;
  }

  turn(): Turn {
    return this.arrived() ? { kind: 'over' } : { kind: 'seat', seat: this.seat };
  }

  legalMoves(seat?: Seat): readonly Move[] {
    if (this.arrived() || (seat !== undefined && seat !== this.seat)) return [];
    return this.current.legalMoves();
  }

  play(move: Move, seat?: Seat): Result<void> {
    if (this.arrived()) return fail('game-over', 'every piece is home already');
    if (seat !== undefined && seat !== this.seat) return fail('not-your-turn', `seat ${this.seat} moves alone here`);
    const after = this.current.clone();
    const played = after.play(move, this.seat);
    if (!played.ok) return played;
    const path = after.viewFor('spectator').lastMove?.path ?? [];
    const cells = new Map<PointId, number>();
    for (let p = 0; p < POINT_COUNT; p++)
      if (after.searchable.colourAt(p) >= 0) cells.set(p, after.searchable.colourAt(p));
    const next = createGame(after.options, { cells, side: this.seat });
    if (!next.ok) return next;
    this.boards.push(next.value);
    this.moves.push({ move, path });
    return { ok: true, value: undefined };
  }

  undo(): Result<void> {
    if (this.moves.length === 0) return fail('nothing-to-undo', 'no move has been played');
    this.moves.pop();
    this.boards.pop();
    return { ok: true, value: undefined };
  }

  apply(_event: PlatformEvent): Result<void> {
    return fail('bad-event', 'a piece moving alone has nobody to resign to or agree a draw with');
  }

  outcome(): Outcome | undefined {
    if (!this.arrived()) return undefined;
    const results = Array.from({ length: this.seatCount }, (_, s): SeatResult => (s === this.seat ? 'win' : 'loss'));
    return { reason: 'arrived', results };
  }

  moveToString(move: Move): string {
    return this.current.moveToString(move);
  }

  parseMove(text: string, seat?: Seat): Result<Move> {
    if (seat !== undefined && seat !== this.seat) return fail('not-your-turn', `seat ${this.seat} moves alone here`);
    return this.current.parseMove(text);
  }

  positionToString(): string {
    return this.current.positionToString();
  }

  snapshot(): JsonObject {
    return { ...this.boards[0]!.snapshot(), solo: true, record: this.moves.map((m) => this.moveToString(m.move)) };
  }

  viewFor(viewer: Viewer): ChineseCheckersView {
    const last = this.moves[this.moves.length - 1];
    const path = last?.path ?? [];
    return {
      ...this.current.viewFor(viewer),
      toMove: this.arrived() ? null : this.seat,
      ply: this.ply,
      lastMove: path.length >= 2 ? { from: path[0]!, to: path[path.length - 1]!, path } : null,
    };
  }

  recordFor(_viewer: Viewer, ply: number): PlayRecord {
    const m = this.moves[ply];
    return m ? { ply, seat: this.seat, notation: this.moveToString(m.move) } : { ply, seat: -1, notation: '' };
  }

  clone(): SoloArrival {
    const copy = new SoloArrival(this.boards[0]!);
    for (const m of this.moves) copy.play(m.move);
    return copy;
  }
}
