/**
 * How many threads one AI seat's search may use (Lazy SMP, docs/AI.md "Parallel search"). The server's process
 * keeps a core for the players (its event loop answers every move, clock and chat), and the other cores are shared
 * by the AI searches running at that moment: a search alone on an 8-core machine gets 4 of them, two at once get
 * 2 each, four or more get one each.
 *
 * The count is rounded down to a power of two, and capped: each pool worker keeps the helper threads of every count
 * it has searched with (starting them costs a second or more of compiling), so the counts 2, 4 and 8 bound what a
 * worker holds to 1 + 3 + 7 idle helpers instead of one set per count. Only the master level searches on several
 * threads: the lower levels stop at a depth of 1 to 4 plies, where a helper makes the move no better.
 */

/** The most threads the server gives one search by default (past this, Lazy SMP's gain per thread is small). */
export const AI_THREADS_CAP = 8;

export interface ThreadsFacts {
  /** The machine's cores (`os.availableParallelism()`). */
  readonly cores: number;
  /** AI searches running at once, this one included (at least 1). */
  readonly running: number;
  /** Cores kept for the players' games. */
  readonly reserved?: number;
  readonly cap?: number;
}

/** The threads for one search, given the machine and what else the AI is searching. */
export const threadsForSearch = ({ cores, running, reserved = 1, cap = AI_THREADS_CAP }: ThreadsFacts): number => {
  const free = Math.floor((Math.floor(cores) - reserved) / Math.max(1, Math.floor(running)));
  const wanted = Math.max(1, Math.min(cap, free));
  return 2 ** Math.floor(Math.log2(wanted));
};

/** The lobby's levels 9 and 10 (the AI's master level): the only ones given more than one thread by default. */
export const MASTER_LOBBY_LEVEL = 9;

/**
 * Counts the AI searches under way and hands each its threads: `QIYUAN_AI_THREADS` (a fixed count for every search
 * of every level) when set, otherwise `threadsForSearch` for master and one thread below it.
 */
export class AiThreads {
  private running = 0;

  constructor(
    private readonly cores: number,
    /** A fixed count for every search (`QIYUAN_AI_THREADS`); the machine's policy when absent. */
    private readonly fixed?: number,
    /** The most searches the pool runs at once (its workers); more wait in its queue and use no core. */
    private readonly lanes = Number.POSITIVE_INFINITY,
  ) {}

  /** A search starts: its threads. Call `end` when it has answered. */
  begin(level: number): number {
    this.running++;
    if (this.fixed !== undefined) return Math.max(1, Math.floor(this.fixed));
    if (level < MASTER_LOBBY_LEVEL) return 1;
    return threadsForSearch({ cores: this.cores, running: Math.min(this.running, this.lanes) });
  }

  end(): void {
    this.running = Math.max(0, this.running - 1);
  }

  /** Searches under way. */
  get searches(): number {
    return this.running;
  }
}
