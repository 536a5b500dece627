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
  SPECTATOR,
  type Turn,
  type Viewer,
} from '@qiyuan/core';
import { type Board, boardFor } from './board.js';
import { dealHands, legalCalls, playBid } from './game-bidding.js';
import {
  deployAtRandom,
  newState,
  playSetup,
  presetSetups,
  resignBeforePlay,
  seatsToDeploy,
  setupChoices,
  startFlip,
} from './game-deployment.js';
import { checkMove, decode, onBoard, playMove } from './game-play.js';
import {
  type Action,
  cloneState,
  endWith,
  type HistoryEntry,
  type JunqiMove,
  type Phase,
  type State,
  type Table,
} from './game-state.js';
import { actionToJson, moveText, optionsToJson, parseMoveText, positionText } from './game-text.js';
import { recordOf, viewOf } from './game-views.js';
import type { JunqiOptions } from './options.js';
import { FLAG, type Rank } from './piece.js';
import { type Effect, isFlip, moveFrom, moveTo, type Position } from './position.js';
import { teamsFor } from './standing.js';

export { type JunqiMove, PHASES, type Phase } from './game-state.js';
export { parseMoveText } from './game-text.js';

/**
 * A Junqi game under the platform's contract: its phases (三打一's bidding in game-bidding.ts, the deployment in
 * game-deployment.ts, play in game-play.ts) run on one `State`, which this class keeps with its undo history.
 */
export class JunqiGame implements Game<JunqiMove, JsonObject> {
  readonly id = 'junqi' as const;
  readonly options: JunqiOptions;
  readonly board: Board;
  readonly seatCount: number;
  private state: State;
  private undoStack: State[] = [];
  private history: HistoryEntry[] = [];

  private constructor(options: JunqiOptions, state: State) {
    this.options = options;
    this.board = boardFor(options.players);
    this.seatCount = options.players;
    this.state = state;
  }

  /** What the phases change: a fresh view each time, as `state` is replaced on undo and on a refused action. */
  private get table(): Table {
    return { options: this.options, board: this.board, state: this.state };
  }

  /** The seat's team when it has a partner: 2v2's pairs, 三打一's farmers (once the bidding chose a landlord). */
  teamOf(seat: Seat): number | undefined {
    if (this.options.variant === 'landlord' && this.state.landlord < 0) return undefined;
    const teams = teamsFor(this.options, this.state.landlord);
    const team = teams[seat];
    if (team === undefined) return undefined;
    return teams.some((t, s) => s !== seat && t === team) ? team : undefined;
  }

  /** A new game: in the setup (or bidding) phase unless the options deploy every army. */
  static create(options: JunqiOptions): Result<JunqiGame> {
    const state = newState(options.players);
    const game = new JunqiGame(options, state);
    if (options.mode === 'flip') {
      startFlip(game.table);
      return ok(game);
    }
    if (options.variant === 'landlord') {
      dealHands(game.table);
      state.phase = 'bidding';
      return ok(game);
    }
    const preset = presetSetups(game.table);
    if (!preset.ok) return preset;
    return ok(game);
  }

  // ---- the contract --------------------------------------------------------

  get ply(): number {
    return this.history.length;
  }

  get phase(): Phase {
    return this.state.phase;
  }

  /** The play-phase position (full information: the engine's own, never for players). */
  get position(): Position | undefined {
    return this.state.pos;
  }

  turn(): Turn {
    if (this.outcome()) return { kind: 'over' };
    const s = this.state;
    if (s.phase === 'bidding') return { kind: 'seat', seat: s.bidder };
    if (s.phase === 'setup') return { kind: 'simultaneous', seats: seatsToDeploy(s) };
    return { kind: 'seat', seat: s.pos!.toMove };
  }

  outcome(): Outcome | undefined {
    return this.state.ended ?? this.state.pos?.outcome();
  }

  private defaultSeat(seat?: Seat): Seat {
    if (seat !== undefined) return seat;
    const t = this.turn();
    return t.kind === 'seat' ? t.seat : t.kind === 'simultaneous' ? (t.seats[0] ?? -1) : -1;
  }

  legalMoves(seat?: Seat): readonly JunqiMove[] {
    const s = this.state;
    const who = this.defaultSeat(seat);
    if (this.outcome() || who < 0) return [];
    if (s.phase === 'bidding') {
      return who === s.bidder ? legalCalls(this.table).map((call) => ({ type: 'bid', call })) : [];
    }
    if (s.phase === 'setup') return setupChoices(this.table, who);
    const pos = s.pos!;
    if (who !== pos.toMove) return [];
    return pos.movesFor(who).map(decode);
  }

  /** The legal destinations of the piece on `point` for its owner (empty when it may not move now). */
  destinations(point: number): number[] {
    const pos = this.state.pos;
    if (!pos || this.outcome() || point < 0 || point >= this.board.points.length) return [];
    const army = pos.owner[point]!;
    if (army < 0 || pos.seatOfArmy(army) !== pos.toMove) return [];
    return pos.movesFor(pos.toMove).flatMap((m) => (!isFlip(m) && moveFrom(m) === point ? [moveTo(m)] : []));
  }

  play(move: JunqiMove, seat?: Seat): Result<void> {
    if (this.outcome()) return fail('game-over', 'the game is over');
    const who = this.defaultSeat(seat);
    if (!Number.isInteger(who) || who < 0 || who >= this.seatCount) return fail('bad-seat', `there is no seat ${seat}`);
    // A refused move or flip changes nothing, so it is refused before the state is copied (and as cheaply).
    const checked = onBoard(move)
      ? checkMove(this.table, who, move, (s, army, rank, faceDown) => this.canSee(s, army, rank, faceDown))
      : undefined;
    if (checked && !checked.ok) return checked;
    const before = cloneState(this.state);
    let result: Result<HistoryEntry>;
    switch (move?.type) {
      case 'bid':
        result = playBid(this.table, who, move.call);
        break;
      case 'setup':
        result = playSetup(this.table, who, move.setup);
        break;
      case 'move':
      case 'flip':
        result = playMove(this.table, who, move, checked?.ok ? checked.value : -1);
        break;
      default:
        return fail('bad-move', 'a move is a move, flip, setup or bid');
    }
    if (!result.ok) {
      this.state = before;
      return result;
    }
    this.undoStack.push(before);
    this.history.push(result.value);
    return ok(undefined);
  }

  undo(): Result<void> {
    const before = this.undoStack.pop();
    if (!before) return fail('nothing-to-undo', 'nothing has been played');
    // A copy: the saved state may be shared with clones of this game.
    this.state = cloneState(before);
    this.history.pop();
    return ok(undefined);
  }

  apply(event: PlatformEvent): Result<void> {
    if (this.outcome()) return fail('game-over', 'the game is over');
    const s = this.state;
    const before = cloneState(s);
    const seat = event.type === 'draw-agreed' ? -1 : event.seat;
    if (event.type !== 'draw-agreed' && (!Number.isInteger(seat) || seat < 0 || seat >= this.seatCount)) {
      return fail('bad-seat', `there is no seat ${seat}`);
    }
    let effect: Effect | undefined;
    switch (event.type) {
      case 'draw-agreed':
        if (!this.options.drawOffers) return fail('draws-off', 'draw offers are turned off for this game');
        if (s.pos && s.phase === 'play') s.pos.agreeDraw();
        s.ended = endWith(this.table, 'draw-agreed', () => 'draw');
        break;
      case 'resign':
        if (s.phase === 'play') {
          if (s.pos!.isOut(seat)) return fail('already-out', `seat ${seat} is already out`);
          effect = s.pos!.forfeit(seat, 'resigned');
        } else {
          const r = resignBeforePlay(this.table, seat);
          if (!r.ok) return r;
        }
        break;
      case 'timeout': {
        const t = this.turn();
        if (
          t.kind === 'over' ||
          !(t.kind === 'seat' ? t.seat === seat : t.kind === 'simultaneous' && t.seats.includes(seat))
        ) {
          return fail('not-your-turn', `seat ${seat} is not on the clock`);
        }
        s.timeouts[seat]!++;
        const limit = this.options.timeoutLimit;
        if (s.phase === 'bidding') {
          // A timeout while bidding is a pass.
          const r = playBid(this.table, seat, 'pass');
          if (!r.ok) return r;
        } else if (s.phase === 'setup') {
          const r = deployAtRandom(this.table, seat);
          if (!r.ok) return r;
        } else if (limit > 0 && s.timeouts[seat]! >= limit) {
          effect = s.pos!.forfeit(seat, 'timeouts');
        } else {
          effect = s.pos!.skipTurn();
        }
        break;
      }
      default:
        return fail('bad-event', 'unknown platform event');
    }
    this.undoStack.push(before);
    this.history.push({ action: { seat, event }, phase: before.phase, ...(effect ? { effect } : {}) });
    return ok(undefined);
  }

  // ---- notation ------------------------------------------------------------

  moveToString(move: JunqiMove): string {
    return moveText(this.board, move);
  }

  parseMove(text: string, _seat?: Seat): Result<JunqiMove> {
    return parseMoveText(this.board, text);
  }

  positionToString(): string {
    return positionText(this.board, this.state);
  }

  // ---- snapshots and records -----------------------------------------------

  /** The actions so far, in order (what a snapshot and a game record replay). */
  actions(): readonly Action[] {
    return this.history.map((h) => h.action);
  }

  snapshot(): JsonObject {
    return {
      game: 'junqi',
      options: optionsToJson(this.options),
      actions: this.history.map((h) => actionToJson(this, h.action)),
    };
  }

  clone(): JunqiGame {
    const copy = new JunqiGame(this.options, cloneState(this.state));
    copy.undoStack = [...this.undoStack];
    copy.history = [...this.history];
    return copy;
  }

  /** Whether `viewer` may know the rank of a piece of `army` (with `rank`, face down or not) now. */
  canSee(viewer: Viewer, army: number, rank: Rank, faceDown: boolean): boolean {
    const pos = this.state.pos;
    const mode = this.options.mode;
    if (mode === 'open') return true;
    // After the last move the board is shown face up to everyone (亮棋), as players expect to see how the
    // other side stood; nothing is left to play, so nothing can be gained from it.
    if (this.outcome()) return true;
    if (mode === 'flip') return !faceDown;
    if (pos && rank === FLAG && (pos.flagRevealed >> army) & 1) return true;
    if (viewer === SPECTATOR || !pos) return false;
    const mine = pos.armyOfSeat[viewer];
    if (mine === army) return true;
    if (this.options.partnersSee && this.seatCount > 2) {
      const other = pos.seatOfArmy(army);
      return other >= 0 && pos.rules.teamOfSeat[other] === pos.rules.teamOfSeat[viewer];
    }
    return false;
  }

  viewFor(viewer: Viewer): JsonObject {
    return viewOf(this, viewer);
  }

  /** @internal for views */
  get internals(): { state: State; history: readonly HistoryEntry[] } {
    return { state: this.state, history: this.history };
  }

  recordFor(viewer: Viewer, ply: number): PlayRecord {
    return recordOf(this, viewer, ply);
  }

  /** A move on the board is a march or a flip; a bid, a deployment, a resignation, a timeout or a draw is not. */
  isBoardMove(ply: number): boolean {
    const a = this.history[ply]?.action;
    return a !== undefined && 'move' in a && onBoard(a.move);
  }

  /** A march or a flip as the notation reads; a deployment (shown or kept secret), a bid or an action is not. */
  isBoardRecord(record: PlayRecord): boolean {
    const read = this.parseMove(record.notation, record.seat);
    return read.ok && onBoard(read.value);
  }
}
