/*
 * The reverse sides and the tiles per colour: what a game type's text is read with (gametype.ts), apart from the
 * pieces' tables and rosters, so that reading options needs nothing else (options.ts).
 */

/** The seven reverse sides, in the order the extended GameTypeString lists them. */
export const REVERSE_BUGS = ['R', 'T', 'F', 'W', 'D', 'K', 'C'] as const;
export type ReverseBug = (typeof REVERSE_BUGS)[number];
export type FrontBug = 'S' | 'B' | 'G' | 'A' | 'M' | 'L' | 'P';

export const FRONT_OF: Readonly<Record<ReverseBug, FrontBug>> = {
  R: 'S',
  T: 'B',
  F: 'G',
  W: 'A',
  D: 'M',
  K: 'L',
  C: 'P',
};
/** Tiles per colour, by the bug on their front. */
export const BUG_COUNTS: Readonly<Record<'Q' | FrontBug, number>> = { Q: 1, S: 2, B: 2, G: 3, A: 3, M: 1, L: 1, P: 1 };

/** How many tiles of each kind show their reverse side, for one player. */
export type Flips = Readonly<Partial<Record<ReverseBug, number>>>;
