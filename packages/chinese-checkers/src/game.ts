import {
  fail,
  type Game,
  type JsonObject,
  type Outcome,
  ok,
  type PlatformEvent,
  type PlayRecord,
  type Result,
  type Seat,
  type Turn,
  type Viewer,
} from '@qiyuan/core';
import type { Layout } from './layout.js';
import { formatMove, formatPosition, type Move, parseMoveText } from './notation.js';
import { type ChineseCheckersOptions, seatCorners } from './options.js';
import { type DropReason, outcomeFrom } from './outcome.js';
import { moveFrom, moveTo, PASS, type PackedMove, packMove } from './packed-move.js';
import { Position } from './position.js';
import { CORNER_COLOURS, type CornerColour, POINT_COUNT, type PointId, pointName } from './star.js';
import { isNeighbour, midpoint as midpointOf } from './tables.js';

/** One entry of the record: a move, or something that happened outside the rules. */
export type RecordEntry =
  | { readonly kind: 'move'; readonly seat: Seat; readonly move: PackedMove; readonly captured: PointId }
  | { readonly kind: 'event'; readonly event: PlatformEvent };

/** What every viewer sees (Chinese Checkers hides nothing). */
export interface ChineseCheckersView extends JsonObject {
  readonly variant: string;
  readonly players: number;
  /** The colour on each point (by point id), or null. */
  readonly cells: readonly (CornerColour | null)[];
  /** The colour of each seat, in turn order. */
  readonly seatColours: readonly CornerColour[];
  /** The seat to move, or null when the game is over. */
  readonly toMove: number | null;
  /** Finishing place per seat, 0 while it plays on. */
  readonly places: readonly number[];
  /** Whether each seat has resigned or timed out. */
  readonly dropped: readonly boolean[];
  /** 食棋: captures per seat. */
  readonly captures: readonly number[];
  readonly ply: number;
  /** The last move with one path (every landing point), for highlighting. */
  readonly lastMove: { readonly from: number; readonly to: number; readonly path: readonly number[] } | null;
}

const EVENT_TEXT = (e: PlatformEvent): string => (e.type === 'draw-agreed' ? 'draw-agreed' : `${e.type}@${e.seat}`);

export class ChineseCheckersGame implements Game<Move, ChineseCheckersView> {
  readonly id = 'chinese-checkers' as const;
  readonly seatCount: number;
  readonly options: ChineseCheckersOptions;
  /** The starting layout when the game did not start from the standard position. */
  readonly setup: Layout | undefined;
  private position: Position;
  private readonly entries: RecordEntry[] = [];
  /**
   * Each entry's token, written when the entry is: the server stores the snapshot (the whole record) after every
   * move, and formatting every move of the game again each time made a long game's moves cost more and more.
   */
  private readonly tokens: string[] = [];
  /** Paths of the moves played, for records and the last-move highlight. */
  private readonly paths: PointId[][] = [];
  private readonly seen = new Map<string, number>();
  private ended: string | undefined;
  private moves = 0;

  constructor(options: ChineseCheckersOptions, setup?: Layout) {
    this.options = options;
    this.setup = setup;
    this.seatCount = options.players;
    this.position = new Position(options, setup);
    this.count(1);
  }

  /** The fast position behind the game (for search: it implements `Searchable`). Do not play on it directly. */
  get searchable(): Position {
    return this.position;
  }

  get ply(): number {
    return this.moves;
  }

  private count(delta: number): number {
    const key = this.position.key();
    const n = (this.seen.get(key) ?? 0) + delta;
    if (n === 0) this.seen.delete(key);
    else this.seen.set(key, n);
    return n;
  }

  turn(): Turn {
    if (this.outcome()) return { kind: 'over' };
    return { kind: 'seat', seat: this.position.turnSeat };
  }

  private isOver(): boolean {
    return this.ended !== undefined || this.position.isOver;
  }

  legalMoves(seat?: Seat): readonly Move[] {
    if (this.isOver()) return [];
    if (seat !== undefined && seat !== this.position.turnSeat) return [];
    return this.position.generateMoves().map(toMove);
  }

  /** For the board UI: where the piece on `from` may go, with one path each (every landing point of a jump chain). */
  destinations(from: PointId): { to: PointId; path: PointId[] }[] {
    if (this.isOver()) return [];
    return this.position.destinations(from);
  }

  play(move: Move, seat?: Seat): Result<void> {
    if (this.isOver()) return fail('game-over', 'the game is over');
    const side = this.position.turnSeat;
    if (seat !== undefined && seat !== side)
      return fail('not-your-turn', `it is seat ${side}'s turn, not seat ${seat}'s`);
    if (typeof move !== 'object' || move === null) return fail('illegal-move', 'a move is { kind, from, to }');
    const packed =
      move.kind === 'pass'
        ? PASS
        : Number.isInteger(move.from) &&
            Number.isInteger(move.to) &&
            move.from >= 0 &&
            move.from < POINT_COUNT &&
            move.to >= 0 &&
            move.to < POINT_COUNT
          ? packMove(move.from, move.to)
          : -1;
    if (packed < 0) return fail('illegal-move', 'the move names a point off the star');
    const legal = this.position.generateMoves();
    if (!legal.includes(packed)) return fail('illegal-move', this.whyIllegal(move));
    this.commit(packed);
    return ok(undefined);
  }

  private whyIllegal(move: Move): string {
    if (move.kind === 'pass') return 'a player may pass only when none of its pieces can move';
    const p = this.position;
    const colour = p.colourAt(move.from);
    if (colour < 0) return `there is no piece on ${pointName(move.from)}`;
    if (this.options.variant === 'capture') {
      return p.generateMoves().some((m) => m !== PASS && !isNeighbour(moveFrom(m), moveTo(m)))
        ? 'a capture is possible, and capturing is compulsory'
        : `${pointName(move.from)}-${pointName(move.to)} is neither a capture nor a step to an empty neighbour`;
    }
    if (p.seatOf(colour) !== p.turnSeat) return `the piece on ${pointName(move.from)} is not yours`;
    if (move.from === move.to) return 'a move must end somewhere else than it started';
    if (p.colourAt(move.to) >= 0) return `${pointName(move.to)} is occupied`;
    if (isNeighbour(move.from, move.to)) return `${pointName(move.to)} is in a corner closed to this piece`;
    return `no step or jump chain leads from ${pointName(move.from)} to ${pointName(move.to)}`;
  }

  private commit(packed: PackedMove): void {
    const p = this.position;
    const seat = p.turnSeat;
    const path = packed === PASS ? [] : p.pathOf(moveFrom(packed), moveTo(packed));
    const before = p.pieceTotal;
    p.makeMove(packed);
    const captured =
      this.options.variant === 'capture' && p.pieceTotal < before && path.length === 2 ? jumpedPoint(path) : -1;
    this.entries.push({ kind: 'move', seat, move: packed, captured });
    this.tokens.push(this.moveToString(toMove(packed)));
    this.paths.push(path);
    this.moves++;
    const n = this.count(1);
    if (!p.isOver) {
      if (this.options.maxPlies > 0 && this.moves >= this.options.maxPlies) this.ended = 'move-cap';
      else if (this.options.repetition && n >= 3) this.ended = 'threefold-repetition';
    }
  }

  undo(): Result<void> {
    const last = this.entries.pop();
    if (!last) return fail('nothing-to-undo', 'no move has been played');
    this.tokens.pop();
    this.ended = undefined;
    if (last.kind === 'event' && last.event.type === 'draw-agreed') return ok(undefined);
    this.count(-1);
    this.position.unmakeMove();
    if (last.kind === 'move') {
      this.paths.pop();
      this.moves--;
    }
    return ok(undefined);
  }

  apply(event: PlatformEvent): Result<void> {
    if (typeof event !== 'object' || event === null) return fail('bad-event', 'an event is { type, seat }');
    if (this.isOver()) return fail('game-over', 'the game is over');
    if (event.type === 'draw-agreed') {
      this.entries.push({ kind: 'event', event });
      this.tokens.push(EVENT_TEXT(event));
      this.ended = 'draw-agreed';
      return ok(undefined);
    }
    if (event.type !== 'resign' && event.type !== 'timeout') return fail('bad-event', 'unknown event');
    const seat = event.seat;
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.seatCount) {
      return fail('bad-seat', `seat ${seat} is not in this game`);
    }
    if (!this.position.isActive(seat)) return fail('not-playing', `seat ${seat} no longer plays`);
    this.position.dropOut(seat, event.type as DropReason);
    this.entries.push({ kind: 'event', event: { type: event.type, seat } });
    this.tokens.push(EVENT_TEXT({ type: event.type, seat }));
    this.count(1);
    return ok(undefined);
  }

  outcome(): Outcome | undefined {
    const rules = this.position.outcome();
    if (rules) return rules;
    if (this.ended === undefined) return undefined;
    return outcomeFrom(this.ended, this.position.ranking());
  }

  moveToString(move: Move): string {
    return formatMove(
      move,
      this.options.variant === 'capture' && move.kind === 'move' && !isNeighbour(move.from, move.to),
    );
  }

  parseMove(text: string, seat?: Seat): Result<Move> {
    if (typeof text !== 'string') return fail('bad-notation', 'a move is text such as d2-e3');
    const points = parseMoveText(text);
    if (!points.ok) return points;
    if (seat !== undefined && seat !== this.position.turnSeat && !this.isOver()) {
      return fail('not-your-turn', `it is seat ${this.position.turnSeat}'s turn`);
    }
    if (points.value.length === 0) return ok({ kind: 'pass' });
    const path = points.value;
    if (path.length > 2 && !this.isChain(path)) {
      return fail('illegal-move', `${text} is not a chain of single jumps on this board`);
    }
    return ok({ kind: 'move', from: path[0]!, to: path[path.length - 1]! });
  }

  /** Whether every hop of `path` is one jump on the current board, the moving piece lifted. */
  private isChain(path: readonly PointId[]): boolean {
    const p = this.position;
    if (p.colourAt(path[0]!) < 0) return false;
    const board = p.board;
    const colour = board[path[0]!]!;
    board[path[0]!] = 0;
    let okay = true;
    for (let i = 1; i < path.length && okay; i++) okay = p.singleJumps(path[i - 1]!).includes(path[i]!);
    board[path[0]!] = colour;
    return okay;
  }

  positionToString(): string {
    const p = this.position;
    const side = this.isOver() ? -1 : p.seatCorner[p.turnSeat]!;
    return formatPosition(p.board, side, this.options.variant === 'capture' ? [...p.captures] : undefined);
  }

  /** The record as tokens: moves in notation, events as `resign@1`, `timeout@2`, `draw-agreed`. */
  recordTokens(): string[] {
    return this.tokens.slice();
  }

  snapshot(): JsonObject {
    const p = this.setup;
    const setup = p
      ? formatPosition(
          Uint8Array.from({ length: POINT_COUNT }, (_, i) => (p.cells.has(i) ? p.cells.get(i)! + 1 : 0)),
          seatCorners(this.options.players)[p.side]!,
          this.options.variant === 'capture' ? [...(p.captures ?? new Array(this.seatCount).fill(0))] : undefined,
        )
      : null;
    return {
      game: 'chinese-checkers',
      options: { ...this.options },
      setup,
      record: this.recordTokens(),
    };
  }

  /** Nothing is hidden: the view ignores its viewer. */
  viewIsShared(): boolean {
    return true;
  }

  viewFor(_viewer: Viewer): ChineseCheckersView {
    const p = this.position;
    const lastPath = this.paths.length > 0 ? this.paths[this.paths.length - 1]! : [];
    return {
      variant: this.options.variant,
      players: this.seatCount,
      cells: cellColours(p.board),
      seatColours: p.seatCorner.map((c) => CORNER_COLOURS[c]!),
      toMove: this.isOver() ? null : p.turnSeat,
      places: [...p.place],
      dropped: Array.from(p.dropped, (d) => d !== 0),
      captures: [...p.captures],
      ply: this.moves,
      lastMove:
        lastPath.length >= 2 ? { from: lastPath[0]!, to: lastPath[lastPath.length - 1]!, path: lastPath } : null,
    };
  }

  /**
   * The entry of the `ply`-th move, searched from the end: the server asks for the latest records after every move,
   * so this stays short instead of copying the whole record each time.
   */
  private moveEntry(ply: number): Extract<RecordEntry, { kind: 'move' }> | undefined {
    if (!Number.isInteger(ply) || ply < 0 || ply >= this.moves) return undefined;
    let later = this.moves - 1 - ply;
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i]!;
      if (e.kind !== 'move') continue;
      if (later === 0) return e;
      later--;
    }
    return undefined;
  }

  recordFor(_viewer: Viewer, ply: number): PlayRecord {
    const e = this.moveEntry(ply);
    if (!e) return { ply, seat: -1, notation: '' };
    const notation = this.moveToString(toMove(e.move));
    return e.captured >= 0
      ? { ply, seat: e.seat, notation, detail: { captured: pointName(e.captured) } }
      : { ply, seat: e.seat, notation };
  }

  /**
   * Every ply is a move on the board (a pass the position forces too); a resignation, a timeout or an agreed draw is
   * a record entry but no ply.
   */
  isBoardMove(ply: number): boolean {
    return ply >= 0 && ply < this.ply;
  }

  /** The record entries (moves and events) in order. */
  record(): readonly RecordEntry[] {
    return this.entries;
  }

  clone(): ChineseCheckersGame {
    const copy = new ChineseCheckersGame(this.options, this.setup);
    for (const e of this.entries) {
      if (e.kind === 'move') copy.commit(e.move);
      else copy.apply(e.event);
    }
    return copy;
  }
}

const toMove = (m: PackedMove): Move =>
  m === PASS ? { kind: 'pass' } : { kind: 'move', from: moveFrom(m), to: moveTo(m) };

/** The point a single jump path [a, b] passes over: the midpoint. */
const jumpedPoint = (path: readonly PointId[]): PointId => {
  const [a, b] = path as [PointId, PointId];
  return midpointOf(a, b);
};

/** Each point's colour, or null when it is empty: a plain loop, since this runs for every frame the server sends. */
const cellColours = (board: Uint8Array): (CornerColour | null)[] => {
  const out = new Array<CornerColour | null>(board.length);
  for (let i = 0; i < board.length; i++) {
    const c = board[i]!;
    out[i] = c === 0 ? null : CORNER_COLOURS[c - 1]!;
  }
  return out;
};
