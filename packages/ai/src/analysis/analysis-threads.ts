import type { Game } from '@qiyuan/core';
import { type HelperFactory, helperSubject, helperThreads, LazySmp } from '../smp.js';
import type { Subject } from './game-review.js';

/** log2 of the analysis table's slots (`analysePosition` searches alone with the same). */
export const ANALYSIS_TT_BITS = 18;

/**
 * The analysis engine on several threads (Lazy SMP, `smp.ts`): one searcher per game and evaluation, whose helper
 * threads start once and wait between searches. Only the root search of each analysis is shared; the replies that
 * continue the other lines are searched by the calling thread alone. Where no helper can start (no factory, one
 * thread, a game whose AI is no alpha-beta player, such as Junqi's), `searcher` gives none and the analysis is the
 * one-thread search, move for move.
 */
export class AnalysisThreads {
  private smp: LazySmp<unknown> | undefined;
  private key = '';

  constructor(
    /** The threads asked for, the calling one included. */
    readonly threads: number,
    private readonly factory: HelperFactory | undefined = helperThreads(),
  ) {}

  /** The searcher for `subject` (the subject of `game`); made on first use, kept while the game and evaluation stay. */
  searcher(game: Game, subject: Subject): LazySmp<unknown> | undefined {
    if (this.threads <= 1 || !this.factory || !helperSubject(game.id)) return undefined;
    const key = `${game.id}@${subject.evaluation ?? ''}`;
    if (this.smp && this.key === key) return this.smp;
    void this.smp?.close();
    this.key = key;
    this.smp = new LazySmp(subject.spec, game.id, ANALYSIS_TT_BITS, this.threads, subject.evaluation, this.factory);
    return this.smp;
  }

  /**
   * Starts the helpers for `game`'s subject and settles, with the threads that will search, when they wait for work.
   * A caller that searches without yielding (a worker's loop) waits for this first: a browser may not start a worker
   * while the thread that made it is busy.
   */
  async prepare(game: Game, subject: Subject): Promise<number> {
    const smp = this.searcher(game, subject);
    if (!smp) return 1;
    await smp.ready();
    return smp.threads;
  }

  /** Nodes the helpers searched in their last finished search (each writes its count once stopped); 0 alone. */
  helperNodes(): number {
    return this.smp?.helperNodes() ?? 0;
  }

  close(): Promise<void> {
    const smp = this.smp;
    this.smp = undefined;
    return smp?.close() ?? Promise.resolve();
  }
}
