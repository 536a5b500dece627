import {
  fail,
  type Game,
  type JsonObject,
  type Outcome,
  ok,
  type PlatformEvent,
  type PlayRecord,
  type Result,
  Rng,
  type Seat,
  type SeatResult,
  SPECTATOR,
  type Turn,
  type Viewer,
} from '@qiyuan/core';
import { type Board, boardFor } from './board.js';
import { type Action, cloneState, type HistoryEntry, type JunqiMove, type Phase, type State } from './game-state.js';
import { actionToJson, optionsToJson, parseMoveText } from './game-text.js';
import { recordOf, viewOf } from './game-views.js';
import { type Call, deal, farmerArmy, landlordHolding } from './landlord.js';
import type { JunqiOptions } from './options.js';
import { FLAG, type Rank, rankLetter, STANDARD_ARMY } from './piece.js';
import {
  type Effect,
  encodeFlip,
  encodeMove,
  isFlip,
  moveFrom,
  moveTo,
  type PieceState,
  Position,
  type Rules,
} from './position.js';
import { type Sight, whyIllegal } from './refusal.js';
import { type ArmySetup, PRESETS, type PresetName, randomSetup, readSetup, setupToString } from './setup.js';
import { decidedByExits, exitsOf, teamsFor } from './standing.js';

export { type JunqiMove, PHASES, type Phase } from './game-state.js';
export { parseMoveText } from './game-text.js';

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
    const seats = options.players;
    const state: State = {
      phase: 'setup',
      pos: undefined,
      setups: new Array(seats).fill(undefined),
      holdings: Array.from({ length: seats }, () => [...STANDARD_ARMY]),
      hands: [],
      kitty: [],
      dealNo: 0,
      bids: [],
      bidder: 0,
      landlord: -1,
      target: 0,
      timeouts: new Array(seats).fill(0),
      outBeforePlay: [],
      ended: undefined,
    };
    const game = new JunqiGame(options, state);
    if (options.mode === 'flip') {
      game.startFlip();
      return ok(game);
    }
    if (options.variant === 'landlord') {
      game.dealHands();
      state.phase = 'bidding';
      return ok(game);
    }
    const preset = game.presetSetups();
    if (!preset.ok) return preset;
    return ok(game);
  }

  // ---- phases --------------------------------------------------------------

  private startFlip(): void {
    const board = this.board;
    const slots = board.points.filter((p) => p.kind !== 'camp').map((p) => p.id);
    const bag: { army: number; rank: Rank }[] = [];
    for (let army = 0; army < 2; army++) {
      STANDARD_ARMY.forEach((n, rank) => {
        for (let i = 0; i < n; i++) bag.push({ army, rank });
      });
    }
    Rng.fromSeed(`${this.options.seed}:flip`).shuffle(bag);
    const pieces: PieceState[] = slots.map((point, i) => ({ point, ...bag[i]!, faceDown: true, id: i }));
    this.state.pos = new Position(this.rules(-1), pieces);
    this.state.pos.start();
    this.state.phase = 'play';
  }

  private dealHands(): void {
    const d = deal(this.options.seed, this.state.dealNo);
    this.state.hands = d.hands.map((h) => [...h]);
    this.state.kitty = [...d.kitty];
    this.state.bids = [];
    this.state.bidder = this.state.dealNo % 4;
  }

  /** Deploys every army from `setup`/`setups` when the options say so. */
  private presetSetups(): Result<void> {
    const { options: o, state } = this;
    if (o.setups === undefined && o.setup === undefined) return ok(undefined);
    for (let seat = 0; seat < this.seatCount; seat++) {
      const pick = state.landlord === seat;
      let setup: Result<ArmySetup>;
      if (o.setups !== undefined) setup = readSetup(o.setups[seat]!, state.holdings[seat], pick);
      else if (o.setup === 'random') setup = randomSetup(this.setupRng(seat), state.holdings[seat], pick);
      else setup = readSetup(PRESETS[o.setup as PresetName], state.holdings[seat], pick);
      if (!setup.ok) {
        return fail(setup.error.code, `seat ${seat}: ${setup.error.reason}`);
      }
      state.setups[seat] = setup.value;
    }
    this.startPlay();
    return ok(undefined);
  }

  private setupRng(seat: Seat): Rng {
    return Rng.fromSeed(`${this.options.seed}:setup:${this.state.dealNo}:${seat}`);
  }

  private rules(landlord: Seat): Rules {
    const o = this.options;
    const seats = o.players;
    return {
      board: this.board,
      seats,
      mode: o.mode,
      armyOfSeat: o.mode === 'flip' ? [-1, -1] : Array.from({ length: seats }, (_, s) => s),
      teamOfSeat: teamsFor(o, landlord),
      landlord,
      target: this.state.target,
      firstSeat: landlord >= 0 ? landlord : 0,
      noCaptureLimit: o.noCaptureLimit,
      moveLimit: o.moveLimit,
      chaseLimit: o.chaseLimit,
    };
  }

  private startPlay(): void {
    const pieces: PieceState[] = [];
    this.state.setups.forEach((setup, army) => {
      let index = 0;
      setup?.forEach((rank, slot) => {
        if (rank < 0) return;
        const row = Math.floor(slot / 5) + 1;
        pieces.push({
          point: this.board.at(army, row, slot % 5),
          army,
          rank,
          faceDown: false,
          id: army * 25 + index++,
        });
      });
    });
    this.state.pos = new Position(this.rules(this.state.landlord), pieces);
    this.state.pos.start(this.state.outBeforePlay);
    this.state.phase = 'play';
  }

  /** Whether `seat` left while the armies deployed. */
  private outBeforePlay(seat: Seat): boolean {
    return this.state.outBeforePlay.some((g) => g.seat === seat);
  }

  /** Play starts once every seat still in has deployed. */
  private startPlayIfDeployed(): void {
    const s = this.state;
    if (s.setups.every((x, seat) => x !== undefined || this.outBeforePlay(seat))) this.startPlay();
  }

  /**
   * A resignation before play (R13). Two players: the game ends. More: the resigner's army is out and never
   * deployed, and the others deploy and play on, as a resignation during play, unless the seats out decide the
   * game already. 三打一's bidding has no sides yet and cannot go on with three: the game ends, the resigner
   * alone loses.
   */
  private resignBeforePlay(seat: Seat): Result<void> {
    const s = this.state;
    const o = this.options;
    if (o.players === 2 || s.phase === 'bidding') {
      s.ended = this.endWith('resigned', (other) => (other === seat ? 'loss' : 'win'));
      return ok(undefined);
    }
    if (this.outBeforePlay(seat)) return fail('already-out', `seat ${seat} is already out`);
    s.outBeforePlay.push({ seat, reason: 'resigned' });
    // a deployment already made is withdrawn with its army: nothing of it reaches the board or the views
    s.setups[seat] = undefined;
    const sides = { seats: o.players, teamOfSeat: teamsFor(o, s.landlord), landlord: s.landlord, target: s.target };
    s.ended = decidedByExits(sides, exitsOf(s.outBeforePlay));
    if (!s.ended) this.startPlayIfDeployed();
    return ok(undefined);
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
    if (s.phase === 'setup') {
      return {
        kind: 'simultaneous',
        seats: s.setups.flatMap((x, seat) => (x === undefined && !this.outBeforePlay(seat) ? [seat] : [])),
      };
    }
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
    if (s.phase === 'bidding') return who === s.bidder ? this.legalCalls().map((call) => ({ type: 'bid', call })) : [];
    if (s.phase === 'setup') {
      if (s.setups[who] !== undefined || who >= this.seatCount || this.outBeforePlay(who)) return [];
      // Any legal deployment may be played; these are the presets that fit, or one random deployment.
      const pick = s.landlord === who;
      const out: JunqiMove[] = [];
      for (const text of Object.values(PRESETS)) {
        if (readSetup(text, s.holdings[who], pick).ok) out.push({ type: 'setup', setup: text });
      }
      if (out.length === 0) {
        const r = randomSetup(this.setupRng(who), s.holdings[who], pick);
        if (r.ok) out.push({ type: 'setup', setup: setupToString(r.value) });
      }
      return out;
    }
    const pos = s.pos!;
    if (who !== pos.toMove) return [];
    return pos.movesFor(who).map((m) => this.decode(m));
  }

  private decode(m: number): JunqiMove {
    return isFlip(m) ? { type: 'flip', at: moveFrom(m) } : { type: 'move', from: moveFrom(m), to: moveTo(m) };
  }

  private legalCalls(): Call[] {
    if (this.options.bidding === 'landlord') return ['pass', 'landlord'];
    const best = Math.max(0, ...this.state.bids.map((b) => (b.call === 'pass' ? 0 : Number(b.call))));
    return ['pass', ...(['1', '2', '3'] as const).filter((c) => Number(c) > best)];
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
    const checked = move?.type === 'move' || move?.type === 'flip' ? this.checkMove(who, move) : undefined;
    if (checked && !checked.ok) return checked;
    const before = cloneState(this.state);
    let result: Result<HistoryEntry>;
    switch (move?.type) {
      case 'bid':
        result = this.playBid(who, move.call);
        break;
      case 'setup':
        result = this.playSetup(who, move.setup);
        break;
      case 'move':
      case 'flip':
        result = this.playMove(who, move, checked?.ok ? checked.value : -1);
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

  private playBid(seat: Seat, call: Call): Result<HistoryEntry> {
    const s = this.state;
    if (s.phase !== 'bidding') return fail('not-bidding', 'bidding is over');
    if (seat !== s.bidder) return fail('not-your-turn', `seat ${s.bidder} bids now`);
    if (!this.legalCalls().includes(call)) {
      return fail('illegal-bid', `"${call}" is not a legal call now (legal: ${this.legalCalls().join(', ')})`);
    }
    s.bids.push({ seat, call });
    const entry: HistoryEntry = { action: { seat, move: { type: 'bid', call } }, phase: 'bidding' };
    const calls = s.bids.filter((b) => b.call !== 'pass');
    const decisive = call === '3' || call === 'landlord';
    if (decisive || s.bids.length === 4) {
      if (calls.length === 0) {
        // L3: nobody called — a new deal, and the next seat opens the bidding.
        s.dealNo++;
        this.dealHands();
        return ok(entry);
      }
      const top = calls[calls.length - 1]!;
      s.landlord = top.seat;
      s.target = top.call === 'landlord' ? 3 : Number(top.call);
      s.holdings = s.hands.map((h, i) => (i === s.landlord ? landlordHolding(h, s.kitty) : farmerArmy(h)));
      s.phase = 'setup';
      const preset = this.presetSetups();
      if (!preset.ok) return preset;
      return ok(entry);
    }
    s.bidder = (s.bidder + 1) % 4;
    return ok(entry);
  }

  private playSetup(seat: Seat, text: string): Result<HistoryEntry> {
    const s = this.state;
    if (s.phase !== 'setup') return fail('not-setup', 'the setup phase is over');
    if (s.setups[seat] !== undefined) return fail('already-set-up', `seat ${seat} has already deployed`);
    if (this.outBeforePlay(seat)) return fail('already-out', `seat ${seat} is out: it resigned`);
    if (typeof text !== 'string') return fail('bad-setup', 'a setup is a notation string');
    const setup = readSetup(text, s.holdings[seat], s.landlord === seat);
    if (!setup.ok) return setup;
    s.setups[seat] = setup.value;
    this.startPlayIfDeployed();
    return ok({ action: { seat, move: { type: 'setup', setup: setupToString(setup.value) } }, phase: 'setup' });
  }

  /** The move's code when `seat` may play it now, else why not. */
  private checkMove(seat: Seat, move: Extract<JunqiMove, { type: 'move' | 'flip' }>): Result<number> {
    const s = this.state;
    if (s.phase !== 'play') return fail('not-playing', `the game is in its ${s.phase} phase`);
    const pos = s.pos!;
    if (seat !== pos.toMove) return fail('not-your-turn', `it is seat ${pos.toMove}'s turn`);
    const n = this.board.points.length;
    const valid = (p: unknown): p is number => Number.isInteger(p) && (p as number) >= 0 && (p as number) < n;
    let code: number;
    if (move.type === 'flip') {
      if (!valid(move.at)) return fail('bad-move', 'no such point');
      code = encodeFlip(move.at);
    } else {
      if (!valid(move.from) || !valid(move.to)) return fail('bad-move', 'no such point');
      code = encodeMove(move.from, move.to);
    }
    if (!pos.movesFor(seat).includes(code)) return fail('illegal-move', this.whyIllegal(seat, move));
    return ok(code);
  }

  private playMove(
    seat: Seat,
    move: Extract<JunqiMove, { type: 'move' | 'flip' }>,
    code: number,
  ): Result<HistoryEntry> {
    const pos = this.state.pos!;
    const flagsBefore = pos.flagRevealed;
    pos.makeMove(code);
    const effect = pos.lastPlayEffect();
    const flagPoints = this.flagPointsRevealed(flagsBefore);
    return ok({
      action: { seat, move },
      phase: 'play',
      ...(effect ? { effect } : {}),
      ...(flagPoints ? { flagPoints } : {}),
    });
  }

  private flagPointsRevealed(before: number): { army: number; point: number }[] | undefined {
    const pos = this.state.pos!;
    const gained = pos.flagRevealed & ~before;
    if (!gained) return undefined;
    const out: { army: number; point: number }[] = [];
    for (let p = 0; p < pos.n; p++) {
      if (pos.rank[p] === FLAG && (gained >> pos.owner[p]!) & 1) out.push({ army: pos.owner[p]!, point: p });
    }
    return out;
  }

  /** Why `seat`'s move is refused, from what `seat` sees alone (refusal.ts). */
  private whyIllegal(seat: Seat, move: Extract<JunqiMove, { type: 'move' | 'flip' }>): string {
    const pos = this.state.pos!;
    const sight: Sight = {
      board: this.board,
      mode: this.options.mode,
      seat,
      seatOfArmy: (army) => pos.seatOfArmy(army),
      teamOfSeat: pos.rules.teamOfSeat,
      look: (p) => {
        const army = pos.owner[p]!;
        if (army < 0) return { kind: 'empty' };
        const rank = pos.rank[p]! as Rank;
        const faceDown = pos.faceDown[p] === 1;
        const visible = this.canSee(seat, army, rank, faceDown);
        if (faceDown && !visible) return { kind: 'face-down' };
        return { kind: 'piece', army, rank: visible ? rank : undefined };
      },
    };
    return whyIllegal(sight, move);
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
        s.ended = this.endWith('draw-agreed', () => 'draw');
        break;
      case 'resign':
        if (s.phase === 'play') {
          if (s.pos!.isOut(seat)) return fail('already-out', `seat ${seat} is already out`);
          effect = s.pos!.forfeit(seat, 'resigned');
        } else {
          const r = this.resignBeforePlay(seat);
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
          const r = this.playBid(seat, 'pass');
          if (!r.ok) return r;
        } else if (s.phase === 'setup') {
          // A timeout while deploying deploys at random.
          const r = randomSetup(this.setupRng(seat), s.holdings[seat], s.landlord === seat);
          if (!r.ok) return r;
          s.setups[seat] = r.value;
          this.startPlayIfDeployed();
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

  private endWith(reason: string, result: (seat: Seat) => SeatResult): Outcome {
    const pos = this.state.pos;
    const results = Array.from({ length: this.seatCount }, (_, s) => (pos?.isOut(s) ? 'loss' : result(s)));
    return { reason, results };
  }

  // ---- notation ------------------------------------------------------------

  moveToString(move: JunqiMove): string {
    const name = (p: number) => this.board.points[p]?.name ?? `?${p}`;
    switch (move.type) {
      case 'move':
        return `${name(move.from)}-${name(move.to)}`;
      case 'flip':
        return `flip ${name(move.at)}`;
      case 'setup':
        return `setup ${move.setup}`;
      case 'bid':
        return `bid ${move.call}`;
    }
  }

  parseMove(text: string, _seat?: Seat): Result<JunqiMove> {
    return parseMoveText(this.board, text);
  }

  positionToString(): string {
    const s = this.state;
    if (!s.pos) return `${s.phase} ${s.setups.map((x) => (x ? 'deployed' : 'waiting')).join(',')}`;
    const pos = s.pos;
    const cells = this.board.points.map((p) => {
      const owner = pos.owner[p.id]!;
      if (owner < 0) return '.';
      return `${owner}${rankLetter(pos.rank[p.id]!)}${pos.faceDown[p.id] ? '*' : ''}`;
    });
    return `${cells.join(' ')} | ${pos.toMove} ${pos.noCapture} ${pos.plies}`;
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
}
