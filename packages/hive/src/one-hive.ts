import * as grid from './grid.js';
import * as moves from './move.js';
import * as pieces from './pieces.js';
import * as stacks from './stacks.js';
import { Stacks } from './stacks.js';

// Module-level copies: an imported binding is read through a getter under tsx and vitest (docs/BENCHMARKS.md).
const CELLS = grid.CELLS;
const lowestBit = grid.lowestBit;
const NEIGHBOR = grid.NEIGHBOR;
const SPLIT_ARCS = grid.SPLIT_ARCS;
const PIECE_COUNT = pieces.PIECE_COUNT;
const HISTORY = stacks.HISTORY;
const PASS = moves.PASS;
const moveTo = moves.moveTo;

/** How many plies of cut sets a position keeps (a ring indexed by the number of moves made). */
const KEPT = 64;
const KEPT_SIZE = PIECE_COUNT + 1;
// KEPT is a power of two: an entry is `made & KEPT_MASK`.
const KEPT_MASK = KEPT - 1;

/**
 * The One Hive rule: which lone tiles cannot leave without splitting the hive
 * (articulation points, by an iterative Tarjan search made at most once per
 * generation and only when a tile's neighbours form two or more arcs), with
 * the stamped scratch arrays every generation shares. The cut cells found
 * after each of the last moves are kept along the line of play, so that
 * after a placement or a pass (most of the moves in perft and in a search
 * of the opening) they follow from the position before without a search.
 */
export class OneHive extends Stacks {
  // Scratch, reused by every generation.
  /** Per (piece, cell), at `piece + 32 * cell`: the stamp of the generation that listed the move (a cell's pieces share a line). */
  protected readonly seen = new Uint32Array(32 * CELLS);
  protected seenStamp = 0;
  protected readonly mark = new Uint32Array(CELLS);
  protected markStamp = 0;
  /**
   * The cut cells of a generation, marked with its `seenStamp` (a stamp, so
   * that no computation has to clear the marks of the one before).
   */
  protected readonly cut = new Uint32Array(CELLS);
  /** The cells `cut` marks for this generation, in the order found (what the ring keeps). */
  protected readonly cutList = new Uint16Array(PIECE_COUNT);
  protected cutCount = 0;
  /** The `seenStamp` of the generation `cut` was computed for. */
  protected cutsFor = 0;
  protected readonly disc = new Int16Array(CELLS);
  protected readonly low = new Int16Array(CELLS);
  protected readonly dfsCell = new Uint16Array(CELLS);
  protected readonly dfsDir = new Uint8Array(CELLS);
  protected readonly dfsParent = new Int16Array(CELLS);
  /**
   * The cut cells after each move made, in a ring of `KEPT` entries (entry
   * `made % KEPT`: their count, then the cells), and for each entry the
   * number of moves made it was found at (-1: none). A move made forgets the
   * entry it lands on; an unmade one returns to an entry that still holds.
   */
  protected readonly keptCuts = new Uint16Array(KEPT * KEPT_SIZE);
  protected readonly keptAt = new Int32Array(KEPT).fill(-1);
  /**
   * Whether cut cells found now are kept for the positions after this one:
   * not while perft bulk-counts a last ply, whose moves are never made
   * (writing the entry there cost about 2% of a perft).
   */
  protected keepFound = true;

  /** A move was made: the cut cells kept for this many moves made belonged to another line. */
  protected forgetKeptCuts(): void {
    this.keptAt[this.made & KEPT_MASK] = -1;
  }

  /** The board changed outside make and unmake (a tile set down by hand): the kept cut cells of this ply are void. */
  override place(piece: number, cell: number): void {
    super.place(piece, cell);
    this.forgetKeptCuts();
  }

  /** A fresh stamp for the per-generation dedup, and room for the few `mark` stamps a generation takes. */
  protected nextSeenStamp(): void {
    this.seenStamp++;
    if (this.seenStamp >= 0xffffffff) {
      this.seen.fill(0);
      this.cut.fill(0);
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
    return this.cut[cell] === this.seenStamp;
  }

  /**
   * Finds this generation's cut cells now, whether or not a tile asks: a
   * position whose moves will be made keeps them, so that the positions after
   * its placements and passes follow them without a search of their own.
   */
  protected findCuts(): void {
    if (this.cutsFor === this.seenStamp) return;
    this.computeCuts();
    this.cutsFor = this.seenStamp;
  }

  /**
   * Marks with this generation's stamp the cells whose stack of height 1
   * cannot leave without splitting the hive (articulation points).
   */
  protected computeCuts(): void {
    const cut = this.cut;
    const cutStamp = this.seenStamp;
    const cutList = this.cutList;
    let cuts = 0;
    if (this.onBoard === 0) {
      this.cutCount = 0;
      return;
    }
    const made = this.made;
    const at = (made & KEPT_MASK) * KEPT_SIZE;
    if (this.keptAt[made & KEPT_MASK] === made) {
      cuts = this.keptCuts[at]!;
      for (let i = 0; i < cuts; i++) {
        const c = this.keptCuts[at + 1 + i]!;
        cut[c] = cutStamp;
        cutList[i] = c;
      }
      this.cutCount = cuts;
      return;
    }
    if (made > 0 && this.keptAt[(made - 1) & KEPT_MASK] === made - 1 && this.followCuts(made)) {
      if (this.keepFound) this.keepCuts(made);
      return;
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
          if (p !== root && low[c]! >= disc[p]! && cut[p] !== cutStamp) {
            cut[p] = cutStamp;
            cutList[cuts++] = p;
          }
        }
      }
    }
    if (rootChildren > 1) {
      cut[root] = cutStamp;
      cutList[cuts++] = root;
    }
    this.cutCount = cuts;
    if (this.keepFound) this.keepCuts(made);
  }

  private keepCuts(made: number): void {
    const at = (made & KEPT_MASK) * KEPT_SIZE;
    const n = this.cutCount;
    this.keptCuts[at] = n;
    for (let i = 0; i < n; i++) this.keptCuts[at + 1 + i] = this.cutList[i]!;
    this.keptAt[made & KEPT_MASK] = made;
  }

  /**
   * The cut cells after the last move from those kept before it, when that
   * move was a pass (the same outline) or a placement whose occupied
   * neighbours form one arc: a cell not in the arc keeps its state (the arc
   * is joined already, so the new tile only hangs on one group); a lone
   * neighbour becomes a cut cell; an inner cell of a longer arc that was a
   * cut cell may stop being one, so that case (and any other) is left to the
   * search. Fills `cut` and `cutList` and returns true, or returns false.
   */
  private followCuts(made: number): boolean {
    const h = HISTORY * (made - 1);
    const m = this.history[h]!;
    let added = -1;
    if (m !== PASS) {
      if (this.history[h + 1]! >= 0 || (m - 1) >> 15 !== 0) return false;
      const v = moveTo(m);
      const around = this.occupiedAround(v);
      if (around === 0) return false;
      if (around & (around - 1)) {
        if (SPLIT_ARCS[around]) return false;
        // The arc's inner cells: both ring neighbours in the arc too.
        const inner = around & (((around << 1) | (around >> 5)) & 63) & (((around >> 1) | (around << 5)) & 63);
        const at = ((made - 1) & KEPT_MASK) * KEPT_SIZE;
        const n = this.keptCuts[at]!;
        for (let dirs = inner; dirs; dirs &= dirs - 1) {
          const c = NEIGHBOR[v * 6 + lowestBit(dirs)]!;
          for (let i = 0; i < n; i++) if (this.keptCuts[at + 1 + i] === c) return false;
        }
      } else added = NEIGHBOR[v * 6 + lowestBit(around)]!;
    }
    const at = ((made - 1) & KEPT_MASK) * KEPT_SIZE;
    const n = this.keptCuts[at]!;
    const cut = this.cut;
    const cutStamp = this.seenStamp;
    const cutList = this.cutList;
    let cuts = 0;
    for (let i = 0; i < n; i++) {
      const c = this.keptCuts[at + 1 + i]!;
      cut[c] = cutStamp;
      cutList[cuts++] = c;
    }
    if (added >= 0 && cut[added] !== cutStamp) {
      cut[added] = cutStamp;
      cutList[cuts++] = added;
    }
    this.cutCount = cuts;
    return true;
  }
}
