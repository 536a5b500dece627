/**
 * A deliberately plain Hive position for cross-checking the engine: a Map from axial cells to stacks of piece names,
 * copied on every move. Nothing here is shared with the engine; each rule is written from the rule text and the
 * rulings in docs/rules/hive.md, in the most obvious way.
 */
import type { Colour, RefGameType } from './gametype.js';

export interface Hex {
  readonly q: number;
  readonly r: number;
}

/** E, NE, NW, W, SW, SE: neighbouring directions are neighbouring indices (mod 6). */
export const DIRS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

export const ORIGIN: Hex = { q: 0, r: 0 };
export const cellKey = (h: Hex): string => `${h.q},${h.r}`;
export const step = (h: Hex, dir: number): Hex => {
  const d = DIRS[((dir % 6) + 6) % 6]!;
  return { q: h.q + d.q, r: h.r + d.r };
};
export const same = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;
export const neighbours = (h: Hex): Hex[] => DIRS.map((_, i) => step(h, i));
export const adjacent = (a: Hex, b: Hex): boolean => neighbours(a).some((n) => same(n, b));
/** The direction index from a to its neighbour b. */
export const dirTo = (a: Hex, b: Hex): number => DIRS.findIndex((d) => a.q + d.q === b.q && a.r + d.r === b.r);

export const colourOf = (piece: string): Colour => piece[0] as Colour;
export const bugOf = (piece: string): string => piece[1]!;

export type MoveKind = 'pass' | 'place' | 'move' | 'throw' | 'grab' | 'carry' | 'swap';

/**
 * One move. `piece` ends on `to`; `other` is the second tile a move displaces (the tile a Pillbug throws is `piece`
 * itself, with `by` the thrower). Its identity is `moveKey`: where every displaced tile ends (cell and level).
 */
export interface RefMove {
  readonly kind: MoveKind;
  readonly piece: string;
  readonly to: Hex;
  readonly other?: { readonly piece: string; readonly to: Hex };
  readonly by?: string;
}

export const PASS_MOVE: RefMove = { kind: 'pass', piece: '', to: ORIGIN };

export class RefPosition {
  private constructor(
    readonly type: RefGameType,
    readonly stacks: Map<string, string[]>,
    readonly at: Map<string, Hex>,
    readonly hand: Record<Colour, string[]>,
    readonly ply: number,
    /** Every tile the previous move displaced (placed, moved, thrown, grabbed, carried, swapped). */
    readonly lastMoved: ReadonlySet<string>,
    /** Tiles the opponent's ability displaced on the previous move (thrown, swapped): they neither move nor act this turn. */
    readonly frozen: ReadonlySet<string>,
  ) {}

  static start(type: RefGameType): RefPosition {
    return new RefPosition(
      type,
      new Map(),
      new Map(),
      { w: [...type.rosters.w], b: [...type.rosters.b] },
      0,
      new Set(),
      new Set(),
    );
  }

  /**
   * A position laid out by hand, for rule tests: `board` maps `q,r` to the stack there, bottom first; the tiles not on
   * the board are in hand. `lastMoved` and `frozen` stand for what the previous move did.
   */
  static setup(
    type: RefGameType,
    board: Readonly<Record<string, readonly string[]>>,
    ply: number,
    lastMoved: readonly string[] = [],
    frozen: readonly string[] = [],
  ): RefPosition {
    const p = RefPosition.start(type);
    for (const [k, stack] of Object.entries(board)) {
      const [q, r] = k.split(',').map(Number);
      for (const piece of stack) {
        const hand = p.hand[colourOf(piece)];
        if (!hand.includes(piece)) throw new Error(`${piece} is not in the roster or used twice`);
        hand.splice(hand.indexOf(piece), 1);
        p.drop(piece, { q: q!, r: r! });
      }
    }
    return new RefPosition(type, p.stacks, p.at, p.hand, ply, new Set(lastMoved), new Set(frozen));
  }

  get toMove(): Colour {
    return this.ply % 2 === 0 ? 'w' : 'b';
  }

  /** The side's own turn number, 1 for its first. */
  turnOf(colour: Colour): number {
    return Math.floor(this.ply / 2) + (colour === 'w' || this.ply % 2 === 1 ? 1 : 0);
  }

  height(h: Hex): number {
    return this.stacks.get(cellKey(h))?.length ?? 0;
  }

  occupied(h: Hex): boolean {
    return this.height(h) > 0;
  }

  top(h: Hex): string | undefined {
    const s = this.stacks.get(cellKey(h));
    return s?.[s.length - 1];
  }

  /** 0 for a tile on the ground, 1 for one on top of one tile, … */
  levelOf(piece: string): number {
    const h = this.at.get(piece);
    return h ? this.stacks.get(cellKey(h))!.indexOf(piece) : -1;
  }

  isTop(piece: string): boolean {
    const h = this.at.get(piece);
    return h !== undefined && this.top(h) === piece;
  }

  cells(): Hex[] {
    return [...this.stacks.keys()].map((k) => {
      const [q, r] = k.split(',').map(Number);
      return { q: q!, r: r! };
    });
  }

  /** Whether the tiles on the board form one group when `without` (cells whose stacks are ignored) are taken away. */
  connected(without: readonly Hex[] = []): boolean {
    const skip = new Set(without.map(cellKey));
    const cells = this.cells().filter((c) => !skip.has(cellKey(c)));
    if (cells.length === 0) return true;
    const seen = new Set([cellKey(cells[0]!)]);
    const queue = [cells[0]!];
    while (queue.length > 0) {
      const c = queue.pop()!;
      for (const n of neighbours(c)) {
        const k = cellKey(n);
        if (!seen.has(k) && !skip.has(k) && this.occupied(n)) {
          seen.add(k);
          queue.push(n);
        }
      }
    }
    return seen.size === cells.length;
  }

  /** Whether lifting the tile off the board keeps one hive (a tile on a stack always may be lifted). */
  canLift(piece: string): boolean {
    const h = this.at.get(piece)!;
    return this.height(h) > 1 || this.connected([h]);
  }

  queenSurrounded(colour: Colour): boolean {
    const q = this.at.get(`${colour}Q`);
    return q !== undefined && neighbours(q).every((n) => this.occupied(n));
  }

  isOver(): boolean {
    return this.queenSurrounded('w') || this.queenSurrounded('b');
  }

  /** A copy with the stacks copied too, for the moves to mutate. */
  private copy(ply: number, lastMoved: Set<string>, frozen: Set<string>): RefPosition {
    return new RefPosition(
      this.type,
      new Map([...this.stacks].map(([k, s]) => [k, [...s]])),
      new Map(this.at),
      { w: [...this.hand.w], b: [...this.hand.b] },
      ply,
      lastMoved,
      frozen,
    );
  }

  /** Takes a tile off its cell (it must be on top there). */
  private lift(piece: string): void {
    const h = this.at.get(piece)!;
    const s = this.stacks.get(cellKey(h))!;
    if (s[s.length - 1] !== piece) throw new Error(`${piece} is not on top`);
    s.pop();
    if (s.length === 0) this.stacks.delete(cellKey(h));
    this.at.delete(piece);
  }

  private drop(piece: string, h: Hex, level?: number): void {
    const k = cellKey(h);
    const s = this.stacks.get(k) ?? [];
    s.splice(level ?? s.length, 0, piece);
    this.stacks.set(k, s);
    this.at.set(piece, h);
  }

  /** Runs `body` with the tile lifted off the board, then puts it back exactly where it was. */
  withLifted<T>(piece: string, body: () => T): T {
    const h = this.at.get(piece)!;
    const level = this.levelOf(piece);
    const s = this.stacks.get(cellKey(h))!;
    s.splice(level, 1);
    if (s.length === 0) this.stacks.delete(cellKey(h));
    this.at.delete(piece);
    try {
      return body();
    } finally {
      this.drop(piece, h, level);
    }
  }

  /** Where each displaced tile ends, as `piece@q,r^level` sorted: two moves with the same key are one move. */
  keyOf(move: RefMove): string {
    if (move.kind === 'pass') return 'pass';
    const after = this.play(move);
    const moved = [move.piece, ...(move.other ? [move.other.piece] : [])].sort();
    return moved.map((p) => `${p}@${cellKey(after.at.get(p)!)}^${after.levelOf(p)}`).join('|');
  }

  play(move: RefMove): RefPosition {
    const displaced = new Set<string>();
    const frozen = new Set<string>();
    const next = this.copy(this.ply + 1, displaced, frozen);
    if (move.kind === 'pass') return next;
    displaced.add(move.piece);
    switch (move.kind) {
      case 'place': {
        const hand = next.hand[colourOf(move.piece)];
        hand.splice(hand.indexOf(move.piece), 1);
        next.drop(move.piece, move.to);
        break;
      }
      case 'move':
        next.lift(move.piece);
        next.drop(move.piece, move.to);
        break;
      case 'throw':
        next.lift(move.piece);
        next.drop(move.piece, move.to);
        frozen.add(move.piece);
        break;
      case 'grab': {
        // The Mantis stays; the grabbed tile goes under it.
        const mantis = this.at.get(move.piece)!;
        const grabbed = move.other!.piece;
        displaced.add(grabbed);
        next.lift(grabbed);
        next.drop(grabbed, mantis, 0);
        break;
      }
      case 'carry': {
        const carried = move.other!.piece;
        displaced.add(carried);
        next.lift(move.piece);
        next.lift(carried);
        next.drop(carried, move.to);
        next.drop(move.piece, move.to);
        break;
      }
      case 'swap': {
        const other = move.other!.piece;
        displaced.add(other);
        // Like a tile the opponent's Pillbug threw, a tile the opponent's Centipede swapped sits out a turn.
        if (colourOf(other) !== colourOf(move.piece)) frozen.add(other);
        next.lift(move.piece);
        next.lift(other);
        next.drop(move.piece, move.to);
        next.drop(other, move.other!.to);
        break;
      }
    }
    return next;
  }
}
