/**
 * How often each position has occurred along the game so far, for repetition
 * draws: kept as moves are played and taken back, so asking costs nothing.
 */
export class RepetitionCounter {
  private readonly keys: string[] = [];
  private readonly counts = new Map<string, number>();

  push(key: string): void {
    this.keys.push(key);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  pop(): void {
    const key = this.keys.pop();
    if (key === undefined) return;
    const n = this.counts.get(key)! - 1;
    if (n === 0) this.counts.delete(key);
    else this.counts.set(key, n);
  }

  /** Occurrences of the current (last pushed) position. */
  current(): number {
    const key = this.keys.at(-1);
    return key === undefined ? 0 : (this.counts.get(key) ?? 0);
  }

  clone(): RepetitionCounter {
    const copy = new RepetitionCounter();
    for (const key of this.keys) copy.push(key);
    return copy;
  }
}
