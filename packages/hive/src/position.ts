import { HEX_DIRECTIONS, type Outcome, Rng, type Searchable, type Seat } from '@qiyuan/core';
import type { Expansions } from './gametype.js';
import { BUG_INDEX, type Flips, PIECE_COUNT, PIECES_PER_COLOR, Roster } from './pieces.js';

/**
 * The board is a 32×32 grid of axial cells that wraps around, as Mzinga and
 * nokamute do: a hive of 28 tiles can never touch itself across the seam.
 */
export const GRID = 32;
export const CELLS = GRID * GRID;
export const cellOf = (q: number, r: number): number => (q & (GRID - 1)) | ((r & (GRID - 1)) << 5);
/** Axial coordinates of a cell, centred on the origin (−16…15). */
export const cellQ = (cell: number): number => (((cell & 31) + 16) & 31) - 16;
export const cellR = (cell: number): number => ((((cell >> 5) & 31) + 16) & 31) - 16;
export const ORIGIN = cellOf(0, 0);

/** `NEIGHBOR[cell * 6 + d]`, directions as in core's `HEX_DIRECTIONS` (E, NE, NW, W, SW, SE). */
export const NEIGHBOR = new Uint16Array(CELLS * 6);
for (let c = 0; c < CELLS; c++) {
  for (let d = 0; d < 6; d++) {
    const dir = HEX_DIRECTIONS[d]!;
    NEIGHBOR[c * 6 + d] = cellOf((c & 31) + dir.q, (c >> 5) + dir.r);
  }
}

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

/**
 * A move: 0 is a pass; otherwise `piece + 32 * destination + 32768 * kind + 1`.
 * Placements, moves and Pillbug throws are kind 0 (the tile that ends on
 * `destination`). The two-tile moves name the tile that acts: a Mantis's grab
 * (`to` is the cell of the tile it takes under itself), a Centipede's swap
 * (`to` is the cell of the tile it trades places with), a Dragonfly's carry
 * (`to` is where it lands with the tile it stood on).
 */
export type Move = number;
export const PASS: Move = 0;
export const MOVE_PLAIN = 0;
export const MOVE_GRAB = 1;
export const MOVE_SWAP = 2;
export const MOVE_CARRY = 3;
export const encodeMove = (piece: number, to: number, kind = 0): Move => piece + 32 * to + 32768 * kind + 1;
export const movePiece = (m: Move): number => (m - 1) & 31;
export const moveTo = (m: Move): number => ((m - 1) >> 5) & 1023;
export const moveKind = (m: Move): number => (m - 1) >> 15;

export interface HiveRules extends Expansions {
  /** No Queen on a player's first turn (UHP engines play this way; published perft tables assume it). */
  readonly tournamentOpening: boolean;
  /** The Dutch Pillbug sheet: a Pillbug moved by a Pillbug on its owner's previous turn may not use its ability. */
  readonly pillbugDutchRule: boolean;
  /** How many tiles of each kind show their reverse side, per colour (none by default). */
  readonly flips?: readonly [Flips, Flips];
}

const keys = Rng.fromSeed('hive-zobrist');
const KEY_CELL_LO = Uint32Array.from({ length: PIECE_COUNT * CELLS }, () => keys.uint32());
const KEY_CELL_HI = Uint32Array.from({ length: PIECE_COUNT * CELLS }, () => keys.uint32());
const KEY_HEIGHT_LO = Uint32Array.from({ length: PIECE_COUNT * 8 }, () => keys.uint32());
const KEY_HEIGHT_HI = Uint32Array.from({ length: PIECE_COUNT * 8 }, () => keys.uint32());
const KEY_SIDE_LO = keys.uint32();
const KEY_SIDE_HI = keys.uint32();

/**
 * The mutable Hive position: stacks as a top-piece grid plus a below-link per
 * piece, heights per cell, move lists and scratch arrays reused, an
 * incremental Zobrist hash. `generateMoves` lists each (piece, destination)
 * once, however many ways lead there.
 */
export class Position implements Searchable<Move> {
  readonly top = new Int8Array(CELLS).fill(-1);
  readonly height = new Uint8Array(CELLS);
  /** Cell of each piece, or -1 while in hand. */
  readonly pos = new Int16Array(PIECE_COUNT).fill(-1);
  /** The piece under each piece, or -1. */
  readonly below = new Int8Array(PIECE_COUNT).fill(-1);
  readonly inPlay: Uint8Array;
  side: Seat = 0;
  ply = 0;
  private lo = 0;
  private hi = 0;
  /** Per ply: the move, its origin cell (-1 for a placement or pass), and the piece a Pillbug threw (-1 if none). */
  private readonly moves: number[] = [];
  private readonly froms: number[] = [];
  private readonly thrown: number[] = [];
  /** Per ply: the second tile a grab, swap or carry displaced (-1 if none). */
  private readonly others: number[] = [];
  /** The bug each piece shows in this game (the roster), and the names that go with it. */
  readonly roster: Roster;
  readonly bug: Uint8Array;
  /** Whether either roster has a Scorpion: the immunity checks cost nothing in games without one. */
  private readonly scorpions: boolean;
  private readonly buffers: number[][] = [];
  // Scratch, reused by every generation.
  private readonly seen = new Uint32Array(PIECE_COUNT * CELLS);
  private seenStamp = 0;
  private readonly mark = new Uint32Array(CELLS);
  private markStamp = 0;
  private readonly cut = new Uint8Array(CELLS);
  private readonly disc = new Int16Array(CELLS);
  private readonly low = new Int16Array(CELLS);
  private readonly queue = new Uint16Array(CELLS);
  private readonly hand = new Int8Array(PIECES_PER_COLOR);
  private readonly cells = new Uint16Array(CELLS);
  private readonly dfsCell = new Uint16Array(CELLS);
  private readonly dfsDir = new Uint8Array(CELLS);
  private readonly dfsParent = new Int16Array(CELLS);
  /** Movement targets gathered while counting (bulk perft); reused. */
  private readonly scratch: number[] = [];

  constructor(
    readonly rules: HiveRules,
    roster?: Roster,
  ) {
    this.roster = roster ?? new Roster(rules.flips ?? [{}, {}]);
    this.bug = this.roster.bugs;
    this.inPlay = new Uint8Array(PIECE_COUNT);
    for (let id = 0; id < PIECE_COUNT; id++) {
      // The slot decides the expansion: the Mosquito tile is in play with +M whichever side it shows.
      const slot = id % PIECES_PER_COLOR;
      this.inPlay[id] = slot === 11 ? +rules.mosquito : slot === 12 ? +rules.ladybug : slot === 13 ? +rules.pillbug : 1;
    }
    let scorpions = false;
    for (let id = 0; id < PIECE_COUNT; id++) if (this.inPlay[id] && this.bug[id] === R) scorpions = true;
    this.scorpions = scorpions;
  }

  /** The UHP name of a piece in this game (`wS1`, `bR2`). */
  nameOf(piece: number): string {
    return this.roster.names[piece]!;
  }

  clone(): Position {
    const p = new Position(this.rules, this.roster);
    p.top.set(this.top);
    p.height.set(this.height);
    p.pos.set(this.pos);
    p.below.set(this.below);
    p.side = this.side;
    p.ply = this.ply;
    p.lo = this.lo;
    p.hi = this.hi;
    p.moves.push(...this.moves);
    p.froms.push(...this.froms);
    p.thrown.push(...this.thrown);
    p.others.push(...this.others);
    return p;
  }

  hashLo(): number {
    return this.lo >>> 0;
  }
  hashHi(): number {
    return this.hi >>> 0;
  }

  private toggle(piece: number, cell: number, level: number): void {
    this.lo ^= KEY_CELL_LO[piece * CELLS + cell]! ^ KEY_HEIGHT_LO[piece * 8 + (level & 7)]!;
    this.hi ^= KEY_CELL_HI[piece * CELLS + cell]! ^ KEY_HEIGHT_HI[piece * 8 + (level & 7)]!;
  }

  private lift(piece: number): number {
    const from = this.pos[piece]!;
    const h = this.height[from]!;
    this.toggle(piece, from, h);
    this.top[from] = this.below[piece]!;
    this.height[from] = h - 1;
    this.below[piece] = -1;
    this.pos[piece] = -1;
    return from;
  }

  private drop(piece: number, to: number): void {
    this.below[piece] = this.top[to]!;
    this.top[to] = piece;
    const h = this.height[to]! + 1;
    this.height[to] = h;
    this.pos[piece] = to;
    this.toggle(piece, to, h);
  }

  /**
   * Puts a tile on a cell outside the rules (building test and analysis
   * positions); keeps the hash right. `plies` sets how far the game is, so
   * that the turn-number rules see a game in progress.
   */
  place(piece: number, cell: number): void {
    if (this.pos[piece]! >= 0) this.lift(piece);
    this.drop(piece, cell);
  }

  setTurn(side: Seat, plies: number): void {
    if (side !== this.side) {
      this.lo ^= KEY_SIDE_LO;
      this.hi ^= KEY_SIDE_HI;
    }
    this.side = side;
    this.ply = plies;
  }

  /** Where the first tile of the game goes. */
  placementAnchor(): number {
    return ORIGIN;
  }

  lastMove(): Move | undefined {
    return this.moves.at(-1);
  }

  moveHistory(): readonly Move[] {
    return this.moves;
  }

  /** The origin of the ply `ply` (-1 for a placement or a pass). */
  originOf(ply: number): number {
    return this.froms[ply] ?? -1;
  }

  /** The piece that moved (or was placed, or acted) on the last ply; -1 after a pass or at the start. */
  private lastMoved(): number {
    const m = this.moves.at(-1);
    return m === undefined || m === PASS ? -1 : movePiece(m);
  }

  /** The second tile the last ply displaced (grabbed, swapped or carried); -1 if none. */
  private lastOther(): number {
    return this.others.length ? this.others[this.others.length - 1]! : -1;
  }

  /** The tile a grab, swap or carry moves along with the acting piece (before the move is made). */
  otherOf(m: Move): number {
    const kind = moveKind(m);
    if (kind === MOVE_GRAB || kind === MOVE_SWAP) return this.top[moveTo(m)]!;
    if (kind === MOVE_CARRY) return this.below[movePiece(m)]!;
    return -1;
  }

  queenCell(color: number): number {
    return this.pos[color * PIECES_PER_COLOR]!;
  }

  private surrounded(cell: number): boolean {
    if (cell < 0) return false;
    for (let d = 0; d < 6; d++) if (this.height[NEIGHBOR[cell * 6 + d]!] === 0) return false;
    return true;
  }

  outcome(): Outcome | undefined {
    const w = this.surrounded(this.queenCell(0));
    const b = this.surrounded(this.queenCell(1));
    if (w && b) return { reason: 'both-queens-surrounded', results: ['draw', 'draw'] };
    if (w) return { reason: 'queen-surrounded', results: ['loss', 'win'] };
    if (b) return { reason: 'queen-surrounded', results: ['win', 'loss'] };
    return undefined;
  }

  sideToMove(): Seat {
    return this.outcome() ? -1 : this.side;
  }

  makeMove(m: Move): void {
    let from = -1;
    let thrown = -1;
    let other = -1;
    if (m !== PASS) {
      const piece = movePiece(m);
      const to = moveTo(m);
      const kind = (m - 1) >> 15;
      if (kind === MOVE_PLAIN) {
        if (this.pos[piece]! >= 0) {
          // Only the Dutch rule needs to know whether the move was a Pillbug's throw.
          if (this.rules.pillbugDutchRule && !this.canReachItself(piece, to)) thrown = piece;
          from = this.lift(piece);
        }
        this.drop(piece, to);
      } else {
        other = this.twoTiles(kind, piece, to);
        from = this.pos[piece]!;
        if (kind === MOVE_SWAP || kind === MOVE_CARRY) from = this.otherFrom;
      }
    }
    this.moves.push(m);
    this.froms.push(from);
    this.thrown.push(thrown);
    this.others.push(other);
    this.side = 1 - this.side;
    this.ply++;
    this.lo ^= KEY_SIDE_LO;
    this.hi ^= KEY_SIDE_HI;
  }

  unmakeMove(): void {
    const m = this.moves.pop();
    const from = this.froms.pop();
    this.thrown.pop();
    const other = this.others.pop();
    if (m === undefined || from === undefined) return;
    this.side = 1 - this.side;
    this.ply--;
    this.lo ^= KEY_SIDE_LO;
    this.hi ^= KEY_SIDE_HI;
    if (m === PASS) return;
    const piece = movePiece(m);
    const kind = (m - 1) >> 15;
    if (kind === MOVE_PLAIN) {
      this.lift(piece);
      if (from >= 0) this.drop(piece, from);
      return;
    }
    const to = moveTo(m);
    this.lift(piece);
    this.lift(other!);
    if (kind === MOVE_GRAB) {
      // The grabbed tile goes back to its cell; the Mantis down onto the ground where it stood.
      this.drop(other!, to);
      this.drop(piece, from);
    } else if (kind === MOVE_SWAP) {
      this.drop(piece, from);
      this.drop(other!, to);
    } else {
      this.drop(other!, from);
      this.drop(piece, from);
    }
  }

  /** Where the acting piece of the last two-tile move started (set by `twoTiles`). */
  private otherFrom = -1;

  /** Makes a grab, swap or carry; returns the second tile it displaced. */
  private twoTiles(kind: number, piece: number, to: number): number {
    if (kind === MOVE_GRAB) {
      // The grabbed tile passes under the Mantis, which stays where it is.
      const victim = this.top[to]!;
      const at = this.lift(piece);
      this.lift(victim);
      this.drop(victim, at);
      this.drop(piece, at);
      return victim;
    }
    if (kind === MOVE_SWAP) {
      const victim = this.top[to]!;
      const at = this.lift(piece);
      this.lift(victim);
      this.drop(piece, to);
      this.drop(victim, at);
      this.otherFrom = at;
      return victim;
    }
    // A carry: the Dragonfly lands with the tile it stood on beneath it.
    const carried = this.below[piece]!;
    const at = this.lift(piece);
    this.lift(carried);
    this.drop(carried, to);
    this.drop(piece, to);
    this.otherFrom = at;
    return carried;
  }

  /** Whether an own piece could make this move by itself (else the mover's Pillbug threw it). */
  private canReachItself(piece: number, to: number): boolean {
    if (piece >= PIECES_PER_COLOR !== (this.side === 1)) return false;
    const out: number[] = [];
    this.nextSeenStamp();
    this.pieceMoves(piece, out, this.computeCuts());
    return out.includes(encodeMove(piece, to));
  }

  /** The legal moves of the side to move; the array is reused (valid until the next make/unmake). */
  generateMoves(): readonly Move[] {
    let out = this.buffers[this.ply];
    if (!out) {
      out = [];
      this.buffers[this.ply] = out;
    }
    out.length = 0;
    if (this.outcome()) return out;
    this.nextSeenStamp();
    const handCount = this.fillHand();
    if (handCount) {
      const cellCount = this.placementCells(this.side);
      const hand = this.hand;
      const cells = this.cells;
      for (let c = 0; c < cellCount; c++) {
        const t = cells[c]!;
        for (let i = 0; i < handCount; i++) out.push(encodeMove(hand[i]!, t));
      }
    }
    this.movements(out);
    if (out.length === 0) out.push(PASS);
    return out;
  }

  /**
   * The number of legal moves (a forced pass counts as one), without
   * listing the placements: perft's bulk count at the last ply.
   */
  countMoves(): number {
    if (this.outcome()) return 0;
    this.nextSeenStamp();
    const handCount = this.fillHand();
    let n = handCount ? handCount * this.placementCells(this.side) : 0;
    // The scratch list only grows between occasional resets: its length need not be cleared per node.
    const out = this.scratch;
    if (out.length > 4096) out.length = 0;
    const start = out.length;
    this.movements(out);
    n += out.length - start;
    return n === 0 ? 1 : n;
  }

  /** A fresh stamp for the per-generation dedup, and room for the few `mark` stamps a generation takes. */
  private nextSeenStamp(): void {
    this.seenStamp++;
    if (this.seenStamp >= 0xffffffff) {
      this.seen.fill(0);
      this.seenStamp = 1;
    }
    if (this.markStamp >= 0xfffff000) {
      this.mark.fill(0);
      this.markStamp = 0;
    }
  }

  /** Whether the side to move may move tiles this turn (its Queen is in play and not still owed). */
  private mayMove(): boolean {
    const base = this.side * PIECES_PER_COLOR;
    return this.pos[base]! >= 0;
  }

  /** Fills `hand` with the tiles the side to move may place (the lowest-numbered of each kind); returns how many. */
  private fillHand(): number {
    const base = this.side * PIECES_PER_COLOR;
    const turn = (this.ply >> 1) + 1;
    const mustPlaceQueen = turn === 4 && this.pos[base]! < 0;
    let n = 0;
    const pos = this.pos;
    const inPlay = this.inPlay;
    const bug = this.bug;
    for (let i = 0; i < PIECES_PER_COLOR; i++) {
      const id = base + i;
      if (!inPlay[id] || pos[id]! >= 0) continue;
      if (i > 0 && bug[id - 1] === bug[id] && pos[id - 1]! < 0) continue;
      if (bug[id] === Q ? turn === 1 && this.rules.tournamentOpening : mustPlaceQueen) continue;
      this.hand[n++] = id;
    }
    return n;
  }

  /** Appends the movements (and abilities) of the side to move. */
  private movements(out: number[]): void {
    if (!this.mayMove()) return;
    const base = this.side * PIECES_PER_COLOR;
    const cuts = this.computeCuts();
    // The tiles the opponent's last move displaced: one of ours among them (thrown, swapped) may not act.
    const last = this.lastMoved();
    const other = this.lastOther();
    for (let i = 0; i < PIECES_PER_COLOR; i++) {
      const id = base + i;
      const at = this.pos[id]!;
      if (at < 0 || this.top[at] !== id || id === last || id === other) continue;
      this.pieceMoves(id, out, cuts);
    }
  }

  /** Fills `cells` with the spaces where the side to move may place; returns how many. */
  private placementCells(color: number): number {
    const cells = this.cells;
    if (this.ply === 0) {
      cells[0] = ORIGIN;
      return 1;
    }
    if (this.ply === 1) {
      const first = this.pos[movePiece(this.moves[0]!)]!;
      for (let d = 0; d < 6; d++) cells[d] = NEIGHBOR[first * 6 + d]!;
      return 6;
    }
    let count = 0;
    // Two stamps: `stamp` marks spaces beside an opponent's tile (forbidden), `stamp + 1` spaces already taken.
    const stamp = this.markStamp + 1;
    this.markStamp = stamp + 1;
    const mark = this.mark;
    const pos = this.pos;
    const top = this.top;
    const height = this.height;
    const other = (1 - color) * PIECES_PER_COLOR;
    for (let id = other; id < other + PIECES_PER_COLOR; id++) {
      const at = pos[id]!;
      if (at < 0 || top[at] !== id) continue;
      const k = at * 6;
      mark[NEIGHBOR[k]!] = stamp;
      mark[NEIGHBOR[k + 1]!] = stamp;
      mark[NEIGHBOR[k + 2]!] = stamp;
      mark[NEIGHBOR[k + 3]!] = stamp;
      mark[NEIGHBOR[k + 4]!] = stamp;
      mark[NEIGHBOR[k + 5]!] = stamp;
    }
    const base = color * PIECES_PER_COLOR;
    for (let id = base; id < base + PIECES_PER_COLOR; id++) {
      const at = pos[id]!;
      if (at < 0 || top[at] !== id) continue;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOR[at * 6 + d]!;
        if (height[n] !== 0 || mark[n]! >= stamp) continue;
        mark[n] = stamp + 1;
        cells[count++] = n;
      }
    }
    return count;
  }

  /** Marks the cells whose stack of height 1 cannot leave without splitting the hive (articulation points). */
  private computeCuts(): Uint8Array {
    const cut = this.cut;
    cut.fill(0);
    let root = -1;
    for (let id = 0; id < PIECE_COUNT; id++) {
      if (this.pos[id]! >= 0) {
        root = this.pos[id]!;
        break;
      }
    }
    if (root < 0) return cut;
    const stamp = ++this.markStamp;
    // Iterative Tarjan: `disc`/`low` indexed by cell, `mark` says visited.
    const stackCell = this.dfsCell;
    const stackDir = this.dfsDir;
    const parent = this.dfsParent;
    let sp = 0;
    stackCell[0] = root;
    stackDir[0] = 0;
    parent[0] = -1;
    sp = 1;
    let time = 0;
    this.mark[root] = stamp;
    this.disc[root] = this.low[root] = time++;
    let rootChildren = 0;
    while (sp > 0) {
      const top = sp - 1;
      const c = stackCell[top]!;
      const d = stackDir[top]!;
      if (d < 6) {
        stackDir[top] = d + 1;
        const n = NEIGHBOR[c * 6 + d]!;
        if (this.height[n] === 0) continue;
        if (this.mark[n] !== stamp) {
          this.mark[n] = stamp;
          this.disc[n] = this.low[n] = time++;
          stackCell[sp] = n;
          stackDir[sp] = 0;
          parent[sp] = c;
          sp++;
          if (c === root) rootChildren++;
        } else if (n !== parent[top]) {
          if (this.disc[n]! < this.low[c]!) this.low[c] = this.disc[n]!;
        }
      } else {
        sp--;
        const p = parent[sp]!;
        if (p >= 0) {
          if (this.low[c]! < this.low[p]!) this.low[p] = this.low[c]!;
          if (p !== root && this.low[c]! >= this.disc[p]!) cut[p] = 1;
        }
      }
    }
    if (rootChildren > 1) cut[root] = 1;
    return cut;
  }

  private add(out: number[], piece: number, to: number): void {
    const k = piece * CELLS + to;
    if (this.seen[k] === this.seenStamp) return;
    this.seen[k] = this.seenStamp;
    out.push(encodeMove(piece, to));
  }

  /**
   * Whether a piece may pass from `a` to its neighbour in direction `d`, with
   * `ha` the height left at `a` and the heights as they stand: the gate of
   * the two shared neighbours must not both be higher than the path, and a
   * move along the ground must keep touching the hive.
   */
  private canPass(a: number, d: number, ha: number): boolean {
    const b = NEIGHBOR[a * 6 + d]!;
    const g1 = this.height[NEIGHBOR[a * 6 + ((d + 1) % 6)]!]!;
    const g2 = this.height[NEIGHBOR[a * 6 + ((d + 5) % 6)]!]!;
    const level = Math.max(ha, this.height[b]!);
    if (g1 > level && g2 > level) return false;
    if (level === 0 && g1 === 0 && g2 === 0) return false;
    return true;
  }

  /** Whether the stack at `cell` is topped by a Scorpion, which nothing may climb onto, pass over or move. */
  private scorpionAt(cell: number): boolean {
    const t = this.top[cell]!;
    return t >= 0 && this.bug[t] === R;
  }

  /**
   * Appends the moves of one piece: its own movement and its ability (a
   * Pillbug's throw, a Mantis's grab, a Centipede's swap), or for a Mosquito
   * on the ground those of every bug it touches.
   */
  private pieceMoves(id: number, out: number[], cuts: Uint8Array): void {
    const at = this.pos[id]!;
    const h = this.height[at]!;
    const pinnedToHive = h === 1 && cuts[at] === 1;
    const bug = this.bug;
    let bugs = 1 << bug[id]!;
    if (bug[id] === M) {
      if (h > 1) bugs = 1 << B;
      else {
        bugs = 0;
        for (let d = 0; d < 6; d++) {
          const t = this.top[NEIGHBOR[at * 6 + d]!]!;
          if (t >= 0 && bug[t] !== M) bugs |= 1 << bug[t]!;
        }
      }
    }
    // The Mantis walks only from on top of the hive (as a Beetle); on the ground it grabs instead.
    if (bugs & (1 << T)) {
      if (h > 1) bugs = (bugs & ~(1 << T)) | (1 << B);
      else bugs &= ~(1 << T);
    }
    if (!pinnedToHive && bugs) {
      // Lift the piece for the search so that it neither blocks nor supports its own path.
      const from = this.lift(id);
      const ha = h - 1;
      if (bugs & ((1 << Q) | (1 << P) | (1 << C))) this.slides(id, from, out);
      if (bugs & ((1 << S) | (1 << R))) this.spider(id, from, out);
      if (bugs & (1 << A)) this.ant(id, from, out);
      if (bugs & (1 << B)) this.beetle(id, from, ha, out);
      if (bugs & (1 << G)) this.grasshopper(id, from, out);
      if (bugs & (1 << L)) this.ladybug(id, from, out);
      if (bugs > 0xff) {
        if (bugs & (1 << F)) this.fly(id, from, out);
        if (bugs & (1 << W)) this.wasp(id, from, out);
        if (bugs & (1 << K)) this.cockroach(id, from, out);
        if (bugs & (1 << D)) this.dragonfly(id, from, ha, out, cuts);
      }
      this.drop(id, from);
    }
    if (h !== 1) return;
    if (bugs & (1 << P)) this.pillbugThrows(id, at, out, cuts);
    if (bug[id] === T || (bug[id] === M && this.touches(at, T))) this.grabs(id, at, out, cuts);
    if (bugs & (1 << C)) this.swaps(id, at, out);
  }

  /** Whether a tile showing `kind` tops a stack next to `at`. */
  private touches(at: number, kind: number): boolean {
    for (let d = 0; d < 6; d++) {
      const t = this.top[NEIGHBOR[at * 6 + d]!]!;
      if (t >= 0 && this.bug[t] === kind) return true;
    }
    return false;
  }

  private slides(id: number, from: number, out: number[]): void {
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[from * 6 + d]!;
      if (this.height[n] === 0 && this.canPass(from, d, 0)) this.add(out, id, n);
    }
  }

  private spider(id: number, from: number, out: number[]): void {
    for (let d1 = 0; d1 < 6; d1++) {
      const c1 = NEIGHBOR[from * 6 + d1]!;
      if (this.height[c1] !== 0 || !this.canPass(from, d1, 0)) continue;
      for (let d2 = 0; d2 < 6; d2++) {
        const c2 = NEIGHBOR[c1 * 6 + d2]!;
        if (c2 === from || this.height[c2] !== 0 || !this.canPass(c1, d2, 0)) continue;
        for (let d3 = 0; d3 < 6; d3++) {
          const c3 = NEIGHBOR[c2 * 6 + d3]!;
          if (c3 === from || c3 === c1 || this.height[c3] !== 0 || !this.canPass(c2, d3, 0)) continue;
          this.add(out, id, c3);
        }
      }
    }
  }

  private ant(id: number, from: number, out: number[]): void {
    const stamp = ++this.markStamp;
    this.mark[from] = stamp;
    let head = 0;
    let tail = 0;
    this.queue[tail++] = from;
    while (head < tail) {
      const c = this.queue[head++]!;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOR[c * 6 + d]!;
        if (this.mark[n] === stamp || this.height[n] !== 0 || !this.canPass(c, d, 0)) continue;
        this.mark[n] = stamp;
        this.queue[tail++] = n;
        this.add(out, id, n);
      }
    }
  }

  private beetle(id: number, from: number, ha: number, out: number[]): void {
    const scorpions = this.scorpions;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[from * 6 + d]!;
      if (scorpions && this.scorpionAt(n)) continue;
      if (this.canPass(from, d, ha)) this.add(out, id, n);
    }
  }

  private grasshopper(id: number, from: number, out: number[]): void {
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

  private ladybug(id: number, from: number, out: number[]): void {
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

  /** Marks (with a fresh stamp) and lists in `cells` the empty ground cells next to the hive; returns how many. */
  private emptyAround(from: number): number {
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
  private fly(id: number, from: number, out: number[]): void {
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
  private wasp(id: number, from: number, out: number[]): void {
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
  private cockroach(id: number, from: number, out: number[]): void {
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
  private dragonfly(id: number, from: number, ha: number, out: number[], cuts: Uint8Array): void {
    const carried = ha > 0 ? this.top[from]! : -1;
    const carry = carried >= 0 && this.bug[carried] !== D && (ha > 1 || cuts[from] !== 1) && this.bug[id] === D;
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
  private addKind(out: number[], piece: number, to: number, kind: number): void {
    const k = piece * CELLS + to;
    if (this.seen[k] === this.seenStamp) return;
    this.seen[k] = this.seenStamp;
    out.push(encodeMove(piece, to, kind));
  }

  /**
   * Whether the lone tile at `t` (next to the acting piece) may be taken by an
   * ability: not a Scorpion, not a tile the opponent's last move displaced.
   */
  private takeable(t: number): boolean {
    if (this.height[t] !== 1) return false;
    const victim = this.top[t]!;
    return this.bug[victim] !== R && victim !== this.lastMoved() && victim !== this.lastOther();
  }

  /** Whether one of the two cells next to both `at` and its neighbour in direction `d` is empty. */
  private sharedGap(at: number, d: number): boolean {
    return this.height[NEIGHBOR[at * 6 + ((d + 1) % 6)]!] === 0 || this.height[NEIGHBOR[at * 6 + ((d + 5) % 6)]!] === 0;
  }

  /** The Mantis on the ground: a lone neighbour, through a shared empty space, goes under it (rulings 21–22). */
  private grabs(id: number, at: number, out: number[], cuts: Uint8Array): void {
    for (let d = 0; d < 6; d++) {
      const t = NEIGHBOR[at * 6 + d]!;
      if (!this.takeable(t) || cuts[t] === 1 || !this.sharedGap(at, d)) continue;
      out.push(encodeMove(id, t, MOVE_GRAB));
    }
  }

  /** The Centipede's swap with a lone neighbour through a shared empty space (ruling 25). */
  private swaps(id: number, at: number, out: number[]): void {
    for (let d = 0; d < 6; d++) {
      const t = NEIGHBOR[at * 6 + d]!;
      if (!this.takeable(t) || !this.sharedGap(at, d)) continue;
      const b = this.bug[this.top[t]!]!;
      if (b === C || b === P) continue;
      out.push(encodeMove(id, t, MOVE_SWAP));
    }
  }

  /** The Pillbug's ability: lift an adjacent unstacked piece over itself onto an empty neighbour. */
  private pillbugThrows(id: number, at: number, out: number[], cuts: Uint8Array): void {
    const last = this.lastMoved();
    const other = this.lastOther();
    if (id === last) return;
    if (this.rules.pillbugDutchRule && this.thrown[this.thrown.length - 2] === id) return;
    const scorpions = this.scorpions;
    for (let d = 0; d < 6; d++) {
      const t = NEIGHBOR[at * 6 + d]!;
      if (this.height[t] !== 1 || cuts[t] === 1) continue;
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

  /** Leaf count at `depth`, bulk-counting the last ply. */
  perft(depth: number): number {
    if (depth === 0) return 1;
    if (depth === 1) return this.countMoves();
    // The list belongs to this ply; deeper plies use their own buffers.
    const moves = this.generateMoves();
    const n = moves.length;
    let total = 0;
    for (let i = 0; i < n; i++) {
      this.makeMove(moves[i]!);
      total += this.perft(depth - 1);
      this.unmakeMove();
    }
    return total;
  }
}
