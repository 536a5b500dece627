/**
 * A transposition table in one Int32Array, keyed by the two uint32 halves of an engine's Zobrist hash: the low half
 * picks the slot, both halves check it. One entry per slot, replaced when the new entry is deeper or the old one is
 * from an earlier search (generation).
 *
 * The array may live in a SharedArrayBuffer that several threads search with at once (Lazy SMP, `smp.ts`). No lock
 * guards a slot, so a reader may see one thread's half-written entry mixed with another's: each slot therefore keeps
 * its key not as such but XORed with its data words (two check words, the second with the data rotated), and an
 * entry whose words do not add up to the probed key is a miss. A torn entry is thrown away, never believed.
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

/** Int32 words a slot takes: two check words (key halves XOR data), the score, the move key, depth|bound|age. */
const WORDS = 5;
/** Bytes one slot takes. */
export const TT_SLOT_BYTES = WORDS * 4;

/** The slot count's log2 for a table of at most `mib` MiB (at least 2^10 slots). */
export const ttBitsFor = (mib: number): number =>
  Math.max(10, Math.floor(Math.log2((mib * 1024 * 1024) / TT_SLOT_BYTES)));

/** The buffer a table of 2^bits slots needs, shared between threads when SharedArrayBuffer exists. */
export const sharedTableBuffer = (bits: number): SharedArrayBuffer =>
  new SharedArrayBuffer((1 << bits) * TT_SLOT_BYTES);

const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

/** The second check word's mix of the data: a torn pair of words that cancels in the first rarely cancels here. */
const mix = (score: number, move: number, meta: number): number => score ^ rotl(move, 11) ^ rotl(meta, 22);

export class TranspositionTable {
  private readonly mask: number;
  private readonly slots: Int32Array;
  private generation = 1;

  /**
   * `bits`: log2 of the slot count (2^20 slots take 20 MiB). `buffer`: memory to keep the table in (another
   * thread's table, to share it); a fresh private one when absent.
   */
  constructor(bits = 20, buffer?: ArrayBufferLike) {
    const size = 1 << bits;
    this.mask = size - 1;
    if (buffer && buffer.byteLength !== size * TT_SLOT_BYTES) {
      throw new RangeError(`a table of 2^${bits} slots needs ${size * TT_SLOT_BYTES} bytes, not ${buffer.byteLength}`);
    }
    this.slots = buffer ? new Int32Array(buffer) : new Int32Array(size * WORDS);
  }

  /** The table's memory (a SharedArrayBuffer when the table was made over one). */
  get buffer(): ArrayBufferLike {
    return this.slots.buffer;
  }

  /** Call at the start of each search: older entries become replaceable. */
  nextGeneration(): void {
    this.generation = (this.generation % 255) + 1;
  }

  /** The current search's generation, to give helper threads that share the table. */
  get age(): number {
    return this.generation;
  }

  /** A helper thread takes the searching thread's generation. */
  set age(generation: number) {
    this.generation = ((generation - 1) % 255) + 1;
  }

  clear(): void {
    this.slots.fill(0);
  }

  probe(lo: number, hi: number, out: TtEntry): boolean {
    const t = this.slots;
    const b = (lo & this.mask) * WORDS;
    const meta = t[b + 4]!;
    // Age 0: a slot never written.
    if ((meta & 0xff0000) === 0) return false;
    const score = t[b + 2]!;
    const move = t[b + 3]!;
    if ((t[b]! ^ score ^ move ^ meta) !== (lo | 0) || (t[b + 1]! ^ mix(score, move, meta)) !== (hi | 0)) return false;
    out.depth = (meta << 24) >> 24;
    out.bound = ((meta >>> 8) & 3) as Bound;
    out.score = score;
    out.move = move;
    return true;
  }

  store(lo: number, hi: number, depth: number, bound: Bound, score: number, move: number): void {
    const t = this.slots;
    const b = (lo & this.mask) * WORDS;
    const oldMeta = t[b + 4]!;
    const oldScore = t[b + 2]!;
    const oldMove = t[b + 3]!;
    const same =
      (oldMeta & 0xff0000) !== 0 &&
      (t[b]! ^ oldScore ^ oldMove ^ oldMeta) === (lo | 0) &&
      (t[b + 1]! ^ mix(oldScore, oldMove, oldMeta)) === (hi | 0);
    if (oldMeta >>> 16 === this.generation && !same && (oldMeta << 24) >> 24 > depth) return;
    // Keep a known best move when the new entry has none.
    const m = move >= 0 || !same ? move | 0 : oldMove;
    const s = score | 0;
    const meta = (Math.min(depth, 127) & 0xff) | (bound << 8) | (this.generation << 16);
    // Data first, then the checks: a reader between the writes sees words that do not add up, and misses.
    t[b + 2] = s;
    t[b + 3] = m;
    t[b + 4] = meta;
    t[b] = lo ^ s ^ m ^ meta;
    t[b + 1] = hi ^ mix(s, m, meta);
  }
}
