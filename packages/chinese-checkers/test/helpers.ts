import { unwrap } from '@qiyuan/core';
import {
  type ChineseCheckersGame,
  type ChineseCheckersOptions,
  createGame,
  DEFAULT_OPTIONS,
  type Layout,
  type Move,
  POINTS,
  pointAt,
  pointName,
} from '../src/index.js';

export const opts = (o: Partial<ChineseCheckersOptions> = {}): ChineseCheckersOptions => ({ ...DEFAULT_OPTIONS, ...o });

/** The point at axial (q, r), checked. */
export const at = (q: number, r: number): number => {
  const p = pointAt(q, r);
  if (p < 0) throw new Error(`(${q}, ${r}) is off the star`);
  return p;
};

/** A layout from [q, r, colour] triples. */
export const layout = (pieces: [number, number, number][], side = 0, captures?: number[]): Layout => ({
  cells: new Map(pieces.map(([q, r, c]) => [at(q, r), c])),
  side,
  ...(captures ? { captures } : {}),
});

export const game = (o: Partial<ChineseCheckersOptions>, setup?: Layout): ChineseCheckersGame =>
  unwrap(createGame(opts(o), setup));

/** The destinations of the piece on (q, r) as sorted "q,r" keys. */
export const destinationsOf = (g: ChineseCheckersGame, q: number, r: number): string[] =>
  g
    .legalMoves()
    .filter((m): m is Extract<Move, { kind: 'move' }> => m.kind === 'move' && m.from === at(q, r))
    .map((m) => `${POINTS[m.to]!.q},${POINTS[m.to]!.r}`)
    .sort();

export const keys = (list: [number, number][]): string[] => list.map(([q, r]) => `${q},${r}`).sort();

export const play = (g: ChineseCheckersGame, text: string): void => {
  const move = unwrap(g.parseMove(text));
  unwrap(g.play(move));
};

export const name = (q: number, r: number): string => pointName(at(q, r));
