import type { GameId, JsonObject, Searchable } from '@qiyuan/core';
import { AlphaBeta, type SearchLimits, type SearchResult, type SearchSpec } from './alphabeta.js';
import { sharedTableBuffer } from './tt.js';

/**
 * Lazy SMP: one search run by several threads at once over one shared transposition table. The calling thread
 * searches as it always does and its answer is the one reported; the helper threads search the same root (odd ones a
 * ply ahead) and help it only through the table, where their entries cut its tree short. They stop when it has
 * answered, by a shared epoch counter read every 64 nodes. Nothing here starts a thread: a `HelperFactory` does
 * (`smp-node.ts` with `worker_threads`; the web app's analysis worker with Web Workers), so this module runs in a
 * browser too.
 */

/** What a helper thread is set up with once. */
export interface HelperInit {
  /** The shared table's memory and size. */
  readonly table: SharedArrayBuffer;
  readonly bits: number;
  /**
   * Shared control cells: [0] the epoch of the running search (helpers stop when it changes), [1 + i] the nodes
   * helper i searched in its last search.
   */
  readonly control: SharedArrayBuffer;
  readonly game: GameId;
  /** An alternative evaluation the game offers by name (`master@basic`); the game's own when absent. */
  readonly evaluation?: string;
}

/** One search for the helpers: the position as the game's snapshot, and the main thread's table generation. */
export interface HelperJob {
  readonly epoch: number;
  readonly generation: number;
  readonly snapshot: JsonObject;
  /** The main thread's depth cap, if any (helpers go one ply further; they are stopped anyway). */
  readonly depth?: number;
}

export interface HelperThreads {
  readonly count: number;
  start(job: HelperJob): void;
  /** Settles when every helper has loaded and waits for jobs (a job sent before is kept for it). */
  readonly ready: Promise<void>;
  /** Ends the threads (a searcher that is dropped must close its helpers). */
  close(): Promise<void>;
}

/** Starts `count` helper threads for a search set up by `init`; `undefined` where threads cannot be started. */
export interface HelperFactory {
  /** The most threads (main thread included) a search may ask for here. */
  readonly maxThreads: number;
  start(count: number, init: HelperInit): HelperThreads | undefined;
}

let factory: HelperFactory | undefined;

/** Where helper threads can run (a Node process), its entry point plugs their factory in; none by default. */
export const useHelperThreads = (f: HelperFactory | undefined): void => {
  factory = f;
};

export const helperThreads = (): HelperFactory | undefined => factory;

/** Control cells for `helpers` helper threads. */
const controlBuffer = (helpers: number): SharedArrayBuffer => new SharedArrayBuffer(4 * (1 + helpers));

/**
 * A searcher of `threads` threads: an `AlphaBeta` over a shared table, and `threads - 1` helpers. With one thread, or
 * where no helper can start, it is the plain single-thread search.
 */
export class LazySmp<M> {
  main: AlphaBeta<M>;
  private readonly helpers: HelperThreads | undefined;
  private readonly control: Int32Array | undefined;
  private epoch = 0;

  constructor(
    private readonly spec: SearchSpec<M>,
    readonly game: GameId,
    private readonly bits: number,
    threads: number,
    evaluation?: string,
    threadFactory: HelperFactory | undefined = factory,
  ) {
    const count = Math.min(threads, threadFactory?.maxThreads ?? 1) - 1;
    if (count > 0 && threadFactory && typeof SharedArrayBuffer === 'function') {
      const table = sharedTableBuffer(bits);
      const control = controlBuffer(count);
      this.helpers = threadFactory.start(count, {
        table,
        bits,
        control,
        game,
        ...(evaluation !== undefined ? { evaluation } : {}),
      });
      if (this.helpers) {
        this.control = new Int32Array(control);
        this.main = new AlphaBeta(spec, bits, table);
        return;
      }
    }
    this.main = new AlphaBeta(spec, bits);
  }

  /** Forgets what the search learnt (the shared table, the main thread's history); the helpers keep running. */
  forget(): void {
    const table = this.control ? this.main.tt.buffer : undefined;
    this.main.tt.clear();
    this.main = new AlphaBeta(this.spec, this.bits, table);
  }

  /** Settles when the helpers wait for jobs (at once with none). */
  ready(): Promise<void> {
    return this.helpers?.ready ?? Promise.resolve();
  }

  /** The threads searching, this one included. */
  get threads(): number {
    return 1 + (this.helpers?.count ?? 0);
  }

  /**
   * Searches `pos` (the position of `snapshot`) with every thread; the answer is this thread's. The helpers are told
   * to stop as soon as it has one.
   */
  search(pos: Searchable<M>, snapshot: () => JsonObject, limits: SearchLimits = {}): SearchResult<M> {
    const helpers = this.helpers;
    const control = this.control;
    if (!helpers || !control) return this.main.search(pos, limits);
    const started = performance.now();
    this.epoch += 2;
    Atomics.store(control, 0, this.epoch);
    // The generation the main search is about to take, so every thread's entries are of this search.
    const generation = (this.main.tt.age % 255) + 1;
    helpers.start({
      epoch: this.epoch,
      generation,
      snapshot: snapshot(),
      ...(limits.depth !== undefined ? { depth: limits.depth + 1 } : {}),
    });
    // The time to hand the job out (the snapshot, the messages) comes out of the main thread's time.
    const spent = performance.now() - started;
    const timed = limits.timeMs === undefined ? limits : { ...limits, timeMs: Math.max(1, limits.timeMs - spent) };
    try {
      return this.main.search(pos, timed);
    } finally {
      Atomics.store(control, 0, this.epoch + 1);
    }
  }

  /** Nodes the helpers searched in their last finished search (each writes its count when it stops). */
  helperNodes(): number {
    const control = this.control;
    if (!control) return 0;
    let n = 0;
    for (let i = 1; i < control.length; i++) n += Atomics.load(control, i);
    return n;
  }

  close(): Promise<void> {
    if (this.control) Atomics.store(this.control, 0, -1);
    return this.helpers?.close() ?? Promise.resolve();
  }
}

/**
 * How a game's helper thread finds its search: the position from a snapshot and the evaluation by name. `searchAi`
 * records every game it makes a player for, so a helper that loads the registry finds them all.
 */
export interface HelperSubject<M> {
  readonly game: GameId;
  restore(snapshot: JsonObject): Searchable<M> | undefined;
  spec(evaluation?: string): SearchSpec<M> | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: one table for the games' move types
const subjects = new Map<GameId, HelperSubject<any>>();

export const registerHelperSubject = <M>(subject: HelperSubject<M>): void => {
  subjects.set(subject.game, subject);
};

// biome-ignore lint/suspicious/noExplicitAny: one table for the games' move types
export const helperSubject = (game: GameId): HelperSubject<any> | undefined => subjects.get(game);

/**
 * A helper thread's work, whatever starts the thread (`smp-helper.ts` in Node, a Web Worker in the browser): each job
 * searches its root over the shared table until the main thread's answer changes the epoch, then writes how many
 * nodes it searched. Its own answer goes nowhere; its table entries are its help. The games' AIs must be loaded first
 * (`registry.ts`), so that the game's subject is found.
 */
export const helperWork = (init: HelperInit, index: number): ((job: HelperJob) => void) => {
  const subject = helperSubject(init.game);
  const spec = subject?.spec(init.evaluation);
  const control = new Int32Array(init.control);
  const searcher = spec ? new AlphaBeta(spec, init.bits, init.table) : undefined;
  return (job) => {
    // A job whose search has already ended (the helper was busy or still starting) is skipped.
    if (!searcher || !subject || Atomics.load(control, 0) !== job.epoch) return;
    const pos = subject.restore(job.snapshot);
    if (!pos) return;
    const r = searcher.search(pos, {
      ...(job.depth !== undefined ? { depth: job.depth } : {}),
      reduce: true,
      signal: { cells: control, epoch: job.epoch },
      helper: { index, generation: job.generation },
    });
    Atomics.store(control, index, r.nodes);
  };
};
