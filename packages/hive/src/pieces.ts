/** Bug kinds, in the order UHP's expansions name them. */
export const BUGS = ['Q', 'S', 'B', 'G', 'A', 'M', 'L', 'P'] as const;
export type Bug = (typeof BUGS)[number];

export const BUG_NAMES: Readonly<Record<Bug, string>> = {
  Q: 'Queen Bee',
  S: 'Spider',
  B: 'Beetle',
  G: 'Grasshopper',
  A: 'Soldier Ant',
  M: 'Mosquito',
  L: 'Ladybug',
  P: 'Pillbug',
};

/** Tiles per colour, by bug. */
export const BUG_COUNTS: Readonly<Record<Bug, number>> = { Q: 1, S: 2, B: 2, G: 3, A: 3, M: 1, L: 1, P: 1 };

export const COLORS = ['w', 'b'] as const;
export type Color = (typeof COLORS)[number];

/** Pieces are numbered 0..13 per colour (White 0–13, Black 14–27) in this fixed order. */
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

const LAYOUT: readonly [Bug, number][] = [
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

export const PIECES: readonly PieceInfo[] = [0, 1].flatMap((color) =>
  LAYOUT.map(([bug, n], i) => ({
    id: color * PIECES_PER_COLOR + i,
    color: color as 0 | 1,
    bug,
    n,
    name: `${COLORS[color]}${bug}${n || ''}`,
  })),
);

export const BUG_INDEX: Readonly<Record<Bug, number>> = { Q: 0, S: 1, B: 2, G: 3, A: 4, M: 5, L: 6, P: 7 };
/** Bug index per piece id, for the hot path. */
export const PIECE_BUG = Uint8Array.from(PIECES.map((p) => BUG_INDEX[p.bug]));

export const pieceByName = (name: string): number => PIECES.findIndex((p) => p.name === name);
