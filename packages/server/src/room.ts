import {
  actingSeats,
  boardMoves,
  type Game,
  type JsonValue,
  ok,
  type Seat,
  type Turn,
  type Viewer,
} from '@qiyuan/core';
import {
  type ChatLine,
  type ClockSpec,
  type GameEventKind,
  type GameFrame,
  type GameInfo,
  type Offer,
  type PlayRecordInfo,
  refusal,
  type SeatHolder,
} from '@qiyuan/protocol';
import { afterAction, type ClockState, initialClock, nextDeadline, restart } from './clock.js';
import { switchVacation, vacationProblem } from './correspondence.js';
import type { AnyDefinition } from './games.js';
import { berserkRuling } from './room-berserk.js';
import { claimRuling, leaveRuling } from './room-claims.js';
import { lapse, overdue } from './room-deadlines.js';
import { broadcastOf, frameOf, infoOf, recordsOf, syncOf } from './room-frames.js';
import { offerRuling } from './room-offers.js';
import { replayChange } from './room-replay.js';
import { aiSeats, humanSeats, pickSeat, seatsOf, teamOfUser } from './room-seats.js';
import {
  type ActResult,
  type Change,
  type Conn,
  isOver,
  type RematchAnswer,
  type RematchOpening,
  type RoomHost,
  type RoomMeta,
  type RoomStatus,
  type Ruling,
  refuse,
  refuseAs,
} from './room-types.js';
import type { ClockTimer } from './server-clock.js';
import { CHECKPOINT_MOVES, gameAt } from './stored-game.js';

export type {
  Action,
  Change,
  Conn,
  RematchAnswer,
  RematchOpening,
  RematchRefusal,
  RoomHost,
  RoomMeta,
  RoomStatus,
} from './room-types.js';

/** The moments of the gone seats but `seat`'s. */
const withoutSeat = (absent: ReadonlyMap<Seat, number>, seat: Seat): ReadonlyMap<Seat, number> => {
  const next = new Map(absent);
  next.delete(seat);
  return next;
};

/** After a failed commit, how long until the room tries its clock (a timeout, the AI) again. */
export const RETRY_MS = 1000;

/**
 * One live game with the server as the authority: every action is checked by
 * the engine, applied, committed, and only then sent. Actions of a room run one
 * at a time through `queue`; a failed commit restores the last committed state.
 * The rules of actions other than moves live beside it: offers (room-offers.ts),
 * claims against a gone player (room-claims.ts), deadlines (room-deadlines.ts); who sits where in room-seats.ts.
 */
export class Room {
  game: Game;
  seq: number;
  status: RoomStatus;
  seats: SeatHolder[];
  clock: ClockState;
  offers = new Map<Seat, Offer>();
  readonly watchers = new Set<Conn>();
  /** The latest chat lines, sent to each new watcher (kept in memory only). */
  readonly chat: ChatLine[] = [];
  /** The players who turned the spectators' chat off for themselves (chat-settings.ts). */
  readonly spectatorChatOff = new Set<string>();
  private lastChatAt = 0;

  /**
   * A new chat line's time: after the previous line's even within one millisecond, since the store gives a game's
   * lines back in the order of their times (a restart showed two lines of one millisecond swapped).
   */
  chatTime(now: number): number {
    this.lastChatAt = Math.max(now, this.lastChatAt + 1, (this.chat.at(-1)?.at ?? 0) + 1);
    return this.lastChatAt;
  }
  /** After the end: the seats whose players asked for a rematch (changed by askRematch). */
  private readonly rematchSeats = new Set<Seat>();
  /** The rematch's game id, once it started. */
  private nextGame: string | undefined;
  /** The game at its last stored checkpoint, and the data of each committed move since (stored-game.ts). */
  private snapshotText: string;
  private movesSince: JsonValue[];
  private queue: Promise<unknown> = Promise.resolve();
  private timer: ClockTimer | undefined;
  closed = false;
  /** The fencing token of this process's lease (0 without a cluster). */
  fence = 0;
  /**
   * When each human seat's player was last seen leaving the game, on the server's clock (absence.ts works it out
   * from the watchers and changes it by markAbsent): a claim against a gone opponent, or leaving a gone seat out, is
   * checked against it.
   */
  private absentSince: ReadonlyMap<Seat, number> = new Map();

  constructor(
    readonly meta: RoomMeta,
    readonly def: AnyDefinition,
    game: Game,
    init: {
      seq: number;
      status: RoomStatus;
      seats: SeatHolder[];
      clock: ClockState;
      /** The stored checkpoint and the moves since, when `game` was restored from them. */
      snapshot?: string;
      movesSince?: JsonValue[];
    },
    private readonly host: RoomHost,
  ) {
    this.game = game;
    this.seq = init.seq;
    this.status = init.status;
    this.seats = init.seats;
    this.clock = init.clock;
    this.snapshotText = init.snapshot ?? JSON.stringify(game.snapshot());
    this.movesSince = init.snapshot === undefined ? [] : [...(init.movesSince ?? [])];
    this.savedClock = init.clock;
    this.savedSeats = init.seats;
    this.savedStatus = init.status;
    this.turnKind = game.turn().kind;
  }

  /** The kind of turn as of the last committed change: the end of a simultaneous phase can reveal earlier records. */
  private turnKind: Turn['kind'];

  get id(): string {
    return this.meta.id;
  }

  /** After the end: the seats whose players asked for a rematch. */
  get rematch(): ReadonlySet<Seat> {
    return this.rematchSeats;
  }

  /** The rematch's game id, once it started. */
  get next(): string | undefined {
    return this.nextGame;
  }

  /** When each gone human seat's player was last seen leaving, on the server's clock. */
  get absent(): ReadonlyMap<Seat, number> {
    return this.absentSince;
  }

  /** The time on the server's clock. */
  now(): number {
    return this.host.clock.now();
  }

  static initialClock(spec: ClockSpec, seats: number, now: number, dayMs?: number): ClockState {
    return initialClock(spec, seats, now, undefined, dayMs);
  }

  /** Runs `f` after every earlier action of this room. */
  run<T>(f: () => Promise<T>): Promise<T> {
    const r = this.queue.then(f, f);
    this.queue = r.catch(() => undefined);
    return r;
  }

  seatsOf(userId: string): Seat[] {
    return seatsOf(this.seats, userId);
  }

  humanSeats(): Seat[] {
    return humanSeats(this.seats);
  }

  aiSeats(): { seat: Seat; level: number }[] {
    return aiSeats(this.seats);
  }

  /** Options as shown to players: the seed stays secret until the game is over (it decides hidden layouts). */
  publicOptions(): Record<string, string | number | boolean> {
    const { seed, ...rest } = this.meta.options;
    return this.over() ? { ...this.meta.options } : rest;
  }

  private over(): boolean {
    return isOver(this.status);
  }

  info(): GameInfo {
    return infoOf(this);
  }

  // ------------------------------------------------------------ frames

  records(viewer: Viewer, from: number, to: number): PlayRecordInfo[] {
    return recordsOf(this.game, viewer, from, to);
  }

  addChat(line: ChatLine): void {
    this.chat.push(line);
    if (this.chat.length > 100) this.chat.splice(0, this.chat.length - 100);
  }

  /** `shared`: the view the change's frames share, when the game hides nothing now (room-frames.ts). */
  frame(conn: Conn, now = this.host.clock.now(), shared?: unknown): GameFrame {
    return shared === undefined ? frameOf(this, conn, now) : frameOf(this, conn, now, shared);
  }

  /** The team `userId` plays in (through any of its seats), if the game has teams. */
  teamOfUser(userId: string): number | undefined {
    return teamOfUser(this.game, this.seats, userId);
  }

  /**
   * Whether a chat line may reach `userId`: everyone's lines do, but a spectator's not a player who turned them off;
   * a team line only that team's players.
   */
  mayRead(line: ChatLine, userId: string): boolean {
    if (line.spectator && this.spectatorChatOff.has(userId)) return false;
    return line.team === undefined || this.teamOfUser(userId) === line.team;
  }

  sync(conn: Conn): void {
    syncOf(this, conn);
  }

  // ------------------------------------------------------------ actions

  private check(seq: number): ActResult | undefined {
    if (this.closed) return refuse('unavailable', 'this game is no longer served here');
    if (this.status === 'seeking') return refuse('not-allowed', 'the game has not started');
    if (this.status !== 'playing') return refuse('game-over', 'the game is over');
    if (seq !== this.seq) {
      return { ok: false, error: { code: 'stale-seq', reason: `the game is at sequence ${this.seq}, not ${seq}` } };
    }
    return undefined;
  }

  /**
   * What every action passes first, at the instant `now` it is handled. A
   * deadline already past (the timer is late: a busy event loop, a takeover) is
   * dealt with before the action, as the timer would have: the flag falls, or
   * the engine counts the timeout. The action was meant for a game that has
   * changed since, so it is refused: the game is over, or its sequence moved on.
   */
  private async admit(seq: number, now: number): Promise<ActResult | undefined> {
    if (this.closed || this.status !== 'playing') return this.check(seq);
    if (overdue(this, now)) {
      const lapsed = await this.settle(lapse(this, now), now);
      if (!lapsed.ok) return lapsed;
      if (this.status !== 'playing') return refuse('game-over', 'time ran out before this arrived: the game is over');
      return {
        ok: false,
        error: {
          code: 'stale-seq',
          reason: `time ran out before this arrived; the game is at sequence ${this.seq} now`,
        },
      };
    }
    return this.check(seq);
  }

  /**
   * An action by a user for their own seat (resign, claim, offers, vacation): admitted as every action is, then the
   * user's seat picked, before `act` runs in the room's queue.
   */
  private asSeat(
    userId: string,
    seq: number,
    seat: Seat | undefined,
    act: (s: Seat, now: number) => Promise<ActResult>,
  ): Promise<ActResult> {
    return this.run(async () => {
      const now = this.host.clock.now();
      const bad = await this.admit(seq, now);
      if (bad) return bad;
      const picked = pickSeat(this.game, this.seats, userId, seat, false);
      if (!picked.ok) return picked as ActResult;
      return act(picked.value, now);
    });
  }

  /** A move by a user (or, with `ai`, by the AI of that seat). */
  move(userId: string | undefined, seq: number, text: string, seat: Seat | undefined): Promise<ActResult> {
    return this.run(async () => {
      const now = this.host.clock.now();
      const bad = await this.admit(seq, now);
      if (bad) return bad;
      if (this.clock.paused)
        return refuseAs('not-allowed', refusal('game-paused', 'the game is paused: resume it to play on'));
      let s: Seat;
      if (userId === undefined) {
        if (seat === undefined || this.seats[seat]?.kind !== 'ai') return refuse('not-your-seat', 'not an AI seat');
        s = seat;
      } else {
        const picked = pickSeat(this.game, this.seats, userId, seat, true);
        if (!picked.ok) return picked as ActResult;
        s = picked.value;
      }
      if (!actingSeats(this.game.turn()).includes(s)) return refuse('not-your-turn', `seat ${s} may not act now`);
      const parsed = this.game.parseMove(text, s);
      if (!parsed.ok) return refuse('bad-notation', parsed.error.reason);
      const fromPly = this.game.ply;
      // Written before it is played, as it is read: the move is replayed from it (replicas, the moves since a
      // checkpoint). Written after a Beetle's climb, Hive's text named the space beside another tile, which the board
      // before the move refuses as taken (a climb is written with the tile it lands on): 762 of 15,608 random moves.
      const notation = this.game.moveToString(parsed.value);
      const played = this.game.play(parsed.value, s);
      if (!played.ok) return refuse('illegal-move', played.error.reason);
      this.offers.delete(s);
      // a move answers the opponents' standing offers with "no"
      for (const [o, off] of this.offers) if (off === 'takeback' || off === 'draw') this.offers.delete(o);
      return this.finish('move', s, { actions: [{ kind: 'move', seat: s, move: notation }] }, fromPly, false, now, s);
    });
  }

  resign(userId: string, seq: number, seat: Seat | undefined): Promise<ActResult> {
    return this.asSeat(userId, seq, seat, async (s, now) => {
      const fromPly = this.game.ply;
      const r = this.game.apply({ type: 'resign', seat: s });
      if (!r.ok) return refuse('not-allowed', r.error.reason);
      this.offers.clear();
      return this.finish('resign', s, { actions: [{ kind: 'resign', seat: s }] }, fromPly, false, now);
    });
  }

  /** Victory or a draw claimed against an opponent gone longer than `allowanceMs` (room-claims.ts). */
  claim(
    userId: string,
    seq: number,
    seat: Seat | undefined,
    result: 'win' | 'draw',
    allowanceMs: number,
  ): Promise<ActResult> {
    return this.asSeat(userId, seq, seat, async (s, now) =>
      this.settle(claimRuling(this, userId, s, result, allowanceMs, now), now),
    );
  }

  /** A gone seat of a game of more seats is out after `allowanceMs` (room-claims.ts); the others play on. */
  leave(seat: Seat, allowanceMs: number): Promise<ActResult> {
    return this.run(async () => {
      const now = this.host.clock.now();
      const bad = await this.admit(this.seq, now);
      if (bad) return bad;
      const r = await this.settle(leaveRuling(this, seat, allowanceMs, now), now);
      // out of the game, the seat is no longer waited for; kept when the change could not be saved, to be tried again
      if (r.ok) this.absentSince = withoutSeat(this.absentSince, seat);
      return r;
    });
  }

  /**
   * The gone seats' moments change (absence.ts works out who is present), in the room's queue, so a mark is made on
   * the game as it is after every action before it: a move or a resignation being saved is saved first. `mark` gets
   * the moments and the room's status as they are when the change runs and gives the new moments, or undefined for
   * no change; `store`, when given, then writes what was kept, still in the queue, so the stored moments change in
   * the room's order too. Whether they changed.
   */
  markAbsent(
    mark: (absent: ReadonlyMap<Seat, number>, status: RoomStatus) => ReadonlyMap<Seat, number> | undefined,
    store?: (absent: ReadonlyMap<Seat, number>, status: RoomStatus) => Promise<void>,
  ): Promise<boolean> {
    return this.run(async () => {
      const next = mark(this.absentSince, this.status);
      if (next === undefined) return false;
      this.absentSince = new Map(next);
      await store?.(this.absentSince, this.status);
      return true;
    });
  }

  /**
   * A rematch asked for by the player of `seats` (declined, with `accept` false: every request is dropped), in the
   * room's queue, so it is decided on the game as it is after every action before it. When every human seat has
   * asked, `open` makes the new game and gives its id once it exists (a refusal beside it when it could not be
   * started), or only a refusal; it runs in the queue, so a request arriving meanwhile waits, then finds the rematch
   * started instead of starting a second one.
   */
  askRematch(seats: readonly Seat[], accept: boolean, open: () => Promise<RematchOpening>): Promise<RematchAnswer> {
    return this.run(async (): Promise<RematchAnswer> => {
      if (this.status !== 'finished') return { refused: { code: 'not-allowed', reason: 'this game did not finish' } };
      if (this.nextGame !== undefined) {
        return { refused: { code: 'not-allowed', reason: 'the rematch has already started' } };
      }
      if (!accept) {
        this.rematchSeats.clear();
        return { asked: [] };
      }
      for (const s of seats) this.rematchSeats.add(s);
      if (!this.humanSeats().every((h) => this.rematchSeats.has(h))) return { asked: [...this.rematchSeats] };
      const opened = await open();
      if (opened.gameId === undefined) return { refused: opened.refused };
      this.nextGame = opened.gameId;
      this.rematchSeats.clear();
      return opened.refused ? { refused: opened.refused } : { started: opened.gameId };
    });
  }

  /** Offers and answers: draws, take-backs, pauses and resuming (room-offers.ts). */
  offer(
    userId: string,
    seq: number,
    seat: Seat | undefined,
    offer: Offer,
    accept: boolean,
    answer: boolean,
  ): Promise<ActResult> {
    return this.asSeat(userId, seq, seat, async (s, now) =>
      this.settle(offerRuling(this, s, offer, accept, answer, now), now),
    );
  }

  /** Berserk before the seat's first move in an arena tournament's game (`arena`: the caller looked it up). */
  berserk(userId: string, seq: number, seat: Seat | undefined, arena: boolean): Promise<ActResult> {
    return this.asSeat(userId, seq, seat, async (s, now) => this.settle(berserkRuling(this, s, arena), now));
  }

  /** Clock deadlines: flags, per-move timeouts and the end of the setup phase, all reported to the engine. */
  tick(): Promise<ActResult> {
    return this.run(async () => {
      if (this.closed || this.status !== 'playing') return ok(this.seq);
      const now = this.host.clock.now();
      if (!overdue(this, now)) {
        this.schedule();
        return ok(this.seq);
      }
      return this.settle(lapse(this, now), now);
    });
  }

  /**
   * A correspondence player switches their vacation on or off (correspondence.ts): while on, their clock does not
   * run, until the allowance is used up. Recorded as a change like an offer, so every process and watcher sees it.
   */
  vacation(userId: string, seq: number, seat: Seat | undefined, on: boolean): Promise<ActResult> {
    return this.asSeat(userId, seq, seat, async (s, now) => {
      const problem = vacationProblem(this.clock.vacation, s, on);
      if (problem !== undefined || !this.clock.vacation) {
        return refuseAs('not-allowed', problem ?? refusal('no-vacation', 'no vacation here'));
      }
      const runs = this.clock.running.includes(s) && !this.clock.paused;
      const vacation = switchVacation(this.clock.vacation, s, on, this.clock.since, now, runs);
      this.clock = { ...this.clock, vacation };
      return this.finish('vacation', s, { actions: [{ kind: 'vacation', seat: s, on }] }, this.game.ply, false, now);
    });
  }

  /**
   * Ends a seek that never started (its creator cancelled it, or it expired), in the room's queue: a join that fills
   * the last seat meanwhile either starts the game first, and nothing is aborted ('started'), or finds the seek gone.
   * `write` stores the abort under this process's fence: 0 rows written means the seek changed elsewhere ('lost').
   */
  abortSeek(write: () => Promise<number>): Promise<'aborted' | 'started' | 'lost'> {
    return this.run(async () => {
      if (this.status !== 'seeking' || this.closed) return 'started';
      if ((await write()) !== 1) return 'lost';
      this.status = 'aborted';
      this.close();
      return 'aborted';
    });
  }

  /**
   * A seek's seats change (a player takes an open seat, a joiner leaves theirs) in the room's queue. `reseat` gets
   * the seats as they are when the change runs and gives the new ones, or undefined when the change no longer fits
   * (the seat was taken meanwhile). They are taken in memory before `write` stores them under this process's fence,
   * and put back when it fails or finds the seek changed elsewhere ('lost'). 'started': no seek any more.
   */
  reseatSeek(
    reseat: (seats: SeatHolder[]) => SeatHolder[] | undefined,
    write: (seats: SeatHolder[]) => Promise<boolean>,
  ): Promise<'reseated' | 'refused' | 'started' | 'lost'> {
    return this.run(async () => {
      if (this.status !== 'seeking' || this.closed) return 'started';
      const seats = reseat(this.seats);
      if (!seats) return 'refused';
      const before = this.seats;
      this.seats = seats;
      let written = false;
      try {
        written = await write(seats);
      } finally {
        if (!written) this.seats = before;
      }
      if (!written) return 'lost';
      this.savedSeats = seats;
      return 'reseated';
    });
  }

  /** Starts the game: called when the last seat is filled. */
  start(seats: SeatHolder[]): Promise<ActResult> {
    return this.run(async () => {
      if (this.status !== 'seeking') return refuse('not-allowed', 'the game has already started');
      this.seats = seats;
      this.status = 'playing';
      const now = this.host.clock.now();
      this.clock = restart(
        this.meta.clock,
        { ...initialClock(this.meta.clock, this.seats.length, now, this.host.firstMoveMs?.(), this.host.dayMs?.()) },
        this.game.turn(),
        now,
      );
      return this.finish('start', undefined, { actions: [] }, this.game.ply, false, this.host.clock.now());
    });
  }

  /** Commits the step a rule decided, or passes its refusal on (restoring the room first if the rule says so). */
  private settle(r: Ruling, now: number): Promise<ActResult> | ActResult {
    if ('restore' in r) {
      this.restore();
      return r.restore;
    }
    if ('ok' in r) return r;
    return this.finish(r.kind, r.seat, r.data, r.fromPly, r.undone ?? false, now, r.mover);
  }

  /**
   * Commits the change the room already made in memory. On failure the last
   * committed state is restored and nothing is sent; on success every watcher
   * gets its own frame, and the clock timer is set again.
   */
  private async finish(
    kind: GameEventKind,
    seat: Seat | undefined,
    data: JsonValue,
    fromPly: number,
    undone: boolean,
    now: number,
    mover?: Seat,
  ): Promise<ActResult> {
    const outcome = this.game.outcome();
    if (kind === 'move' || kind === 'timeout' || kind === 'resign' || kind === 'draw') {
      this.clock = afterAction(this.meta.clock, this.clock, mover, this.game.turn(), now);
    }
    // a tournament game keeps each seat's moves on the board with its result: an arena scores a short draw or a
    // berserk by them (never by the plies, which count deployments, roster choices and resignations too)
    if (outcome && this.meta.tournament !== undefined) this.clock = { ...this.clock, moves: boardMoves(this.game) };
    const status: RoomStatus = outcome ? 'finished' : this.status;
    // A move that leaves the game going is stored as itself, on the last checkpoint, until the moves since fill one;
    // any other change stores the whole game (it is read as it is: an end, a take-back, a start).
    const checkpoint = kind !== 'move' || status !== 'playing' || this.movesSince.length + 1 >= CHECKPOINT_MOVES;
    const snapshot = checkpoint ? JSON.stringify(this.game.snapshot()) : undefined;
    // Records a viewer could not see may become visible when a hidden phase ends (a Hive roster chosen blind,
    // a 明棋 deployment) or the game does (Junqi shows the board face up): then every record is sent again.
    const turnKind = this.game.turn().kind;
    const recordsFrom = outcome || (this.turnKind === 'simultaneous' && turnKind !== 'simultaneous') ? 0 : fromPly;
    const change: Change = {
      gameId: this.id,
      fromSeq: this.seq,
      seq: this.seq + 1,
      kind,
      seat,
      data,
      status,
      seats: this.seats,
      ...(snapshot === undefined ? {} : { snapshot }),
      clock: this.clock,
      outcome,
      at: now,
      fromPly: recordsFrom,
      undone,
    };
    try {
      await this.host.commit(this, change);
    } catch (e) {
      this.restore();
      // A timeout whose commit failed is still due: the timer is set again, a little later, so the game
      // is not left waiting for an action that may never come (a clock without players, an AI seat).
      this.schedule(RETRY_MS);
      return refuse('unavailable', `the game could not be saved (${(e as Error).message}); nothing was played`);
    }
    this.stored(snapshot, data);
    this.turnKind = turnKind;
    this.savedClock = this.clock;
    this.savedSeats = this.seats;
    this.seq = change.seq;
    this.status = status;
    this.savedStatus = status;
    if (outcome || status === 'aborted') this.offers.clear();
    broadcastOf(this, kind, recordsFrom, undone);
    this.schedule();
    this.host.changed(this, change);
    return ok(this.seq);
  }

  private savedClock: ClockState;
  private savedSeats: SeatHolder[];
  private savedStatus: RoomStatus;

  /** After a committed change: a snapshot is the new checkpoint; a change without one is a move since the last. */
  private stored(snapshot: string | undefined, data: JsonValue): void {
    if (snapshot === undefined) this.movesSince.push(data);
    else {
      this.snapshotText = snapshot;
      this.movesSince = [];
    }
  }

  /** Back to the last committed state after a failed commit. */
  private restore(): void {
    const g = gameAt(this.def, this.snapshotText, this.movesSince);
    if (g.ok) this.game = g.value;
    this.clock = this.savedClock;
    this.seats = this.savedSeats;
    this.status = this.savedStatus;
    this.offers.clear();
  }

  /**
   * A replica follows a game another process owns: it takes the owner's
   * committed state and builds its own watchers' frames from it. A move comes
   * as its actions and the ply it leads to (no snapshot: building and sending
   * the whole game on every move cost more than the move); other changes bring
   * the snapshot too. False when the replica cannot follow from what it heard
   * (a gap in the sequence, a move that does not replay to the owner's ply):
   * the caller reloads it from the database, which already holds the change.
   */
  replicate(m: {
    seq: number;
    event: GameEventKind;
    snapshot?: string;
    ply?: number;
    seats: SeatHolder[];
    status: RoomStatus;
    clock: ClockState;
    offers: [Seat, Offer][];
    fromPly: number;
    undone: boolean;
    data?: JsonValue;
  }): boolean {
    if (m.seq <= this.seq) return true;
    const gap = m.seq !== this.seq + 1;
    if (m.snapshot === undefined) {
      if (gap || !replayChange(this.game, m.data) || this.game.ply !== m.ply) return false;
    } else if (gap || !replayChange(this.game, m.data) || JSON.stringify(this.game.snapshot()) !== m.snapshot) {
      // The next change in order is replayed on the replica's own game (cheap); anything
      // else — a gap, an action that does not replay, a different result — reloads the snapshot.
      const g = this.def.fromSnapshot(JSON.parse(m.snapshot));
      if (!g.ok) return false;
      this.game = g.value;
    }
    this.seq = m.seq;
    this.seats = m.seats;
    this.status = m.status;
    this.clock = m.clock;
    this.offers = new Map(m.offers);
    // a replica never commits (a takeover builds a new room from the stored row); its checkpoint and the moves since
    // follow the owner's news all the same, so they always add up to its game
    this.stored(m.snapshot, m.data ?? null);
    this.turnKind = this.game.turn().kind;
    // a missed change (a gap in the sequence) is repaired with a full sync
    broadcastOf(this, m.event, Math.min(m.fromPly, this.game.ply), m.undone || gap);
    return true;
  }

  /** Sets the timer for the next deadline of the clock, no sooner than `atLeastMs` from now. */
  schedule(atLeastMs = 0): void {
    this.timer?.cancel();
    this.timer = undefined;
    if (this.closed || this.status !== 'playing') return;
    const deadline = nextDeadline(this.meta.clock, this.clock, this.game.turn());
    if (deadline === undefined) return;
    const wait = Math.max(atLeastMs, Math.min(deadline - this.host.clock.now() + 1, 2_000_000_000));
    this.timer = this.host.clock.after(wait, () => {
      // a failure is answered inside tick; never let a timer reject unobserved
      this.tick().catch(() => undefined);
    });
  }

  close(): void {
    this.closed = true;
    this.timer?.cancel();
    this.timer = undefined;
  }
}
