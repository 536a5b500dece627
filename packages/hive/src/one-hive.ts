import * as grid from './grid.js';
import * as pieces from './pieces.js';
import { Stacks } from './stacks.js';

// Module-level copies: an imported binding is read through a getter under tsx and vitest (docs/BENCHMARKS.md).
const CELLS = grid.CELLS;
const lowestBit = grid.lowestBit;
const NEIGHBOR = grid.NEIGHBOR;
const SPLIT_ARCS = grid.SPLIT_ARCS;
const PIECE_COUNT = pieces.PIECE_COUNT;

/**
 * The One Hive rule: which lone tiles cannot leave without splitting the hive
 * (articulation points, by an iterative Tarjan search made at most once per
 * generation and only when a tile's neighbours form two or more arcs), with
 * the stamped scratch arrays every generation shares.
 */
export class OneHive extends Stacks {
  // Scratch, reused by every generation.
  /** Per (piece, cell), at `piece + 32 * cell`: the stamp of the generation that listed the move (a cell's pieces share a line). */
  protected readonly seen = new Uint32Array(32 * CELLS);
  protected seenStamp = 0;
  protected readonly mark = new Uint32Array(CELLS);
  protected markStamp = 0;
  protected readonly cut = new Uint8Array(CELLS);
  /** The cells `cut` marks, so that the next computation clears only those. */
  protected readonly cutList = new Uint16Array(PIECE_COUNT);
  protected cutCount = 0;
  /** The `seenStamp` of the generation `cut` was computed for. */
  protected cutsFor = 0;
  protected readonly disc = new Int16Array(CELLS);
  protected readonly low = new Int16Array(CELLS);
  protected readonly dfsCell = new Uint16Array(CELLS);
  protected readonly dfsDir = new Uint8Array(CELLS);
  protected readonly dfsParent = new Int16Array(CELLS);

  /** A fresh stamp for the per-generation dedup, and room for the few `mark` stamps a generation takes. */
  protected nextSeenStamp(): void {
    this.seenStamp++;
    if (this.seenStamp >= 0xffffffff) {
      this.seen.fill(0);
      this.seenStamp = 1;
      this.cutsFor = 0;
    }
    if (this.markStamp >= 0xfffff000) {
      this.mark.fill(0);
      this.markStamp = 0;
    }
  }

  /**
   * Whether the tile at `cell` (alone on it) cannot leave without splitting
   * the hive. When its occupied neighbours form one unbroken arc they stay
   * joined around it, so only a tile with two or more arcs needs the search
   * for articulation points, made at most once per generation.
   */
  protected pinned(cell: number): boolean {
    return this.pinnedAmong(cell, this.occupiedAround(cell));
  }

  /** `pinned`, with the occupied neighbours of `cell` (bit d, direction d) already known. */
  protected pinnedAmong(cell: number, occupied: number): boolean {
    if (!SPLIT_ARCS[occupied]) return false;
    if (this.cutsFor !== this.seenStamp) {
      this.computeCuts();
      this.cutsFor = this.seenStamp;
    }
    return this.cut[cell] === 1;
  }

  /** Marks the cells whose stack of height 1 cannot leave without splitting the hive (articulation points). */
  protected computeCuts(): Uint8Array {
    const cut = this.cut;
    // Only the cells marked last time are cleared: a hive has at most 28.
    const cutList = this.cutList;
    for (let i = 0; i < this.cutCount; i++) cut[cutList[i]!] = 0;
    let cuts = 0;
    if (this.onBoard === 0) {
      this.cutCount = 0;
      return cut;
    }
    const root = this.pos[lowestBit(this.onBoard)]!;
    const stamp = ++this.markStamp;
    // Iterative Tarjan: `disc`/`low` indexed by cell, `mark` says visited.
    const mark = this.mark;
    const disc = this.disc;
    const low = this.low;
    const stackCell = this.dfsCell;
    const stackDir = this.dfsDir;
    const parent = this.dfsParent;
    // Each frame keeps the directions of its occupied neighbours still to visit.
    stackCell[0] = root;
    stackDir[0] = this.occupiedAround(root);
    parent[0] = -1;
    let sp = 1;
    let time = 0;
    mark[root] = stamp;
    disc[root] = low[root] = time++;
    let rootChildren = 0;
    while (sp > 0) {
      const top = sp - 1;
      const c = stackCell[top]!;
      const dirs = stackDir[top]!;
      if (dirs !== 0) {
        stackDir[top] = dirs & (dirs - 1);
        const n = NEIGHBOR[c * 6 + lowestBit(dirs)]!;
        if (mark[n] !== stamp) {
          mark[n] = stamp;
          disc[n] = low[n] = time++;
          stackCell[sp] = n;
          stackDir[sp] = this.occupiedAround(n);
          parent[sp] = c;
          sp++;
          if (c === root) rootChildren++;
        } else if (n !== parent[top] && disc[n]! < low[c]!) low[c] = disc[n]!;
      } else {
        sp--;
        const p = parent[sp]!;
        if (p >= 0) {
          if (low[c]! < low[p]!) low[p] = low[c]!;
          if (p !== root && low[c]! >= disc[p]! && cut[p] === 0) {
            cut[p] = 1;
            cutList[cuts++] = p;
          }
        }
      }
    }
    if (rootChildren > 1) {
      cut[root] = 1;
      cutList[cuts++] = root;
    }
    this.cutCount = cuts;
    return cut;
  }
}
