import {
  actingSeats,
  type Failure,
  fail,
  type Game,
  type JsonValue,
  ok,
  type Result,
  type Seat,
  SPECTATOR,
  type Turn,
  type Viewer,
} from '@qiyuan/core';
import {
  type ChatLine,
  type ClockSpec,
  type ErrorCode,
  type GameEventKind,
  type GameFrame,
  type GameInfo,
  type Offer,
  type PlayRecordInfo,
  refusal,
  type SeatHolder,
} from '@qiyuan/protocol';
import {
  abortClock,
  afterAction,
  type ClockState,
  firstMoveLapsed,
  hasMoved,
  initialClock,
  nextDeadline,
  pause,
  restart,
  resume,
  timeLeft,
} from './clock.js';
import { switchVacation, vacationProblem } from './correspondence.js';
import type { AnyDefinition } from './games.js';
import { broadcastOf, frameOf, infoOf, recordsOf, syncOf } from './room-frames.js';
import { replayChange } from './room-replay.js';
import {
  type ActResult,
  type Change,
  type Conn,
  isOver,
  type RoomHost,
  type RoomMeta,
  type RoomStatus,
  refuse,
  refuseAs,
} from './room-types.js';

export type { Action, Change, Conn, RoomHost, RoomMeta, RoomStatus } from './room-types.js';

/** After a failed commit, how long until the room tries its clock (a timeout, the AI) again. */
export const RETRY_MS = 1000;

/**
 * One live game with the server as the authority: every action is checked by
 * the engine, applied, committed, and only then sent. Actions of a room run one
 * at a time through `queue`; a failed commit restores the last committed state.
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
  /** After the end: the seats whose players asked for a rematch. */
  readonly rematch = new Set<Seat>();
  /** The rematch's game id, once it started. */
  next: string | undefined;
  private snapshotText: string;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  closed = false;
  /** The fencing token of this process's lease (0 without a cluster). */
  fence = 0;
  /**
   * When each human seat's player was last seen leaving the game, on the server's clock (absence.ts keeps it from
   * the watchers): a claim against a gone opponent, or leaving a gone seat out, is checked against it.
   */
  readonly absent = new Map<Seat, number>();

  constructor(
    readonly meta: RoomMeta,
    readonly def: AnyDefinition,
    game: Game,
    init: { seq: number; status: RoomStatus; seats: SeatHolder[]; clock: ClockState; snapshot?: string },
    private readonly host: RoomHost,
  ) {
    this.game = game;
    this.seq = init.seq;
    this.status = init.status;
    this.seats = init.seats;
    this.clock = init.clock;
    this.snapshotText = init.snapshot ?? JSON.stringify(game.snapshot());
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

  static initialClock(spec: ClockSpec, seats: number, now: number): ClockState {
    return initialClock(spec, seats, now);
  }

  /** Runs `f` after every earlier action of this room. */
  run<T>(f: () => Promise<T>): Promise<T> {
    const r = this.queue.then(f, f);
    this.queue = r.catch(() => undefined);
    return r;
  }

  seatsOf(userId: string): Seat[] {
    const out: Seat[] = [];
    this.seats.forEach((h, i) => {
      if (h.kind === 'user' && h.user.id === userId) out.push(i);
    });
    return out;
  }

  humanSeats(): Seat[] {
    return this.seats.flatMap((h, i) => (h.kind === 'user' ? [i] : []));
  }

  aiSeats(): { seat: Seat; level: number }[] {
    return this.seats.flatMap((h, i) => (h.kind === 'ai' ? [{ seat: i, level: h.level }] : []));
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

  frame(conn: Conn, now = Date.now()): GameFrame {
    return frameOf(this, conn, now);
  }

  /** The team `userId` plays in (through any of its seats), if the game has teams. */
  teamOfUser(userId: string): number | undefined {
    for (const s of this.seatsOf(userId)) {
      const t = this.game.teamOf?.(s);
      if (t !== undefined) return t;
    }
    return undefined;
  }

  /** Whether a chat line may reach `userId`: everyone's lines do; a team line only that team's players. */
  mayRead(line: ChatLine, userId: string): boolean {
    return line.team === undefined || this.teamOfUser(userId) === line.team;
  }

  sync(conn: Conn): void {
    syncOf(this, conn);
  }

  // ------------------------------------------------------------ actions

  /** Which of `userId`'s seats acts, given an optional explicit seat. */
  private pickSeat(
    userId: string,
    seat: Seat | undefined,
    mustAct: boolean,
  ): Result<Seat, Failure & { code: ErrorCode }> {
    const held = this.seatsOf(userId);
    if (held.length === 0) return fail('not-your-seat', 'you hold no seat in this game') as never;
    if (seat !== undefined) {
      return held.includes(seat) ? ok(seat) : (fail('not-your-seat', `seat ${seat} is not yours`) as never);
    }
    const acting = actingSeats(this.game.turn()).filter((s) => held.includes(s));
    if (acting.length === 1) return ok(acting[0]!);
    if (acting.length > 1) return fail('bad-message', 'you hold several seats that may act: name the seat') as never;
    if (mustAct) return fail('not-your-turn', 'it is not your turn') as never;
    return ok(held[0]!);
  }

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
    if (this.overdue(now)) {
      const lapsed = await this.lapse(now);
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
      const now = Date.now();
      const bad = await this.admit(seq, now);
      if (bad) return bad;
      const picked = this.pickSeat(userId, seat, false);
      if (!picked.ok) return picked as ActResult;
      return act(picked.value, now);
    });
  }

  /** Whether a clock deadline (a flag, a per-move limit, the end of the setup phase) has passed at `now`. */
  private overdue(now: number): boolean {
    const deadline = nextDeadline(this.meta.clock, this.clock, this.game.turn());
    return deadline !== undefined && deadline <= now;
  }

  /** A move by a user (or, with `ai`, by the AI of that seat). */
  move(userId: string | undefined, seq: number, text: string, seat: Seat | undefined): Promise<ActResult> {
    return this.run(async () => {
      const now = Date.now();
      const bad = await this.admit(seq, now);
      if (bad) return bad;
      if (this.clock.paused)
        return refuseAs('not-allowed', refusal('game-paused', 'the game is paused: resume it to play on'));
      let s: Seat;
      if (userId === undefined) {
        if (seat === undefined || this.seats[seat]?.kind !== 'ai') return refuse('not-your-seat', 'not an AI seat');
        s = seat;
      } else {
        const picked = this.pickSeat(userId, seat, true);
        if (!picked.ok) return picked as ActResult;
        s = picked.value;
      }
      if (!actingSeats(this.game.turn()).includes(s)) return refuse('not-your-turn', `seat ${s} may not act now`);
      const parsed = this.game.parseMove(text, s);
      if (!parsed.ok) return refuse('bad-notation', parsed.error.reason);
      const fromPly = this.game.ply;
      const played = this.game.play(parsed.value, s);
      if (!played.ok) return refuse('illegal-move', played.error.reason);
      const notation = this.game.moveToString(parsed.value);
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

  /**
   * Victory or a draw claimed against the opponent of a game of two seats who has been gone (absence.ts) longer
   * than `allowanceMs`. The moment the opponent left is the server's, checked here inside the room's queue, so a
   * claim too early is refused whatever the client shows; a victory counts as the gone player's resignation.
   */
  claim(
    userId: string,
    seq: number,
    seat: Seat | undefined,
    result: 'win' | 'draw',
    allowanceMs: number,
  ): Promise<ActResult> {
    return this.asSeat(userId, seq, seat, async (s, now) => {
      const other = this.seats.length === 2 ? 1 - s : -1;
      const h = this.seats[other];
      if (h?.kind !== 'user' || h.user.id === userId)
        return refuseAs('not-allowed', refusal('no-gone-opponent', 'there is no opponent who could be gone'));
      if (this.clock.paused) {
        return refuseAs('not-allowed', refusal('paused-nobody-waited', 'the game is paused: nobody is waited for'));
      }
      if (this.game.turn().kind === 'simultaneous') {
        const why = 'nothing can be claimed before the setup phase ends';
        return refuseAs('not-allowed', refusal('no-claim-in-setup', why));
      }
      // a game whose first moves are not all made ends aborted if they are not (first-move.ts), never claimed
      if (!hasMoved(this.clock, other))
        return refuseAs(
          'not-allowed',
          refusal(
            'no-first-move-yet',
            'your opponent has not made a first move: the game is aborted if it does not come',
          ),
        );
      const since = this.absent.get(other);
      if (since === undefined) return refuseAs('not-allowed', refusal('opponent-here', 'your opponent is here'));
      const left = since + allowanceMs - now;
      if (left > 0) {
        const seconds = Math.ceil(left / 1000);
        const why = `your opponent may still come back: ${seconds} s left`;
        return refuseAs('not-allowed', refusal('opponent-may-return', why, { seconds }));
      }
      const fromPly = this.game.ply;
      const win = result === 'win';
      const r = this.game.apply(win ? { type: 'resign', seat: other } : { type: 'draw-agreed' });
      if (!r.ok) return refuse('not-allowed', r.error.reason);
      this.offers.clear();
      const action: JsonValue = win ? { kind: 'resign', seat: other, claimed: true } : { kind: 'draw', claimed: true };
      return this.finish(win ? 'resign' : 'draw', win ? other : s, { actions: [action] }, fromPly, false, now);
    });
  }

  /**
   * A seat of a game of more seats whose player has been gone longer than `allowanceMs` is out, as if it had
   * resigned, and the others play on. `not-allowed` means the seat is out already (nothing to wait for).
   */
  leave(seat: Seat, allowanceMs: number): Promise<ActResult> {
    return this.run(async () => {
      const now = Date.now();
      const bad = await this.admit(this.seq, now);
      if (bad) return bad;
      const since = this.absent.get(seat);
      if (since === undefined || since + allowanceMs > now) return refuse('unavailable', 'the player is back');
      // the setup phase has its own limit, which deploys for a seat that does not; a missing first move aborts
      if (this.game.turn().kind === 'simultaneous') return refuse('unavailable', 'the setup phase goes on');
      if (!hasMoved(this.clock, seat)) return refuse('unavailable', 'the seat has not made its first move');
      const fromPly = this.game.ply;
      const r = this.game.apply({ type: 'resign', seat });
      if (!r.ok) return refuse('not-allowed', r.error.reason);
      for (const [o, off] of this.offers) if (o === seat || off === 'draw' || off === 'takeback') this.offers.delete(o);
      this.absent.delete(seat);
      return this.finish('resign', seat, { actions: [{ kind: 'resign', seat, left: true }] }, fromPly, false, now);
    });
  }

  /**
   * Offers and answers: draws, take-backs and pauses are carried out when every
   * human seat agrees. Resuming needs no agreement: any player may resume, so
   * nobody can keep a game paused against the others' will.
   */
  offer(
    userId: string,
    seq: number,
    seat: Seat | undefined,
    offer: Offer,
    accept: boolean,
    answer: boolean,
  ): Promise<ActResult> {
    return this.asSeat(userId, seq, seat, async (s, now) => {
      const fromPly = this.game.ply;
      if (offer === 'resume') {
        if (!this.clock.paused) return refuseAs('not-allowed', refusal('not-paused', 'the game is not paused'));
        if (answer && !accept) return refuse('no-offer', 'a resumption is not offered: any player resumes alone');
        this.clock = resume(this.clock, now);
        for (const [o, off] of this.offers) if (off === 'pause' || off === 'resume') this.offers.delete(o);
        return this.finish('resume', s, { actions: [{ kind: 'resume' }] }, fromPly, false, now);
      }
      if (answer && ![...this.offers.values()].includes(offer)) return refuse('no-offer', `no ${offer} offer stands`);
      if (!answer && offer === 'draw' && this.aiSeats().length > 0)
        return refuseAs('not-allowed', refusal('ai-declines-draws', 'the AI does not agree to draws'));
      // a draw before every army stands on the board (Junqi's deployment, a blind roster choice) ends no game
      if (!answer && offer === 'draw' && this.game.turn().kind === 'simultaneous') {
        const why = 'no draw can be offered before the setup phase ends';
        return refuseAs('not-allowed', refusal('no-draw-in-setup', why));
      }
      if (offer === 'pause' && this.clock.paused)
        return refuseAs('not-allowed', refusal('already-paused', 'the game is already paused'));
      if (offer === 'takeback' && this.clock.paused) {
        const why = 'the game is paused: resume it to take a move back';
        return refuseAs('not-allowed', refusal('paused-no-takeback', why));
      }
      // the proposer needs a move to take back; the one who answers may not have moved yet
      if (!answer && offer === 'takeback' && this.lastPlyOf(s) < 0)
        return refuseAs('not-allowed', refusal('nothing-to-take-back', 'there is no move of yours to take back'));
      if (!accept) {
        for (const [o, off] of this.offers) if (off === offer) this.offers.delete(o);
        return this.finish('decline', s, { actions: [{ kind: 'decline', seat: s, offer }] }, fromPly, false, now);
      }
      this.offers.set(s, offer);
      const humans = this.humanSeats();
      const agreed = humans.every((h) => this.offers.get(h) === offer || this.seatsOf(this.userAt(h)).includes(s));
      if (!agreed)
        return this.finish('offer', s, { actions: [{ kind: 'offer', seat: s, offer }] }, fromPly, false, now);
      // the take-back goes back to before the proposer's last move (the first seat that offered)
      const proposer = [...this.offers].find(([, off]) => off === offer)?.[0] ?? s;
      for (const [o, off] of this.offers) if (off === offer) this.offers.delete(o);
      switch (offer) {
        case 'draw': {
          const r = this.game.apply({ type: 'draw-agreed' });
          if (!r.ok) return refuse('not-allowed', r.error.reason);
          return this.finish('draw', s, { actions: [{ kind: 'draw' }] }, fromPly, false, now);
        }
        case 'pause':
          this.clock = pause(this.clock, now);
          return this.finish('pause', s, { actions: [{ kind: 'pause' }] }, fromPly, false, now);
        case 'takeback': {
          const target = this.lastPlyOf(proposer);
          let plies = 0;
          while (this.game.ply > target) {
            const r = this.game.undo();
            if (!r.ok) {
              this.restore();
              return refuse('not-allowed', r.error.reason);
            }
            plies++;
          }
          this.clock = restart(this.meta.clock, this.clock, this.game.turn(), now);
          return this.finish('takeback', s, { actions: [{ kind: 'undo', plies }] }, fromPly, true, now);
        }
        default:
          return refuse('bad-message', 'unknown offer');
      }
    });
  }

  private userAt(seat: Seat): string {
    const h = this.seats[seat];
    return h?.kind === 'user' ? h.user.id : '';
  }

  /** The ply index of `seat`'s last move, or -1. */
  private lastPlyOf(seat: Seat): number {
    for (let p = this.game.ply - 1; p >= 0; p--) if (this.game.recordFor(SPECTATOR, p).seat === seat) return p;
    return -1;
  }

  /** Clock deadlines: flags, per-move timeouts and the end of the setup phase, all reported to the engine. */
  tick(): Promise<ActResult> {
    return this.run(async () => {
      if (this.closed || this.status !== 'playing') return ok(this.seq);
      const now = Date.now();
      if (!this.overdue(now)) {
        this.schedule();
        return ok(this.seq);
      }
      return this.lapse(now);
    });
  }

  /** Reports the deadlines passed at `now` to the engine and commits the result (inside the room's queue). */
  private lapse(now: number): Promise<ActResult> {
    const turn = this.game.turn();
    const noFirstMove = firstMoveLapsed(this.clock, turn, now);
    if (noFirstMove.length > 0) return this.abort(noFirstMove, now);
    const late =
      turn.kind === 'simultaneous'
        ? [...turn.seats]
        : this.clock.running.filter((s) => timeLeft(this.meta.clock, this.clock, s, now) <= 0);
    const fromPly = this.game.ply;
    const actions: JsonValue[] = [];
    for (const s of late) {
      const r = this.game.apply({ type: 'timeout', seat: s });
      actions.push({ kind: 'timeout', seat: s });
      // correspondence is final too: its days per move are the whole time for the move
      const bank = ['fischer', 'delay', 'correspondence'].includes(this.meta.clock.kind);
      const stillOwes = actingSeats(this.game.turn()).includes(s) && !this.game.outcome();
      // Out of time on a bank clock is final; in a setup phase the engine acts for the seat (Junqi deploys at random).
      if ((!r.ok || (bank && stillOwes) || (turn.kind === 'simultaneous' && stillOwes)) && !this.game.outcome()) {
        const res = this.game.apply({ type: 'resign', seat: s });
        if (res.ok) actions.push({ kind: 'flagged', seat: s });
      }
    }
    if (this.meta.clock.kind === 'fischer' || this.meta.clock.kind === 'delay') {
      const remaining = [...this.clock.remainingMs];
      for (const s of late) remaining[s] = 0;
      this.clock = { ...this.clock, remainingMs: remaining };
    }
    this.clock = restart(this.meta.clock, { ...this.clock, started: true }, this.game.turn(), now);
    return this.finish('timeout', late[0], { actions }, fromPly, false, now);
  }

  /**
   * A seat did not make its first move within its allowance (first-move.ts): the game ends aborted, with no
   * result and unrated, in every game and whatever the number of seats (while any seat has not made its first
   * move, nobody has yet played a game worth a result). Committed like any change, so exactly once.
   */
  private abort(seats: Seat[], now: number): Promise<ActResult> {
    this.clock = abortClock(this.clock, seats, now);
    this.status = 'aborted';
    this.offers.clear();
    return this.finish('abort', seats[0], { actions: [{ kind: 'abort', seats }] }, this.game.ply, false, now);
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

  /** Starts the game: called when the last seat is filled. */
  start(seats: SeatHolder[]): Promise<ActResult> {
    return this.run(async () => {
      if (this.status !== 'seeking') return refuse('not-allowed', 'the game has already started');
      this.seats = seats;
      this.status = 'playing';
      const now = Date.now();
      this.clock = restart(
        this.meta.clock,
        { ...initialClock(this.meta.clock, this.seats.length, now, this.host.firstMoveMs?.()) },
        this.game.turn(),
        now,
      );
      return this.finish('start', undefined, { actions: [] }, this.game.ply, false, Date.now());
    });
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
    const status: RoomStatus = outcome ? 'finished' : this.status;
    const snapshot = JSON.stringify(this.game.snapshot());
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
      snapshot,
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
    this.snapshotText = snapshot;
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

  /** Back to the last committed state after a failed commit. */
  private restore(): void {
    const g = this.def.fromSnapshot(JSON.parse(this.snapshotText));
    if (g.ok) this.game = g.value;
    this.clock = this.savedClock;
    this.seats = this.savedSeats;
    this.status = this.savedStatus;
    this.offers.clear();
  }

  /**
   * A replica follows a game another process owns: it takes the owner's
   * committed state and builds its own watchers' frames from it.
   */
  replicate(m: {
    seq: number;
    event: GameEventKind;
    snapshot: string;
    seats: SeatHolder[];
    status: RoomStatus;
    clock: ClockState;
    offers: [Seat, Offer][];
    fromPly: number;
    undone: boolean;
    data?: JsonValue;
  }): void {
    if (m.seq <= this.seq) return;
    const gap = m.seq !== this.seq + 1;
    // The next change in order is replayed on the replica's own game (cheap); anything
    // else — a gap, an action that does not replay, a different result — reloads the snapshot.
    if (gap || !replayChange(this.game, m.data) || JSON.stringify(this.game.snapshot()) !== m.snapshot) {
      const g = this.def.fromSnapshot(JSON.parse(m.snapshot));
      if (!g.ok) return;
      this.game = g.value;
    }
    this.seq = m.seq;
    this.seats = m.seats;
    this.status = m.status;
    this.clock = m.clock;
    this.offers = new Map(m.offers);
    this.snapshotText = m.snapshot;
    this.turnKind = this.game.turn().kind;
    // a missed change (a gap in the sequence) is repaired with a full sync
    broadcastOf(this, m.event, Math.min(m.fromPly, this.game.ply), m.undone || gap);
  }

  /** Sets the timer for the next deadline of the clock, no sooner than `atLeastMs` from now. */
  schedule(atLeastMs = 0): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed || this.status !== 'playing') return;
    const deadline = nextDeadline(this.meta.clock, this.clock, this.game.turn());
    if (deadline === undefined) return;
    const wait = Math.max(atLeastMs, Math.min(deadline - Date.now() + 1, 2_000_000_000));
    this.timer = setTimeout(() => {
      // a failure is answered inside tick; never let a timer reject unobserved
      this.tick().catch(() => undefined);
    }, wait);
    this.timer.unref?.();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
