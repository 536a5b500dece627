import type { Game, JsonValue, PlayRecord, Seat } from '@qiyuan/core';
import { actingSeats } from '@qiyuan/core';
import type {
  ChatLine,
  ClockInfo,
  GameFrame,
  GameInfo,
  Offer,
  SeatHolder,
  ServerMessage,
  UserInfo,
} from '@qiyuan/protocol';
import type { GameModule } from '../games/types.js';
import { i18n } from '../i18n/index.js';
import type { Session, SessionView } from '../play/session.js';
import { Store } from '../store.js';
import { boardMovesShown } from './board-moves.js';
import { connection } from './client.js';
import type { RefusalLike } from './refusal-words.js';

export type { ChatLine, Offer };

/** What an online game page shows besides the board: clocks, offers, chat, people. */
export interface OnlineExtra {
  readonly info: GameInfo | undefined;
  readonly clock: ClockInfo | undefined;
  /** `performance.now()` when `clock` arrived: the clocks tick from there on this machine's steady clock. */
  readonly receivedAt: number;
  readonly offers: readonly { readonly seat: number; readonly offer: Offer }[];
  readonly chat: readonly ChatLine[];
  readonly seats: readonly SeatHolder[];
  readonly spectators: { readonly count: number; readonly users: readonly UserInfo[] };
  /** The seats whose player has the game open (undefined until the server says). */
  readonly present: readonly number[] | undefined;
  /**
   * The seats whose player is gone, each with the `performance.now()` instant the game stops waiting for it (the
   * server's count, run down here): then a game of two may be claimed, a game of more leaves the seat out.
   */
  readonly gone: readonly { readonly seat: number; readonly until: number }[];
  /** After the end: the seats whose players asked for a rematch. */
  readonly rematch: readonly number[];
  /** The rematch's game, once it started. */
  readonly next: string | undefined;
  readonly connected: boolean;
  /** The last refusal (its kind, and which refusal it is when the server says), cleared by the next accepted action. */
  readonly error: RefusalLike | undefined;
  /** An offer of this player's that another player declined, until the game moves on. */
  readonly declined: Offer | undefined;
  /** Whether this player reads the spectators' lines (a player may turn them off for themselves). */
  readonly spectatorChat: boolean;
}

type GameMessage = Extract<ServerMessage, { gameId: string }>;

/**
 * A game on the server, followed over the socket. The engine replays the
 * public record here to show earlier positions for move-list navigation, and,
 * in a two-seat game without hidden information, to list the legal moves. A
 * game whose record does not tell everything (hidden information, a secret
 * phase, seats that may leave a game of more than two) asks the server for its
 * seats' legal moves instead.
 */
export class OnlineSession implements Session {
  readonly state: Store<SessionView>;
  readonly extra = new Store<OnlineExtra>({
    info: undefined,
    clock: undefined,
    receivedAt: 0,
    offers: [],
    chat: [],
    seats: [],
    spectators: { count: 0, users: [] },
    present: undefined,
    gone: [],
    rematch: [],
    next: undefined,
    connected: connection.state.get().connected,
    error: undefined,
    declined: undefined,
    spectatorChat: true,
  });
  readonly gameId: string;
  #mod: GameModule;
  #records: PlayRecord[] = [];
  #frame: GameFrame | undefined;
  #options: Record<string, unknown> = {};
  #replica: Game | undefined;
  #stops: (() => void)[] = [];
  /** Whether the last watch asked the server for legal moves. */
  #askedLegal = false;
  /** Offers this page withdrew itself (a withdrawal reaches the others as a decline). */
  #withdrawn = new Set<Offer>();
  /** Whether my seat has a partner, for the options and seat it was worked out for. */
  #team: { key: string; has: boolean } | undefined;
  /** Each seat's moves on the board, for the frame they were counted in (the page asks on every render). */
  #moves: { frame: GameFrame; counts: readonly number[] } | undefined;
  /** A fresh game of the options, to read records with, for the options it was built from. */
  #fresh: { key: string; game: Game | undefined } | undefined;

  constructor(mod: GameModule, gameId: string) {
    this.#mod = mod;
    this.gameId = gameId;
    this.state = new Store<SessionView>({
      game: mod.id,
      options: {},
      seatCount: 2,
      viewer: 'spectator',
      turn: { kind: 'over' },
      view: null,
      legal: [],
      record: [],
      outcome: undefined,
      ply: 0,
      mine: [],
      ai: [],
      thinking: false,
      error: undefined,
    });
    this.#stops.push(
      connection.listen((m) => {
        if ('gameId' in m && m.gameId === gameId) this.#on(m as GameMessage);
      }),
      connection.onOpen(() => this.#watch()),
      connection.state.subscribe((c) => {
        if (c.connected !== this.extra.get().connected) this.extra.update({ connected: c.connected });
      }),
    );
  }

  get ready(): boolean {
    return this.#frame !== undefined;
  }

  /** Before the first frame the options are unknown: the module's default says whether the game hides information. */
  #hidden(): boolean {
    return this.#mod.hidden(this.#options);
  }

  /**
   * Whether this page needs the server's list of its legal moves, as it cannot replay the position from the public
   * record: the game hides information; a seat has its say in secret (a simultaneous phase such as Junqi's
   * deployment, whose records stay redacted until it ends); or the game has more than two seats, where a seat that
   * resigns or runs out of time leaves the game (its pieces lifted, its turns skipped) without a ply in the record.
   */
  #needsLegal(turn: GameFrame['turn'] | undefined): boolean {
    const seats = this.extra.get().seats.length;
    return this.#hidden() || seats > 2 || turn?.kind === 'simultaneous';
  }

  #watch(): void {
    this.#askedLegal = this.#needsLegal(this.#frame?.turn);
    void connection.request({
      type: 'game.watch',
      gameId: this.gameId,
      ...(this.#frame ? { seq: this.#frame.seq } : {}),
      ...(this.#askedLegal ? { legal: true } : {}),
    });
  }

  #on(m: GameMessage): void {
    switch (m.type) {
      case 'game.sync':
        this.#options = { ...m.info.options };
        this.#records = [...m.records] as PlayRecord[];
        this.#replica = undefined;
        this.extra.update({
          info: m.info,
          seats: m.info.seats,
          // the spectators' lines turned off: a sync without chat leaves none of theirs on the page
          chat: m.chat ?? this.extra.get().chat.filter((l) => m.spectatorChat !== false || !l.spectator),
          rematch: m.rematch ?? [],
          spectatorChat: m.spectatorChat !== false,
        });
        this.#apply(m);
        // the options were not known at the first watch: ask again if they change what the server must send
        if (this.#askedLegal !== this.#needsLegal(m.turn)) this.#watch();
        return;
      case 'game.update':
        // an update older than what is shown (a sync overtook it) changes nothing
        if (this.#frame && m.seq <= this.#frame.seq) return;
        for (const r of m.records) this.#records[r.ply] = r as PlayRecord;
        this.#records.length = m.ply;
        if (this.#replica && this.#replica.ply > m.ply) this.#replica = undefined;
        if (m.event === 'start' || (!this.#askedLegal && this.#needsLegal(m.turn))) this.#watch();
        this.#noteDeclined(m);
        this.#apply(m);
        return;
      case 'game.chat':
        this.extra.update({ chat: [...this.extra.get().chat, m].slice(-200) });
        return;
      case 'game.spectators':
        this.extra.update({
          spectators: { count: m.count, users: m.users },
          ...(m.present ? { present: m.present } : {}),
          gone: (m.gone ?? []).map((g) => ({ seat: g.seat, until: performance.now() + g.claimInMs })),
        });
        return;
      case 'game.rematch':
        this.extra.update({ rematch: m.seats });
        return;
      case 'game.rematched':
        this.extra.update({ next: m.newGameId });
        return;
      default:
        return;
    }
  }

  /** An offer of mine gone with a decline that was not my withdrawal: someone said no, and the asker is told. */
  #noteDeclined(m: Extract<GameMessage, { type: 'game.update' }>): void {
    const mine = this.state.get().mine;
    if (m.event !== 'decline') {
      if (this.extra.get().declined !== undefined) this.extra.update({ declined: undefined });
      this.#withdrawn.clear();
      return;
    }
    const gone = this.extra
      .get()
      .offers.filter((o) => mine.includes(o.seat) && !m.offers.some((n) => n.seat === o.seat && n.offer === o.offer));
    for (const o of gone) {
      if (this.#withdrawn.delete(o.offer)) continue;
      this.extra.update({ declined: o.offer });
    }
  }

  #apply(f: GameFrame): void {
    this.#frame = f;
    const acting = actingSeats(f.turn);
    // the seat shown: the one of mine that acts now, else my first (hotseat holds several)
    // the server's list, when asked for, is the authority: the record may not say everything that happened
    const fromServer = this.#askedLegal;
    const legalOf = (s: number): readonly string[] => {
      if (!acting.includes(s) || f.outcome || f.aborted) return [];
      if (fromServer) return f.legal?.[String(s)] ?? [];
      const g = this.#replay(f.ply);
      return g ? g.legalMoves(s).map((m) => g.moveToString(m)) : [];
    };
    let seat = f.you[0];
    let legal: readonly string[] = seat === undefined ? [] : legalOf(seat);
    // hotseat on the server: the seat shown is one of mine that has something to do
    for (const s of f.you.slice(1)) {
      if (legal.length > 0) break;
      const l = legalOf(s);
      if (l.length > 0) {
        seat = s;
        legal = l;
      }
    }
    const view = seat !== undefined && f.views?.[String(seat)] !== undefined ? f.views[String(seat)] : f.view;
    this.extra.update({ clock: f.clock, offers: f.offers, receivedAt: performance.now() });
    const seats = this.extra.get().seats;
    this.state.set({
      game: this.#mod.id,
      options: this.#options,
      seatCount: seats.length || f.clock.remainingMs.length || 2,
      viewer: seat ?? 'spectator',
      // an aborted game has no outcome, and nobody is to move any more
      turn: f.aborted ? { kind: 'over' } : f.turn,
      view: view as JsonValue,
      legal,
      record: this.#records.slice(0, f.ply),
      outcome: f.outcome,
      ...(f.aborted ? { aborted: f.aborted.seats } : {}),
      ply: f.ply,
      mine: [...f.you],
      ai: seats.flatMap((s, i) => (s.kind === 'ai' ? [i] : [])),
      thinking: false,
      error: this.state.get().error,
    });
  }

  /**
   * Sends a game action with the sequence number shown; a refusal is kept to show, a stale board is re-synced. A
   * move refused only because something else happened first (another seat's deployment in the same setup phase, an
   * offer) is sent again once, if it is still legal in the game as it is now: the player meant it, and nothing it
   * depends on changed.
   */
  async #act(msg: Record<string, unknown>, again = true): Promise<boolean> {
    const f = this.#frame;
    if (!f) return false;
    const r = await connection.request({ ...msg, gameId: this.gameId, seq: f.seq });
    if (!r.ok) {
      if (r.code === 'stale-seq') {
        this.#watch();
        const caughtUp = r.seq !== undefined && (await this.#reach(r.seq));
        if (again && caughtUp && msg.type === 'game.move' && this.#stillMeant(String(msg.move))) {
          return this.#act(msg, false);
        }
      }
      const { code, reason, refusal, values } = r;
      this.extra.update({
        error: {
          code,
          reason,
          ...(refusal === undefined ? {} : { refusal }),
          ...(values === undefined ? {} : { values }),
        },
      });
      // the board words only refusals of a move; an offer's or a claim's is said once, above it, in full
      this.state.update({ error: i18n.exists(`errors.${code}`) ? code : undefined });
      return false;
    }
    if (this.extra.get().error !== undefined) this.extra.update({ error: undefined });
    if (this.state.get().error !== undefined) this.state.update({ error: undefined });
    return true;
  }

  /**
   * Whether a refused move still fits the game shown: its seat still acts, and the move is one of its legal moves —
   * or the turn is a setup phase, whose deployments are the seat's own choice (too many to list; the server checks).
   */
  #stillMeant(move: string): boolean {
    const s = this.state.get();
    if (typeof s.viewer !== 'number' || !actingSeats(s.turn).includes(s.viewer)) return false;
    return s.turn.kind === 'simultaneous' || s.legal.includes(move);
  }

  /** Resolves true once a frame of sequence `seq` or later is shown, false after a few seconds without one. */
  #reach(seq: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (v: boolean) => {
        clearTimeout(timer);
        stop();
        resolve(v);
      };
      const timer = setTimeout(() => done(false), 5000);
      const stop = this.state.subscribe(() => {
        if ((this.#frame?.seq ?? -1) >= seq) done(true);
      });
      if ((this.#frame?.seq ?? -1) >= seq) done(true);
    });
  }

  /** The seat to name when this connection holds several (hotseat on the server). */
  #seatField(seat: Seat | undefined): { seat?: Seat } {
    const s = this.state.get();
    const chosen = seat ?? (typeof s.viewer === 'number' ? s.viewer : undefined);
    return chosen !== undefined && s.mine.length > 1 ? { seat: chosen } : {};
  }

  play(notation: string, seat?: Seat): void {
    void this.#act({ type: 'game.move', move: notation, ...this.#seatField(seat) });
  }

  resign(seat?: Seat): void {
    void this.#act({ type: 'game.resign', ...this.#seatField(seat) });
  }

  offer(offer: Offer): void {
    void this.#act({ type: 'game.offer', offer, ...this.#seatField(undefined) });
  }

  offerDraw(): void {
    this.offer('draw');
  }

  /** A correspondence game: this player's vacation on or off (their clock does not run while it is on). */
  vacation(on: boolean): void {
    void this.#act({ type: 'game.vacation', on, ...this.#seatField(undefined) });
  }

  /** An arena tournament's game: halve my clock and give up its increment, before my first move. */
  berserk(): void {
    void this.#act({ type: 'game.berserk', ...this.#seatField(undefined) });
  }

  takeback(): void {
    this.offer('takeback');
  }

  /** Ends a game of two whose opponent has been gone long enough: a win, or a draw. The server checks the time. */
  claim(result: 'win' | 'draw'): void {
    void this.#act({ type: 'game.claim', result, ...this.#seatField(undefined) });
  }

  answer(offer: Offer, accept: boolean): void {
    const s = this.state.get();
    if (!accept && this.extra.get().offers.some((o) => o.offer === offer && s.mine.includes(o.seat))) {
      this.#withdrawn.add(offer);
    }
    void this.#act({ type: 'game.answer', offer, accept, ...this.#seatField(undefined) });
  }

  /**
   * Whether this player has a partner to write to privately (2v2 Junqi): the engine, built from the game's
   * options, says which team my seat plays in.
   */
  hasTeam(): boolean {
    const seat = this.#frame?.you[0];
    if (seat === undefined) return false;
    // teams decided in play (三打一's bidding) are read from the position shown
    const inPlay = this.#mod.hasPartner?.(this.state.get().view, seat);
    if (inPlay !== undefined) return inPlay;
    // built once per seat and options: the page asks on every render
    const key = `${seat}|${JSON.stringify(this.#options)}`;
    if (this.#team?.key !== key) this.#team = { key, has: this.#teamOf(seat) };
    return this.#team.has;
  }

  #teamOf(seat: Seat): boolean {
    return this.#freshGame()?.teamOf?.(seat) !== undefined;
  }

  /**
   * The moves on the board each seat has made in the game shown (`Game.isBoardMove`: a Junqi deployment or a Hive
   * roster choice is none), as the server counts them for berserk and a take-back.
   */
  boardMoves(): readonly number[] {
    const f = this.#frame;
    if (!f) return [];
    if (this.#moves?.frame !== f) {
      const s = this.state.get();
      const records = this.#records.slice(0, f.ply);
      this.#moves = { frame: f, counts: boardMovesShown(s.seatCount, records, this.#replay(f.ply), this.#freshGame()) };
    }
    return this.#moves.counts;
  }

  /** A new game of this game's options (undefined if they do not make one), built once per options. */
  #freshGame(): Game | undefined {
    const key = JSON.stringify(this.#options);
    if (this.#fresh?.key !== key) {
      const def = this.#mod.definition;
      const raw = def.parseOptions(this.#options);
      const o = raw.ok ? raw : def.parseOptions(stringify(this.#options));
      const g = o.ok ? def.create(o.value) : undefined;
      this.#fresh = { key, game: g?.ok ? g.value : undefined };
    }
    return this.#fresh.game;
  }

  /** Sends a chat line (to everyone, or to my team only); resolves to the refusal's code, if any. */
  async chat(text: string, channel: 'all' | 'team' = 'all'): Promise<string | undefined> {
    const trimmed = text.trim().slice(0, 500);
    if (!trimmed) return undefined;
    const r = await connection.request({
      type: 'game.chat',
      gameId: this.gameId,
      text: trimmed,
      ...(channel === 'team' ? { channel } : {}),
    });
    return r.ok ? undefined : r.code;
  }

  /** A player shows or hides the spectators' lines for themselves; the server syncs the page again. */
  async setSpectatorChat(on: boolean): Promise<string | undefined> {
    const r = await connection.request({ type: 'game.spectatorChat', gameId: this.gameId, on });
    return r.ok ? undefined : r.code;
  }

  async rematch(accept = true): Promise<string | undefined> {
    const r = await connection.request({ type: 'game.rematch', gameId: this.gameId, accept });
    return r.ok ? undefined : r.code;
  }

  /** Replays the public record into a local engine (games without hidden information only). */
  #replay(ply: number): Game | undefined {
    if (this.#mod.hidden(this.#options)) return undefined;
    const def = this.#mod.definition;
    if (!this.#replica || this.#replica.ply > ply) {
      // the options as the server parsed them (loose values), else as a form would write them
      const raw = def.parseOptions(this.#options);
      const o = raw.ok ? raw : def.parseOptions(stringify(this.#options));
      if (!o.ok) return undefined;
      const g = def.create(o.value);
      if (!g.ok) return undefined;
      this.#replica = g.value;
    }
    const g = this.#replica;
    while (g.ply < ply) {
      const r = this.#records[g.ply];
      const mv = r && g.parseMove(r.notation, r.seat);
      if (!r || !mv?.ok || !g.play(mv.value, r.seat).ok) {
        this.#replica = undefined;
        return undefined;
      }
    }
    return g;
  }

  viewAt(ply: number): JsonValue | undefined {
    const g = this.#replay(ply);
    return g?.viewFor(this.state.get().viewer);
  }

  destroy(): void {
    for (const s of this.#stops) s();
    this.#stops = [];
    if (connection.state.get().connected) connection.send({ type: 'game.unwatch', gameId: this.gameId });
  }
}

const stringify = (o: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v)]));
