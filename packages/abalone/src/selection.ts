import { NEIGHBOR } from './board.js';
import { EMPTY, type Move, moveCount, moveDir, moveLineDir, moveRear, type Position } from './position.js';

/**
 * What a board UI needs: the player selects one to three marbles, then a
 * direction. Legal moves are grouped by the marbles they move, and each move
 * carries its effect for a preview.
 */

/** Where each marble a move touches goes. */
export interface MoveEffect {
  /** The player's own marbles, rear first. */
  readonly moved: readonly { readonly from: number; readonly to: number }[];
  /** Opposing marbles pushed by sumito, nearest first; `to` is null for the one pushed off the board. */
  readonly pushed: readonly { readonly from: number; readonly to: number | null }[];
  /** The cell of the opposing marble the move pushes off the board, or null. */
  readonly ejected: number | null;
}

/** The marbles a move moves, rear first along the line. */
export const moveMarbles = (m: Move): number[] => {
  const out: number[] = [];
  const line = moveLineDir(m);
  let x = moveRear(m);
  for (let i = 0; i < moveCount(m); i++) {
    out.push(x);
    x = NEIGHBOR[x * 6 + line]!;
  }
  return out;
};

/** The effect of move `m` on the board `cells` (a move legal there). */
export const moveEffect = (cells: Uint8Array, m: Move): MoveEffect => {
  const dir = moveDir(m);
  const moved = moveMarbles(m).map((from) => ({ from, to: NEIGHBOR[from * 6 + dir]! }));
  const pushed: { from: number; to: number | null }[] = [];
  let ejected: number | null = null;
  if (moveLineDir(m) === dir) {
    const own = cells[moveRear(m)]!;
    let g = moved.at(-1)!.to;
    while (g >= 0 && cells[g] !== EMPTY && cells[g] !== own) {
      const next = NEIGHBOR[g * 6 + dir]!;
      pushed.push({ from: g, to: next < 0 ? null : next });
      if (next < 0) ejected = g;
      g = next;
    }
  }
  return { moved, pushed, ejected };
};

export interface MoveChoice {
  /** The direction the marbles move, as in core's `HEX_DIRECTIONS` (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE). */
  readonly direction: number;
  /** Along the line (may push) or sideways (never pushes). One marble always moves in-line. */
  readonly kind: 'inline' | 'broadside';
  readonly move: Move;
  readonly effect: MoveEffect;
}

export interface Selection {
  /** The selected marbles, in ascending cell order (the key a UI builds from clicks). */
  readonly marbles: readonly number[];
  /** The legal moves of exactly these marbles, one per direction. */
  readonly choices: readonly MoveChoice[];
}

/** A canonical key for a set of cells: ascending indices joined by commas. */
export const selectionKey = (cells: readonly number[]): string => [...cells].sort((a, b) => a - b).join(',');

/** Every legal move of the side to move, grouped by the marbles it moves. */
export const moveSelections = (position: Position): Selection[] => {
  const groups = new Map<string, { marbles: number[]; choices: MoveChoice[] }>();
  for (const move of position.generateMoves()) {
    const marbles = moveMarbles(move).sort((a, b) => a - b);
    const key = marbles.join(',');
    let group = groups.get(key);
    if (!group) {
      group = { marbles, choices: [] };
      groups.set(key, group);
    }
    group.choices.push({
      direction: moveDir(move),
      kind: moveLineDir(move) === moveDir(move) ? 'inline' : 'broadside',
      move,
      effect: moveEffect(position.cells, move),
    });
  }
  for (const g of groups.values()) g.choices.sort((a, b) => a.direction - b.direction);
  return [...groups.values()];
};

/** The legal moves of the selected marbles (in any order), one per direction; empty when they cannot move together. */
export const movesForSelection = (position: Position, cells: readonly number[]): MoveChoice[] => {
  const key = selectionKey(cells);
  return [...(moveSelections(position).find((s) => selectionKey(s.marbles) === key)?.choices ?? [])];
};
