/**
 * What the host hands the Abalone board (the engine's view, the legal moves in notation, the piece style, the words)
 * and the legal moves grouped by the marbles they move, with what each does, from the engine's own helpers.
 */
import {
  BLACK,
  EMPTY,
  type Move,
  type MoveEffect,
  moveDir,
  moveEffect,
  moveLineDir,
  moveMarbles,
  parseMoveText,
  selectionKey,
  WHITE,
} from '@qiyuan/abalone';
import type { PieceStyle } from '../settings.js';

export interface AbaloneBoardView {
  readonly cells: string;
  readonly side: number;
  readonly ejected: readonly number[];
  readonly lastMove: string | null;
}

export interface AbaloneBoardInput {
  readonly view: AbaloneBoardView;
  /** Seat drawn at the bottom (0 black, 1 white). */
  readonly bottom: number;
  /** Legal moves in notation; empty when the viewer may not act. */
  readonly legal: readonly string[];
  readonly pieces: PieceStyle;
  /** Whether rows A–I and diagonals 1–9 are written around the board. */
  readonly coordinates: boolean;
}

export interface AbaloneBoardText {
  board: string;
  cell(name: string, owner: 'black' | 'white' | undefined, selected: boolean): string;
  direction(dir: string, push: boolean, ejects: boolean): string;
  ejected(seat: number, n: number): string;
  hint: string;
  clear: string;
  /** The letter on a marble in the letters piece style (B / W, 黑 / 白). */
  marble(owner: 'black' | 'white'): string;
  /** Said and shown when a tap has previewed a move on a touch screen. */
  confirm: string;
}

export interface Choice {
  readonly notation: string;
  readonly move: Move;
  readonly direction: number;
  readonly inline: boolean;
  readonly effect: MoveEffect;
}

/** The legal moves grouped by the marbles they move (selection key → one choice per direction). */
export const groupMoves = (cells: Uint8Array, legal: readonly string[]): Map<string, Choice[]> => {
  const groups = new Map<string, Choice[]>();
  for (const notation of legal) {
    const parsed = parseMoveText(notation);
    if (!parsed.ok) continue;
    const move = parsed.value;
    const key = selectionKey(moveMarbles(move));
    const list = groups.get(key) ?? [];
    list.push({
      notation,
      move,
      direction: moveDir(move),
      inline: moveLineDir(move) === moveDir(move),
      effect: moveEffect(cells, move),
    });
    groups.set(key, list);
  }
  return groups;
};

/** The view's cells (`b`, `w`, `.`) as the engine's bytes. */
export const cellBytes = (cells: string): Uint8Array =>
  Uint8Array.from(cells, (c) => (c === 'b' ? BLACK : c === 'w' ? WHITE : EMPTY));
