import * as grid from './grid.js';
import * as moves from './move.js';
import { OneHive } from './one-hive.js';
import * as pieces from './pieces.js';
import * as stacks from './stacks.js';

// Module-level copies: an imported binding is read through a getter under tsx and vitest (docs/BENCHMARKS.md).
const CELLS = grid.CELLS;
const lowestBit = grid.lowestBit;
const NEIGHBOR = grid.NEIGHBOR;
const SLIDES = grid.SLIDES;
const encodeMove = moves.encodeMove;
const MOVE_CARRY = moves.MOVE_CARRY;
const MOVE_GRAB = moves.MOVE_GRAB;
const MOVE_SWAP = moves.MOVE_SWAP;
const BUG_INDEX = pieces.BUG_INDEX;
const PIECE_COUNT = pieces.PIECE_COUNT;
const PIECES_PER_COLOR = pieces.PIECES_PER_COLOR;
const HISTORY = stacks.HISTORY;
const SLOTS = stacks.SLOTS;

const Q = BUG_INDEX.Q;
const S = BUG_INDEX.S;
const B = BUG_INDEX.B;
const G = BUG_INDEX.G;
const A = BUG_INDEX.A;
const M = BUG_INDEX.M;
const L = BUG_INDEX.L;
const P = BUG_INDEX.P;
const R = BUG_INDEX.R;
const T = BUG_INDEX.T;
const F = BUG_INDEX.F;
const W = BUG_INDEX.W;
const D = BUG_INDEX.D;
const K = BUG_INDEX.K;
const C = BUG_INDEX.C;
/** The bugs whose paths may pass by or over their own cell: their tile is lifted while they are generated. */
const LIFTED = (1 << S) | (1 << R) | (1 << A) | (1 << L) | (1 << F) | (1 << W) | (1 << K) | (1 << D);
/** The bugs that act even while pinned (a Pillbug's throw, a Mantis's grab, a Centipede's swap), or may borrow that. */
const ACTS = (1 << P) | (1 << M) | (1 << T) | (1 << C);

/**
 * How the tiles move: each bug's movement (slides, the Spider's three steps,
 * the Ant's flood fill, climbs, jumps, flights) and the abilities (a
 * Pillbug's throw, a Mantis's grab, a Centipede's swap), each (piece,
 * destination) listed once per generation.
 */
export class Movement extends OneHive {
  protected readonly queue = new Uint16Array(CELLS);
  protected readonly cells = new Uint16Array(CELLS);
  /**
   * How many moves the list being filled holds: the generators write at this
   * index, so that a list keeps its room from one generation to the next
   * (emptying an array through its length gives its room back, and a list
   * grown again from nothing at every node kept the collector busy).
   */
  protected filled = 0;

  /** Whether the side to move may move tiles this turn (its Queen is in play and not still owed). */
  protected mayMove(): boolean {
    const base = this.side * PIECES_PER_COLOR;
    return this.pos[base]! >= 0;
  }

  /** Appends the movements (and abilities) of the side to move. */
  protected movements(out: number[]): void {
    if (!this.mayMove()) return;
    const base = this.side * PIECES_PER_COLOR;
    // The tiles the opponent's last move displaced: one of ours among them (thrown, swapped) may not act.
    const last = this.lastMoved();
    const other = this.lastOther();
    for (let mine = (this.onBoard >> base) & SLOTS; mine; mine &= mine - 1) {
      const id = base + lowestBit(mine);
      if (this.top[this.pos[id]!] !== id || id === last || id === other) continue;
      this.pieceMoves(id, out);
    }
  }

  /** Lists a move once per generation; `seen` is indexed by the move's code less one (the cell's slots side by side). */
  protected add(out: number[], piece: number, to: number): void {
    const k = piece + 32 * to;
    if (this.seen[k] === this.seenStamp) return;
    this.seen[k] = this.seenStamp;
    out[this.filled++] = k + 1;
  }

  /**
   * Whether a piece may pass from `a` to its neighbour in direction `d`, with
   * `ha` the height left at `a` and the heights as they stand: the gate of
   * the two shared neighbours must not both be higher than the path, and a
   * move along the ground must keep touching the hive.
   */
  protected canPass(a: number, d: number, ha: number): boolean {
    const b = NEIGHBOR[a * 6 + d]!;
    const g1 = this.height[NEIGHBOR[a * 6 + ((d + 1) % 6)]!]!;
    const g2 = this.height[NEIGHBOR[a * 6 + ((d + 5) % 6)]!]!;
    const level = Math.max(ha, this.height[b]!);
    if (g1 > level && g2 > level) return false;
    if (level === 0 && g1 === 0 && g2 === 0) return false;
    return true;
  }

  /** Whether the stack at `cell` is topped by a Scorpion, which nothing may climb onto, pass over or move. */
  protected scorpionAt(cell: number): boolean {
    const t = this.top[cell]!;
    return t >= 0 && this.bug[t] === R;
  }

  /**
   * Appends the moves of one piece: its own movement and its ability (a
   * Pillbug's throw, a Mantis's grab, a Centipede's swap), or for a Mosquito
   * on the ground those of every bug it touches.
   */
  protected pieceMoves(id: number, out: number[]): void {
    const at = this.pos[id]!;
    const h = this.height[at]!;
    // The occupied neighbours of a tile on the ground: whether it is pinned, and where its slides start.
    const occupied = h === 1 ? this.occupiedAround(at) : 0;
    const pinnedToHive = h === 1 && this.pinnedAmong(at, occupied);
    const bug = this.bug;
    // A pinned tile with no ability of its own or borrowed (most of a side's tiles in an opening) does nothing.
    if (pinnedToHive && (ACTS & (1 << bug[id]!)) === 0) return;
    let bugs = 1 << bug[id]!;
    if (bug[id] === M) {
      if (h > 1) bugs = 1 << B;
      else {
        bugs = 0;
        // Only the occupied neighbours lend a movement.
        for (let dirs = occupied; dirs; dirs &= dirs - 1) {
          const t = this.top[NEIGHBOR[at * 6 + lowestBit(dirs)]!]!;
          if (bug[t] !== M) bugs |= 1 << bug[t]!;
        }
      }
    }
    // On the ground, a Mantis (or a Mosquito beside one) grabs.
    const grabs = bugs & (1 << T);
    // The Mantis walks only from on top of the hive (as a Beetle); on the ground it grabs instead.
    if (grabs) {
      if (h > 1) bugs = (bugs & ~(1 << T)) | (1 << B);
      else bugs &= ~(1 << T);
    }
    if (!pinnedToHive && bugs) {
      const from = at;
      const ha = h - 1;
      if (bugs & ((1 << Q) | (1 << P) | (1 << C))) {
        // A single slide reads only the cells round the tile, which its lifting would not change.
        for (let dirs = h === 1 ? SLIDES[occupied]! : this.slideDirs(from); dirs; dirs &= dirs - 1)
          this.add(out, id, NEIGHBOR[from * 6 + lowestBit(dirs)]!);
      }
      // Lift the piece for the bugs whose paths could pass by or over its cell, so that it neither blocks nor
      // supports its own path. Only the stack's top and height change: the hash and the piece's own records stay,
      // and are right again below. The Beetle and Grasshopper read only other cells, lifted or not.
      const lifted = (bugs & LIFTED) !== 0;
      if (lifted) {
        this.top[from] = this.below[id]!;
        this.height[from] = ha;
        if (ha === 0) this.occ[from >> 5]! ^= 1 << (from & 31);
      }
      if (bugs & ((1 << S) | (1 << R) | (1 << A))) {
        const firstDirs = h === 1 ? SLIDES[occupied]! : this.slideDirs(from);
        if (bugs & ((1 << S) | (1 << R))) this.spider(id, from, firstDirs, out);
        if (bugs & (1 << A)) this.ant(id, from, firstDirs, out);
      }
      if (bugs & (1 << B)) {
        if (h === 1 && this.stacked === 0 && !this.scorpions) this.flatBeetle(id, from, occupied, out);
        else this.beetle(id, from, ha, out);
      }
      if (bugs & (1 << G)) this.grasshopper(id, from, out);
      if (bugs & (1 << L)) {
        if (h === 1 && this.stacked === 0 && !this.scorpions) this.flatLadybug(id, from, occupied, out);
        else this.ladybug(id, from, out);
      }
      if (bugs > 0xff) {
        if (bugs & (1 << F)) this.fly(id, from, out);
        if (bugs & (1 << W)) this.wasp(id, from, out);
        if (bugs & (1 << K)) this.cockroach(id, from, out);
        if (bugs & (1 << D)) this.dragonfly(id, from, ha, out);
      }
      if (lifted) {
        this.top[from] = id;
        this.height[from] = h;
        if (ha === 0) this.occ[from >> 5]! ^= 1 << (from & 31);
      }
    }
    if (h !== 1) return;
    if (bugs & (1 << P)) this.pillbugThrows(id, at, occupied, out);
    if (grabs) this.grabs(id, at, out);
    if (bugs & (1 << C)) this.swaps(id, at, out);
  }

  /** The directions a tile on the ground at `cell` may slide to (the moving tile already lifted). */
  protected slideDirs(cell: number): number {
    return SLIDES[this.occupiedAround(cell)]!;
  }

  protected slides(id: number, from: number, out: number[]): void {
    for (let dirs = this.slideDirs(from); dirs; dirs &= dirs - 1)
      this.add(out, id, NEIGHBOR[from * 6 + lowestBit(dirs)]!);
  }

  /** Three slides, never back; `firstDirs` are the slides open from `from`. */
  protected spider(id: number, from: number, firstDirs: number, out: number[]): void {
    for (let dirs1 = firstDirs; dirs1; dirs1 &= dirs1 - 1) {
      const c1 = NEIGHBOR[from * 6 + lowestBit(dirs1)]!;
      for (let dirs2 = this.slideDirs(c1); dirs2; dirs2 &= dirs2 - 1) {
        const c2 = NEIGHBOR[c1 * 6 + lowestBit(dirs2)]!;
        if (c2 === from) continue;
        for (let dirs3 = this.slideDirs(c2); dirs3; dirs3 &= dirs3 - 1) {
          const c3 = NEIGHBOR[c2 * 6 + lowestBit(dirs3)]!;
          if (c3 !== from && c3 !== c1) this.add(out, id, c3);
        }
      }
    }
  }

  /** Any number of slides (a flood fill); `firstDirs` are the slides open from `from`. */
  protected ant(id: number, from: number, firstDirs: number, out: number[]): void {
    const stamp = ++this.markStamp;
    const mark = this.mark;
    const queue = this.queue;
    mark[from] = stamp;
    let head = 0;
    let tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      const c = queue[head++]!;
      for (let dirs = c === from ? firstDirs : this.slideDirs(c); dirs; dirs &= dirs - 1) {
        const n = NEIGHBOR[c * 6 + lowestBit(dirs)]!;
        if (mark[n] === stamp) continue;
        mark[n] = stamp;
        queue[tail++] = n;
        this.add(out, id, n);
      }
    }
  }

  /**
   * The Beetle on the ground with no tile stacked anywhere (and no Scorpion):
   * no gate is higher than 1, so it climbs onto every occupied neighbour and
   * otherwise slides; `occupied` are its occupied neighbours. Same moves, in
   * the same order, as `beetle`.
   */
  protected flatBeetle(id: number, from: number, occupied: number, out: number[]): void {
    for (let dirs = occupied | SLIDES[occupied]!; dirs; dirs &= dirs - 1)
      this.add(out, id, NEIGHBOR[from * 6 + lowestBit(dirs)]!);
  }

  protected beetle(id: number, from: number, ha: number, out: number[]): void {
    const scorpions = this.scorpions;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[from * 6 + d]!;
      if (scorpions && this.scorpionAt(n)) continue;
      if (this.canPass(from, d, ha)) this.add(out, id, n);
    }
  }

  protected grasshopper(id: number, from: number, out: number[]): void {
    const scorpions = this.scorpions;
    for (let d = 0; d < 6; d++) {
      let n = NEIGHBOR[from * 6 + d]!;
      if (this.height[n] === 0) continue;
      let blocked = false;
      while (this.height[n] !== 0) {
        if (scorpions && this.scorpionAt(n)) blocked = true;
        n = NEIGHBOR[n * 6 + d]!;
      }
      if (!blocked) this.add(out, id, n);
    }
  }

  protected ladybug(id: number, from: number, out: number[]): void {
    const scorpions = this.scorpions;
    for (let d1 = 0; d1 < 6; d1++) {
      const c1 = NEIGHBOR[from * 6 + d1]!;
      if (this.height[c1] === 0 || !this.canPass(from, d1, 0) || (scorpions && this.scorpionAt(c1))) continue;
      for (let d2 = 0; d2 < 6; d2++) {
        const c2 = NEIGHBOR[c1 * 6 + d2]!;
        if (c2 === from || this.height[c2] === 0 || !this.canPass(c1, d2, this.height[c1]!)) continue;
        if (scorpions && this.scorpionAt(c2)) continue;
        for (let d3 = 0; d3 < 6; d3++) {
          const c3 = NEIGHBOR[c2 * 6 + d3]!;
          if (c3 === from || this.height[c3] !== 0 || !this.canPass(c2, d3, this.height[c2]!)) continue;
          this.add(out, id, c3);
        }
      }
    }
  }

  /**
   * The Ladybug on the ground (lifted) with no tile stacked anywhere and no
   * Scorpion: with every gate of height 1 at most, nothing blocks a climb, a
   * step along the top or the way down, so its moves are two steps over
   * occupied cells and one onto an empty one, read from the occupancy masks.
   * `occupied` are its occupied neighbours. Same moves, in the same order, as
   * `ladybug`.
   */
  protected flatLadybug(id: number, from: number, occupied: number, out: number[]): void {
    for (let dirs1 = occupied; dirs1; dirs1 &= dirs1 - 1) {
      const c1 = NEIGHBOR[from * 6 + lowestBit(dirs1)]!;
      // The lifted Ladybug's own cell is empty now: it is never a second step.
      for (let dirs2 = this.occupiedAround(c1); dirs2; dirs2 &= dirs2 - 1) {
        const c2 = NEIGHBOR[c1 * 6 + lowestBit(dirs2)]!;
        for (let dirs3 = ~this.occupiedAround(c2) & 63; dirs3; dirs3 &= dirs3 - 1) {
          const c3 = NEIGHBOR[c2 * 6 + lowestBit(dirs3)]!;
          if (c3 !== from) this.add(out, id, c3);
        }
      }
    }
  }

  /** Marks (with a fresh stamp) and lists in `cells` the empty ground cells next to the hive; returns how many. */
  protected emptyAround(from: number): number {
    const stamp = ++this.markStamp;
    const mark = this.mark;
    const cells = this.cells;
    let count = 0;
    for (let id = 0; id < PIECE_COUNT; id++) {
      const at = this.pos[id]!;
      if (at < 0 || this.top[at] !== id) continue;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOR[at * 6 + d]!;
        if (n === from || this.height[n] !== 0 || mark[n] === stamp) continue;
        mark[n] = stamp;
        cells[count++] = n;
      }
    }
    return count;
  }

  /** The Fly: one sliding step; with no step open at all, a flight to any empty space next to the hive (rulings 13–14). */
  protected fly(id: number, from: number, out: number[]): void {
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[from * 6 + d]!;
      if (this.height[n] === 0 && this.canPass(from, d, 0)) {
        this.slides(id, from, out);
        return;
      }
    }
    const count = this.emptyAround(from);
    for (let i = 0; i < count; i++) this.add(out, id, this.cells[i]!);
  }

  /** The Wasp: a flight to any empty space whose every neighbour is topped by the opponent (ruling 15). */
  protected wasp(id: number, from: number, out: number[]): void {
    const mine = id >= PIECES_PER_COLOR ? 1 : 0;
    const count = this.emptyAround(from);
    for (let i = 0; i < count; i++) {
      const c = this.cells[i]!;
      let ok = true;
      for (let d = 0; d < 6 && ok; d++) {
        const t = this.top[NEIGHBOR[c * 6 + d]!]!;
        if (t >= 0 && (t >= PIECES_PER_COLOR ? 1 : 0) === mine) ok = false;
      }
      if (ok) this.add(out, id, c);
    }
  }

  /**
   * The Cockroach: up onto a stack topped by its own colour, any number of
   * steps over such stacks, then down to an empty space; the gate rule at
   * every step (ruling 17).
   */
  protected cockroach(id: number, from: number, out: number[]): void {
    const mine = id >= PIECES_PER_COLOR ? 1 : 0;
    const stamp = ++this.markStamp;
    const mark = this.mark;
    const walkable = (c: number): boolean => {
      const t = this.top[c]!;
      return t >= 0 && (t >= PIECES_PER_COLOR ? 1 : 0) === mine && this.bug[t] !== R;
    };
    let tail = 0;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[from * 6 + d]!;
      if (mark[n] !== stamp && walkable(n) && this.canPass(from, d, 0)) {
        mark[n] = stamp;
        this.queue[tail++] = n;
      }
    }
    let head = 0;
    while (head < tail) {
      const a = this.queue[head++]!;
      const ha = this.height[a]!;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOR[a * 6 + d]!;
        if (this.height[n] === 0) {
          if (n !== from && this.canPass(a, d, ha)) this.add(out, id, n);
        } else if (mark[n] !== stamp && walkable(n) && this.canPass(a, d, ha)) {
          mark[n] = stamp;
          this.queue[tail++] = n;
        }
      }
    }
  }

  /**
   * The Dragonfly: a step in any direction, then one turned 60° either way,
   * over anything but a Scorpion; it lands on the ground or on top of the
   * hive. From on top to an empty space it carries the tile it stood on,
   * unless that is a Dragonfly or lifting it would split the hive (rulings
   * 18–20). `ha` is the height left under it.
   */
  protected dragonfly(id: number, from: number, ha: number, out: number[]): void {
    const carried = ha > 0 ? this.top[from]! : -1;
    const carry = carried >= 0 && this.bug[carried] !== D && (ha > 1 || !this.pinned(from)) && this.bug[id] === D;
    const scorpions = this.scorpions;
    for (let d = 0; d < 6; d++) {
      const mid = NEIGHBOR[from * 6 + d]!;
      const midBlocked = scorpions && this.scorpionAt(mid);
      for (let turn = 1; turn <= 5; turn += 4) {
        // Both turns of the two neighbouring first steps meet on the same cell: try the other path if one is blocked.
        const to = NEIGHBOR[mid * 6 + ((d + turn) % 6)]!;
        if (midBlocked) continue;
        if (this.height[to] !== 0) {
          if (!(scorpions && this.scorpionAt(to))) this.add(out, id, to);
          continue;
        }
        let touches = false;
        for (let e = 0; e < 6 && !touches; e++) if (this.height[NEIGHBOR[to * 6 + e]!] !== 0) touches = true;
        if (!touches) continue;
        if (carry) this.addKind(out, id, to, MOVE_CARRY);
        else this.add(out, id, to);
      }
    }
  }

  /** Like `add`, for a move of another kind that shares the (piece, destination) slot of the dedup table. */
  protected addKind(out: number[], piece: number, to: number, kind: number): void {
    const k = piece + 32 * to;
    if (this.seen[k] === this.seenStamp) return;
    this.seen[k] = this.seenStamp;
    out[this.filled++] = encodeMove(piece, to, kind);
  }

  /**
   * Whether the lone tile at `t` (next to the acting piece) may be taken by an
   * ability: not a Scorpion, not a tile the opponent's last move displaced.
   */
  protected takeable(t: number): boolean {
    if (this.height[t] !== 1) return false;
    const victim = this.top[t]!;
    return this.bug[victim] !== R && victim !== this.lastMoved() && victim !== this.lastOther();
  }

  /** Whether one of the two cells next to both `at` and its neighbour in direction `d` is empty. */
  protected sharedGap(at: number, d: number): boolean {
    return this.height[NEIGHBOR[at * 6 + ((d + 1) % 6)]!] === 0 || this.height[NEIGHBOR[at * 6 + ((d + 5) % 6)]!] === 0;
  }

  /** The Mantis on the ground: a lone neighbour, through a shared empty space, goes under it (rulings 21–22). */
  protected grabs(id: number, at: number, out: number[]): void {
    for (let d = 0; d < 6; d++) {
      const t = NEIGHBOR[at * 6 + d]!;
      if (!this.takeable(t) || this.pinned(t) || !this.sharedGap(at, d)) continue;
      out[this.filled++] = encodeMove(id, t, MOVE_GRAB);
    }
  }

  /** The Centipede's swap with a lone neighbour through a shared empty space (ruling 25). */
  protected swaps(id: number, at: number, out: number[]): void {
    for (let d = 0; d < 6; d++) {
      const t = NEIGHBOR[at * 6 + d]!;
      if (!this.takeable(t) || !this.sharedGap(at, d)) continue;
      const b = this.bug[this.top[t]!]!;
      if (b === C || b === P) continue;
      out[this.filled++] = encodeMove(id, t, MOVE_SWAP);
    }
  }

  /** The Pillbug's ability: lift an adjacent unstacked piece over itself onto an empty neighbour. */
  protected pillbugThrows(id: number, at: number, occupied: number, out: number[]): void {
    const last = this.lastMoved();
    const other = this.lastOther();
    if (id === last) return;
    if (this.rules.pillbugDutchRule && this.made >= 2 && this.history[HISTORY * (this.made - 2) + 2] === id) return;
    const scorpions = this.scorpions;
    if (this.stacked === 0 && !scorpions) {
      // No tile stacked anywhere: no gate is higher than 1, so every lone neighbour free to leave goes up onto the
      // Pillbug and down onto every empty neighbour (the same moves, in the same order, as the general case below).
      const empty = ~occupied & 63;
      for (let dirs = occupied; dirs; dirs &= dirs - 1) {
        const t = NEIGHBOR[at * 6 + lowestBit(dirs)]!;
        const victim = this.top[t]!;
        if (victim === last || victim === other || this.pinned(t)) continue;
        for (let e = empty; e; e &= e - 1) this.add(out, victim, NEIGHBOR[at * 6 + lowestBit(e)]!);
      }
      return;
    }
    for (let d = 0; d < 6; d++) {
      const t = NEIGHBOR[at * 6 + d]!;
      if (this.height[t] !== 1 || this.pinned(t)) continue;
      const victim = this.top[t]!;
      if (victim === last || victim === other || (scorpions && this.bug[victim] === R)) continue;
      // Up onto the Pillbug: from t (height 0 once lifted) towards `at` (direction d + 3 from t).
      this.height[t] = 0;
      const up = this.canPass(t, (d + 3) % 6, 0);
      this.height[t] = 1;
      if (!up) continue;
      for (let e = 0; e < 6; e++) {
        const n = NEIGHBOR[at * 6 + e]!;
        if (n === t || this.height[n] !== 0) continue;
        // Down from on top of the Pillbug (height 1 under the lifted piece).
        if (this.canPass(at, e, 1)) this.add(out, victim, n);
      }
    }
  }
}
