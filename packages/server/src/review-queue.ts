/**
 * The reviews waiting on one process, served in turn by who asked (docs/PROTOCOL.md, "Computer review"): round-robin
 * across addresses, and within an address across accounts, so that one address with many games queued (a guest is a
 * cookie away, and self-played games are many) delays its own reviews, not another player's. A first-come queue let
 * one address with 40 hotseat games hold another user's review for over a minute.
 */

/** Who asked for a review: the request's address and the session's user. */
export interface Requester {
  readonly address: string;
  readonly userId: string;
}

type Task = () => Promise<void>;

export class FairQueue {
  /** Waiting tasks by address, then by user, in the order of their turns (a Map keeps insertion order). */
  private readonly lanes = new Map<string, Map<string, Task[]>>();
  private running = 0;
  private waiting = 0;
  private readonly byAddress = new Map<string, number>();
  /** When each address, and each account of an address, was last served (a count of tasks started); kept while busy. */
  private readonly served = new Map<string, number>();
  private turns = 0;

  /** `concurrency`: tasks run at once (the review pool's workers, so that the pool itself never queues). */
  constructor(private readonly concurrency = 1) {}

  /** Tasks waiting and running. */
  get load(): number {
    return this.waiting + this.running;
  }

  /** Tasks of `address` waiting or running. */
  loadOf(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  /** Runs `task` in its requester's turn; resolves (or rejects) as the task does. */
  run<T>(who: Requester, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const users = this.lanes.get(who.address) ?? new Map<string, Task[]>();
      this.lanes.set(who.address, users);
      const tasks = users.get(who.userId) ?? [];
      users.set(who.userId, tasks);
      tasks.push(() => Promise.resolve().then(task).then(resolve, reject));
      this.waiting++;
      this.byAddress.set(who.address, this.loadOf(who.address) + 1);
      this.pump();
    });
  }

  /**
   * The next task: of the address served longest ago (or never, while it has anything waiting or running), the
   * account served longest ago. An address whose review is being made is served after one that waits for its first,
   * even when its next request came first.
   */
  private next(): { address: string; task: Task } | undefined {
    const address = this.stalest(this.lanes.keys(), (a) => this.served.get(a));
    if (address === undefined) return undefined;
    const users = this.lanes.get(address)!;
    const userId = this.stalest(users.keys(), (u) => this.served.get(`${address}\u0000${u}`))!;
    const tasks = users.get(userId)!;
    const task = tasks.shift()!;
    if (tasks.length === 0) users.delete(userId);
    if (users.size === 0) this.lanes.delete(address);
    this.turns++;
    this.served.set(address, this.turns);
    this.served.set(`${address}\u0000${userId}`, this.turns);
    return { address, task };
  }

  /** The key served longest ago (never served first), the earliest to arrive among equals. */
  private stalest(keys: Iterable<string>, servedAt: (k: string) => number | undefined): string | undefined {
    let best: string | undefined;
    let bestAt = Number.POSITIVE_INFINITY;
    for (const k of keys) {
      const at = servedAt(k) ?? 0;
      if (at < bestAt) {
        best = k;
        bestAt = at;
      }
    }
    return best;
  }

  /** An address with nothing waiting or running starts afresh: its turns are not remembered against it. */
  private forget(address: string): void {
    this.byAddress.delete(address);
    for (const k of [...this.served.keys()])
      if (k === address || k.startsWith(`${address}\u0000`)) this.served.delete(k);
  }

  private pump(): void {
    while (this.running < this.concurrency) {
      const next = this.next();
      if (!next) return;
      this.waiting--;
      this.running++;
      void next.task().finally(() => {
        this.running--;
        const left = this.loadOf(next.address) - 1;
        if (left > 0) this.byAddress.set(next.address, left);
        else this.forget(next.address);
        this.pump();
      });
    }
  }
}
