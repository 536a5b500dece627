/**
 * What the host hands the Hive board (the engine's view, its legal moves as UHP strings with their piece and cells,
 * the piece style, the words) and the analysis engine's arrows; which cells a selected piece may reach.
 */
import type { PieceStyle } from '../settings.js';

export interface HiveBoardTile {
  readonly piece: string;
  readonly q: number;
  readonly r: number;
  readonly level: number;
}
export interface HiveBoardMove {
  readonly uhp: string;
  readonly piece: string;
  readonly from: { readonly q: number; readonly r: number } | null;
  readonly to: { readonly q: number; readonly r: number };
  /** A two-tile move of the further pieces (its `to` is the tile taken, or where the Dragonfly lands). */
  readonly kind?: 'grab' | 'swap' | 'carry';
}
export interface HiveBoardView {
  readonly tiles: readonly HiveBoardTile[];
  readonly hand: readonly (readonly string[])[];
  readonly lastMove: string | null;
  readonly mustPass: boolean;
}
export interface HiveBoardInput {
  readonly view: HiveBoardView;
  readonly bottom: number;
  /** The view's legal moves, or none when the viewer may not act. */
  readonly legal: readonly HiveBoardMove[];
  readonly pieces: PieceStyle;
}
export interface HiveBoardText {
  board: string;
  piece(name: string): string;
  cell(q: number, r: number, stack: readonly string[]): string;
  target(q: number, r: number): string;
  hand(seat: number): string;
  pass: string;
  zoomIn: string;
  zoomOut: string;
  fit: string;
  choose: string;
  /** The word for a grab, swap or carry in the chooser (when a Mosquito could climb onto a tile or grab it). */
  kind?(kind: 'grab' | 'swap' | 'carry'): string;
  /** A Queen with `n` of her six sides taken, said after her cell's name. */
  threat?(n: number): string;
  /** Said on the empty board before the first tile: where a tile comes from (the reserve under the board). */
  start?: string;
}

/** From how many taken sides a Queen is marked as in danger: two more tiles, or one, and she is surrounded. */
export const QUEEN_THREAT = 4;

/** A cell's key, `q,r`, as the board's elements carry it in `data-cell`. */
export const key = (q: number, r: number): string => `${q},${r}`;

/** Target cell key → the distinct moves of the selected piece that end there. */
export const targetsOf = (legal: readonly HiveBoardMove[], piece: string): Map<string, HiveBoardMove[]> => {
  const out = new Map<string, HiveBoardMove[]>();
  for (const m of legal) {
    if (m.piece !== piece) continue;
    const k = key(m.to.q, m.to.r);
    const list = out.get(k) ?? [];
    if (!list.some((x) => x.uhp === m.uhp)) list.push(m);
    out.set(k, list);
  }
  return out;
};

/** One of the analysis engine's moves as the board draws it. */
export interface HiveArrow {
  readonly uhp: string;
  readonly from: { readonly q: number; readonly r: number } | null;
  readonly to: { readonly q: number; readonly r: number };
}
