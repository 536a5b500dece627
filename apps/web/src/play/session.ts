import {
  actingSeats,
  type Failure,
  type Game,
  type GameDefinition,
  type GameId,
  type JsonValue,
  type Outcome,
  type PlayRecord,
  type Seat,
  type Turn,
  type Viewer,
} from '@qiyuan/core';
import { Store } from '../store.js';
import type { AiAsk } from './ai-ask.js';
import { type LocalMode, type LocalSave, newId, writeSave } from './saves.js';
import { freshGameSeed } from './seed.js';

export type { LocalMode, LocalSave } from './saves.js';

/** What a game page shows at one moment, the same for local and online games. */
export interface SessionView {
  readonly game: GameId;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seatCount: number;
  /** The seat looking (hotseat: the seat that acts; vs AI / online: mine). */
  readonly viewer: Viewer;
  readonly turn: Turn;
  readonly view: JsonValue;
  readonly legal: readonly string[];
  readonly record: readonly PlayRecord[];
  readonly outcome: Outcome | undefined;
  /** An online game aborted without a result (the first-move rule): the seats that made no first move. */
  readonly aborted?: readonly Seat[];
  readonly ply: number;
  /** Seats played by this screen. */
  readonly mine: readonly Seat[];
  /** Seats played by the AI. */
  readonly ai: readonly Seat[];
  readonly thinking: boolean;
  /** The code of the last refusal (the page words it in the player's language), until the next move. */
  readonly error: string | undefined;
}

/** The actions every game page offers; local and online sessions both implement them. */
export interface Session {
  readonly state: Store<SessionView>;
  play(notation: string, seat?: Seat): void;
  resign(seat: Seat): void;
  offerDraw(seat: Seat): void;
  takeback(): void;
  /** The view of an earlier ply for move-list navigation (perfect-information games); undefined when hidden. */
  viewAt(ply: number): JsonValue | undefined;
  destroy(): void;
}

/**
 * A game played on this device: at one screen, or against the AI in a Web
 * Worker. The engine runs here; every move is saved so a reload resumes.
 */
export class LocalSession implements Session {
  readonly state: Store<SessionView>;
  #def: GameDefinition;
  #game: Game;
  #save: LocalSave;
  #worker: Worker | undefined;
  #aiPending = false;
  #error: string | undefined;
  #hidden: boolean;

  constructor(def: GameDefinition, game: Game, save: LocalSave, hidden: boolean) {
    this.#def = def;
    this.#game = game;
    this.#save = save;
    this.#hidden = hidden;
    this.state = new Store(this.#compute());
    this.#afterChange();
  }

  static create(
    def: GameDefinition,
    game: GameId,
    mode: LocalMode,
    options: Record<string, string>,
    aiSeats: Seat[],
    level: number,
  ): { ok: true; save: LocalSave } | { ok: false; error: Failure } {
    // Each new game its own secret seed (kept in the save, so the game resumes as it was dealt).
    const seeded = options.seed === undefined ? { ...options, seed: freshGameSeed() } : options;
    const parsed = def.parseOptions(seeded);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const created = def.create(parsed.value);
    if (!created.ok) return { ok: false, error: created.error };
    const now = Date.now();
    const save: LocalSave = {
      id: newId(),
      game,
      mode,
      options: seeded,
      snapshot: created.value.snapshot(),
      aiSeats: mode === 'ai' ? aiSeats.filter((s) => s >= 0 && s < created.value.seatCount) : [],
      level,
      created: now,
      updated: now,
    };
    writeSave(save);
    return { ok: true, save };
  }

  get save(): LocalSave {
    return this.#save;
  }

  #mine(): Seat[] {
    const all = Array.from({ length: this.#game.seatCount }, (_, i) => i);
    return all.filter((s) => !this.#save.aiSeats.includes(s));
  }

  /** Hotseat: the seat that acts now (the first with something to do); vs AI: the human seat. */
  #viewer(): Viewer {
    const mine = this.#mine();
    const acting = actingSeats(this.#game.turn()).filter((s) => mine.includes(s));
    for (const s of acting) if (this.#game.legalMoves(s).length > 0) return s;
    if (acting.length > 0) return acting[0]!;
    if (this.#save.mode === 'ai' || this.#hidden) {
      // keep the last human seat that looked, so nothing hidden flashes up between turns
      return mine[0] ?? 0;
    }
    const turn = this.#game.turn();
    return turn.kind === 'seat' ? turn.seat : (mine[0] ?? 0);
  }

  #compute(): SessionView {
    const g = this.#game;
    const viewer = this.#viewer();
    const legal =
      typeof viewer === 'number' && this.#mine().includes(viewer)
        ? g.legalMoves(viewer).map((m) => g.moveToString(m))
        : [];
    return {
      game: this.#save.game,
      options: this.#save.options,
      seatCount: g.seatCount,
      viewer,
      turn: g.turn(),
      view: g.viewFor(viewer),
      legal,
      record: Array.from({ length: g.ply }, (_, i) => g.recordFor(viewer, i)),
      outcome: g.outcome(),
      ply: g.ply,
      mine: this.#mine(),
      ai: this.#save.aiSeats,
      thinking: this.#aiPending,
      error: this.#error,
    };
  }

  #afterChange(): void {
    this.#save = {
      ...this.#save,
      snapshot: this.#game.snapshot(),
      updated: Date.now(),
      finished: this.#game.outcome() !== undefined,
    };
    writeSave(this.#save);
    this.state.set(this.#compute());
    this.#maybeAi();
  }

  play(notation: string, seat?: Seat): void {
    const actor = seat ?? (this.state.get().viewer as Seat);
    const move = this.#game.parseMove(notation, actor);
    if (!move.ok) {
      this.#fail(move.error.code);
      return;
    }
    const r = this.#game.play(move.value, actor);
    if (!r.ok) {
      this.#fail(r.error.code);
      return;
    }
    this.#error = undefined;
    this.#afterChange();
  }

  /** Keeps the code, which the page words in the player's language: never the engine's English reason. */
  #fail(code: string): void {
    this.#error = code;
    this.state.set(this.#compute());
  }

  resign(seat: Seat): void {
    const r = this.#game.apply({ type: 'resign', seat });
    if (!r.ok) {
      this.#fail(r.error.code);
      return;
    }
    this.#afterChange();
  }

  /** At one screen both players agree at once; the AI accepts only when it stands worse (it never does here). */
  offerDraw(_seat: Seat): void {
    if (this.#save.mode === 'ai') return;
    const r = this.#game.apply({ type: 'draw-agreed' });
    if (!r.ok) {
      this.#fail(r.error.code);
      return;
    }
    this.#afterChange();
  }

  /** Takes back the last move; against the AI, back to the human's previous turn. */
  takeback(): void {
    if (this.#aiPending) return;
    const mine = this.#mine();
    let undone = 0;
    while (this.#game.ply > 0) {
      const last = this.#game.recordFor(this.state.get().viewer, this.#game.ply - 1);
      if (!this.#game.undo().ok) break;
      undone++;
      if (this.#save.mode !== 'ai' || mine.includes(last.seat)) break;
    }
    if (undone > 0) this.#afterChange();
  }

  viewAt(ply: number): JsonValue | undefined {
    if (this.#hidden) return undefined;
    const g = this.#game.clone();
    while (g.ply > ply) if (!g.undo().ok) return undefined;
    return g.viewFor(this.state.get().viewer);
  }

  #maybeAi(): void {
    if (this.#save.mode !== 'ai' || this.#aiPending || this.#game.outcome()) return;
    const acting = actingSeats(this.#game.turn());
    // in a phase every seat plays at once (Junqi’s deployment, sealed), the AI moves once the player has: the player’s
    // own deployment comes first, and the AI's worker (with its game's search, Junqi's the largest) is fetched when
    // it has something to do, not with the page that shows the game
    if (acting.some((s) => !this.#save.aiSeats.includes(s) && this.#game.legalMoves(s).length > 0)) return;
    const seat = acting.find((s) => this.#save.aiSeats.includes(s) && this.#game.legalMoves(s).length > 0);
    if (seat === undefined) return;
    this.#aiPending = true;
    this.state.set(this.#compute());
    const worker = (this.#worker ??= new Worker(new URL('./ai.worker.ts', import.meta.url), { type: 'module' }));
    const ply = this.#game.ply;
    worker.onmessage = (e: MessageEvent<{ ok: boolean; move?: string; error?: { code: string } }>) => {
      this.#aiPending = false;
      if (this.#game.ply !== ply) {
        this.#maybeAi();
        return;
      }
      if (e.data.ok && e.data.move) this.play(e.data.move, seat);
      else this.#fail(e.data.error?.code ?? 'ai');
    };
    worker.onerror = () => {
      this.#aiPending = false;
      this.#fail('ai');
    };
    // the worker builds the AI's request as the server does: a hidden-information AI sees only its seat's share
    const ask: AiAsk = {
      id: ply,
      game: this.#save.game,
      player: String(this.#save.level),
      seat,
      snapshot: this.#game.snapshot(),
      seed: ply + 1,
    };
    worker.postMessage(ask);
    void this.#def;
  }

  destroy(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
  }
}
