import { BUG_COUNTS, type Flips, type FrontBug, type ReverseBug } from './bugs.js';

export { BUG_COUNTS, type Flips, FRONT_OF, type FrontBug, REVERSE_BUGS, type ReverseBug } from './bugs.js';

/**
 * Bug kinds: the eight of UHP's Base+MLP in UHP's order, then the seven printed
 * on their backs (issue 5), each at index `front + 7`.
 */
export const BUGS = ['Q', 'S', 'B', 'G', 'A', 'M', 'L', 'P', 'R', 'T', 'F', 'W', 'D', 'K', 'C'] as const;
export type Bug = (typeof BUGS)[number];

export const REVERSE_OF: Readonly<Record<FrontBug, ReverseBug>> = {
  S: 'R',
  B: 'T',
  G: 'F',
  A: 'W',
  M: 'D',
  L: 'K',
  P: 'C',
};

export const BUG_NAMES: Readonly<Record<Bug, string>> = {
  Q: 'Queen Bee',
  S: 'Spider',
  B: 'Beetle',
  G: 'Grasshopper',
  A: 'Soldier Ant',
  M: 'Mosquito',
  L: 'Ladybug',
  P: 'Pillbug',
  R: 'Scorpion',
  T: 'Mantis',
  F: 'Fly',
  W: 'Wasp',
  D: 'Dragonfly',
  K: 'Cockroach',
  C: 'Centipede',
};

export const COLORS = ['w', 'b'] as const;
export type Color = (typeof COLORS)[number];

/** Pieces are numbered 0..13 per colour (White 0–13, Black 14–27) in this fixed order of tiles. */
export const PIECES_PER_COLOR = 14;
export const PIECE_COUNT = 28;

export interface PieceInfo {
  readonly id: number;
  readonly color: 0 | 1;
  readonly bug: Bug;
  /** 1-based number of the tile among its kind; 0 for unique tiles (Queen, Mosquito, Ladybug, Pillbug). */
  readonly n: number;
  /** UHP name: `wQ`, `bS2`, `wM`. */
  readonly name: string;
}

/** The tile in each of a colour's 14 slots, by the bug on its front. */
const LAYOUT: readonly ['Q' | FrontBug, number][] = [
  ['Q', 0],
  ['S', 1],
  ['S', 2],
  ['B', 1],
  ['B', 2],
  ['G', 1],
  ['G', 2],
  ['G', 3],
  ['A', 1],
  ['A', 2],
  ['A', 3],
  ['M', 0],
  ['L', 0],
  ['P', 0],
];

/** The classic pieces (every tile on its front), as UHP names them. */
export const PIECES: readonly PieceInfo[] = [0, 1].flatMap((color) =>
  LAYOUT.map(([bug, n], i) => ({
    id: color * PIECES_PER_COLOR + i,
    color: color as 0 | 1,
    bug,
    n,
    name: `${COLORS[color]}${bug}${n || ''}`,
  })),
);

export const BUG_INDEX: Readonly<Record<Bug, number>> = Object.fromEntries(BUGS.map((b, i) => [b, i])) as Record<
  Bug,
  number
>;
/** Bug index per piece id on its front side. */
export const PIECE_BUG = Uint8Array.from(PIECES.map((p) => BUG_INDEX[p.bug]));

/** The id of a classic piece name (`wS1`), or -1. Rosters with reverse sides name tiles through `Roster`. */
export const pieceByName = (name: string): number => PIECES.findIndex((p) => p.name === name);

/**
 * The tiles of both players as a game shows them: the bug and name of each
 * piece id. Within a kind the front-side tiles come first, so the slots of
 * one bug stay consecutive and are placed in number order. A bug is numbered
 * when its owner has more than one tile able to show it (`wR1` even alone,
 * since two Spider tiles could show the Scorpion), as UHP numbers `wS1`.
 */
export class Roster {
  readonly bugs: Uint8Array;
  readonly names: readonly string[];
  readonly pieces: readonly PieceInfo[];
  private readonly byName: ReadonlyMap<string, number>;

  constructor(readonly flips: readonly [Flips, Flips]) {
    const pieces: PieceInfo[] = [];
    for (const color of [0, 1] as const) {
      const f = flips[color];
      let i = 0;
      for (const front of ['Q', 'S', 'B', 'G', 'A', 'M', 'L', 'P'] as const) {
        const total = BUG_COUNTS[front];
        const back = front === 'Q' ? 0 : (f[REVERSE_OF[front]] ?? 0);
        const sides: [Bug, number][] = [[front, total - back]];
        if (front !== 'Q') sides.push([REVERSE_OF[front], back]);
        for (const [bug, count] of sides)
          for (let k = 1; k <= count; k++) {
            const n = total > 1 ? k : 0;
            const id = color * PIECES_PER_COLOR + i++;
            pieces.push({ id, color, bug, n, name: `${COLORS[color]}${bug}${n || ''}` });
          }
      }
    }
    this.pieces = pieces;
    this.bugs = Uint8Array.from(pieces, (p) => BUG_INDEX[p.bug]);
    this.names = pieces.map((p) => p.name);
    this.byName = new Map(pieces.map((p) => [p.name, p.id]));
  }

  /** The piece id of a name in this roster, or -1. */
  idOf(name: string): number {
    return this.byName.get(name) ?? -1;
  }

  /** Whether any tile of this roster shows `bug`. */
  has(bug: Bug): boolean {
    return this.pieces.some((p) => p.bug === bug);
  }
}

export const CLASSIC_ROSTER = new Roster([{}, {}]);
