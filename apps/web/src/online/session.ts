import type { Game, GameId, JsonValue, Outcome, PlayRecord, Seat, Turn } from '@qiyuan/core';
import { actingSeats } from '@qiyuan/core';
import type { GameModule } from '../games/types.js';
import type { Session, SessionView } from '../play/session.js';
import { Store } from '../store.js';
import { connection } from './client.js';

interface Frame {
  gameId: string;
  seq: number;
  you: number[];
  view: JsonValue;
  views?: Record<string, JsonValue>;
  turn: Turn;
  clock: { remainingMs: number[]; running: number[]; serverTime: number; paused: boolean };
  outcome?: Outcome;
  offers: { seat: number; offer: string }[];
  ply: number;
  /** Legal moves per held seat, when the server sends them (needed for hidden-information games). */
  legal?: Record<string, string[]> | string[];
}

export interface ChatLine {
  readonly from: string;
  readonly text: string;
  readonly at: number;
}

export interface OnlineExtra {
  readonly clock: Frame['clock'] | undefined;
  readonly offers: Frame['offers'];
  readonly chat: readonly ChatLine[];
  readonly seats: readonly { kind: string; user?: { name: string }; level?: number }[];
  readonly connected: boolean;
  readonly receivedAt: number;
}

/**
 * A game on the server, followed over the socket. The board's legal moves
 * come from the frame when the server sends them; otherwise (games without
 * hidden information) from the engine replaying the public record here.
 */
export class OnlineSession implements Session {
  readonly state: Store<SessionView>;
  readonly extra = new Store<OnlineExtra>({
    clock: undefined,
    offers: [],
    chat: [],
    seats: [],
    connected: false,
    receivedAt: 0,
  });
  #mod: GameModule;
  #gameId: string;
  #records: PlayRecord[] = [];
  #frame: Frame | undefined;
  #options: Record<string, unknown> = {};
  #replica: Game | undefined;
  #stops: (() => void)[] = [];
  #error: string | undefined;

  constructor(mod: GameModule, gameId: string) {
    this.#mod = mod;
    this.#gameId = gameId;
    this.state = new Store<SessionView>(this.#empty(mod.id));
    this.#stops.push(
      connection.listen((m) => this.#on(m as never)),
      connection.onOpen(() => {
        void connection.request({ type: 'game.watch', gameId, ...(this.#frame ? { seq: this.#frame.seq } : {}) });
      }),
      connection.state.subscribe((c) => this.extra.update({ connected: c.connected })),
    );
  }

  #empty(game: GameId): SessionView {
    return {
      game,
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
    };
  }

  get ready(): boolean {
    return this.#frame !== undefined;
  }

  #on(m: { type: string; gameId?: string; [k: string]: unknown }): void {
    if (m.gameId !== this.#gameId) return;
    if (m.type === 'game.sync') {
      const info = m.info as { options: Record<string, unknown>; seats: OnlineExtra['seats'] };
      this.#options = info.options;
      this.#records = [...(m.records as PlayRecord[])];
      this.extra.update({ seats: info.seats });
      this.#replica = undefined;
      this.#apply(m as unknown as Frame);
    } else if (m.type === 'game.update') {
      const fresh = m.records as PlayRecord[];
      for (const r of fresh) this.#records[r.ply] = r;
      this.#records.length = (m as unknown as Frame).ply;
      this.#apply(m as unknown as Frame);
    } else if (m.type === 'game.chat') {
      const from = (m.from as { name: string }).name;
      this.extra.update({ chat: [...this.extra.get().chat, { from, text: String(m.text), at: Number(m.at) }] });
    }
  }

  /** Replays the public record into a local engine to list legal moves (games without hidden information). */
  #legalFromReplica(seat: Seat): string[] {
    if (this.#mod.hidden(this.#options)) return [];
    const def = this.#mod.definition;
    if (!this.#replica || this.#replica.ply > this.#records.length) {
      const o = def.parseOptions(stringify(this.#options));
      if (!o.ok) return [];
      const g = def.create(o.value);
      if (!g.ok) return [];
      this.#replica = g.value;
    }
    const g = this.#replica;
    while (g.ply < this.#records.length) {
      const r = this.#records[g.ply]!;
      const mv = g.parseMove(r.notation, r.seat);
      if (!mv.ok || !g.play(mv.value, r.seat).ok) {
        this.#replica = undefined;
        return [];
      }
    }
    return g.legalMoves(seat).map((x) => g.moveToString(x));
  }

  #apply(f: Frame): void {
    this.#frame = f;
    const seat = f.you.find((s) => actingSeats(f.turn).includes(s)) ?? f.you[0];
    const viewer = seat ?? 'spectator';
    let legal: string[] = [];
    if (seat !== undefined && actingSeats(f.turn).includes(seat) && !f.outcome) {
      if (Array.isArray(f.legal)) legal = f.legal;
      else if (f.legal) legal = f.legal[String(seat)] ?? [];
      else legal = this.#legalFromReplica(seat);
    }
    const view = seat !== undefined && f.views?.[String(seat)] !== undefined ? f.views[String(seat)]! : f.view;
    this.extra.update({ clock: f.clock, offers: f.offers, receivedAt: Date.now() });
    this.state.set({
      game: this.#mod.id,
      options: this.#options,
      seatCount: f.clock?.remainingMs.length || this.extra.get().seats.length || 2,
      viewer,
      turn: f.turn,
      view,
      legal,
      record: this.#records.slice(0, f.ply),
      outcome: f.outcome,
      ply: f.ply,
      mine: f.you,
      ai: this.extra.get().seats.flatMap((s, i) => (s.kind === 'ai' ? [i] : [])),
      thinking: false,
      error: this.#error,
    });
  }

  async #send(msg: Record<string, unknown>): Promise<void> {
    const f = this.#frame;
    if (!f) return;
    const r = await connection.request({ ...msg, gameId: this.#gameId, seq: f.seq } as never);
    if (!r.ok) {
      this.#error = r.code;
      if (r.code === 'stale-seq') void connection.request({ type: 'game.watch', gameId: this.#gameId, seq: f.seq });
      this.state.update({ error: r.code });
    } else if (this.#error) {
      this.#error = undefined;
      this.state.update({ error: undefined });
    }
  }

  play(notation: string, seat?: Seat): void {
    const s = seat ?? (typeof this.state.get().viewer === 'number' ? (this.state.get().viewer as Seat) : undefined);
    void this.#send({
      type: 'game.move',
      move: notation,
      ...(s !== undefined && this.state.get().mine.length > 1 ? { seat: s } : {}),
    });
  }

  resign(): void {
    void this.#send({ type: 'game.resign' });
  }

  offerDraw(): void {
    void this.#send({ type: 'game.offer', offer: 'draw' });
  }

  takeback(): void {
    void this.#send({ type: 'game.offer', offer: 'takeback' });
  }

  answer(offer: string, accept: boolean): void {
    void this.#send({ type: 'game.answer', offer, accept });
  }

  chat(text: string): void {
    const trimmed = text.trim().slice(0, 500);
    if (trimmed) void connection.request({ type: 'game.chat', gameId: this.#gameId, text: trimmed });
  }

  viewAt(ply: number): JsonValue | undefined {
    if (this.#mod.hidden(this.#options)) return undefined;
    const def = this.#mod.definition;
    const o = def.parseOptions(stringify(this.#options));
    if (!o.ok) return undefined;
    const g = def.create(o.value);
    if (!g.ok) return undefined;
    for (const r of this.#records.slice(0, ply)) {
      const mv = g.value.parseMove(r.notation, r.seat);
      if (!mv.ok || !g.value.play(mv.value, r.seat).ok) return undefined;
    }
    return g.value.viewFor(this.state.get().viewer);
  }

  destroy(): void {
    for (const s of this.#stops) s();
    void connection.request({ type: 'game.unwatch', gameId: this.#gameId });
  }
}

const stringify = (o: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v)]));
