/**
 * A transposition table in typed arrays, keyed by the two uint32 halves of
 * an engine's Zobrist hash: the low half picks the slot, the high half checks
 * it. One entry per slot, replaced when the new entry is deeper or the old one
 * is from an earlier search (generation).
 */

export const BOUNDS = { none: 0, exact: 1, lower: 2, upper: 3 } as const;
export type Bound = (typeof BOUNDS)[keyof typeof BOUNDS];

export interface TtEntry {
  depth: number;
  bound: Bound;
  score: number;
  /** The move key of the best move found, or -1. */
  move: number;
}

/** Bytes one slot takes: two uint32 key halves, depth, bound, a 32-bit score, a 32-bit move key and an age. */
export const TT_SLOT_BYTES = 19;

/** The slot count's log2 for a table of at most `mib` MiB (at least 2^10 slots). */
export const ttBitsFor = (mib: number): number =>
  Math.max(10, Math.floor(Math.log2((mib * 1024 * 1024) / TT_SLOT_BYTES)));

export class TranspositionTable {
  private readonly mask: number;
  private readonly check: Uint32Array;
  private readonly lock: Uint32Array;
  private readonly depths: Int8Array;
  private readonly bounds: Uint8Array;
  private readonly scores: Int32Array;
  private readonly moves: Int32Array;
  private readonly ages: Uint8Array;
  private generation = 1;

  /** `bits`: log2 of the slot count (2^20 slots take about 18 MB). */
  constructor(bits = 20) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.check = new Uint32Array(size);
    this.lock = new Uint32Array(size);
    this.depths = new Int8Array(size);
    this.bounds = new Uint8Array(size);
    this.scores = new Int32Array(size);
    this.moves = new Int32Array(size);
    this.ages = new Uint8Array(size);
  }

  /** Call at the start of each search: older entries become replaceable. */
  nextGeneration(): void {
    this.generation = (this.generation % 255) + 1;
  }

  clear(): void {
    this.ages.fill(0);
    this.bounds.fill(0);
  }

  probe(lo: number, hi: number, out: TtEntry): boolean {
    const i = lo & this.mask;
    if (this.ages[i] === 0 || this.lock[i] !== hi >>> 0 || this.check[i] !== lo >>> 0) return false;
    out.depth = this.depths[i]!;
    out.bound = this.bounds[i] as Bound;
    out.score = this.scores[i]!;
    out.move = this.moves[i]!;
    return true;
  }

  store(lo: number, hi: number, depth: number, bound: Bound, score: number, move: number): void {
    const i = lo & this.mask;
    const same = this.lock[i] === hi >>> 0 && this.check[i] === lo >>> 0;
    if (this.ages[i] === this.generation && !same && this.depths[i]! > depth) return;
    this.check[i] = lo >>> 0;
    this.lock[i] = hi >>> 0;
    this.depths[i] = Math.min(depth, 127);
    this.bounds[i] = bound;
    this.scores[i] = score;
    // Keep a known best move when the new entry has none.
    if (move >= 0 || !same) this.moves[i] = move;
    this.ages[i] = this.generation;
  }
}
