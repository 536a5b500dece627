import type { Seat } from '@qiyuan/core';
import type { BoardState } from './board-state.js';
import type { ChineseCheckersOptions } from './options.js';
import { seatCorners } from './options.js';
import { CORNER_COUNT, POINT_COUNT, type PointId } from './star.js';

/** A custom layout for setups and tests: the colour (corner index 0..5) on each occupied point. */
export interface Layout {
  readonly cells: ReadonlyMap<PointId, number>;
  /** The seat to move. */
  readonly side: Seat;
  /** 食棋 only: pieces captured so far by each seat. */
  readonly captures?: readonly number[];
}

/** Checks a layout against the options: colours seated, at most 15 pieces each, 食棋 not over already. */
export function validateLayout(options: ChineseCheckersOptions, layout: Layout): string | undefined {
  const corners = seatCorners(options.players);
  const counts = new Array<number>(CORNER_COUNT).fill(0);
  for (const [p, colour] of layout.cells) {
    if (!Number.isInteger(p) || p < 0 || p >= POINT_COUNT) return `point ${p} is not on the star`;
    if (!Number.isInteger(colour) || colour < 0 || colour >= CORNER_COUNT) return `colour ${colour} does not exist`;
    if (options.variant === 'race' && !corners.includes(colour)) return `no seat plays colour ${colour}`;
    counts[colour]!++;
  }
  if (options.variant === 'race' && counts.some((c) => c > 15)) return 'a colour has more than 15 pieces';
  if (!Number.isInteger(layout.side) || layout.side < 0 || layout.side >= options.players) {
    return `seat ${layout.side} does not exist`;
  }
  return undefined;
}

/** Copies the current board and side into a layout. */
export function layoutOf(st: BoardState): Layout {
  const cells = new Map<PointId, number>();
  for (let p = 0; p < POINT_COUNT; p++) if (st.board[p] !== 0) cells.set(p, st.board[p]! - 1);
  return { cells, side: st.side, captures: [...st.captures] };
}
