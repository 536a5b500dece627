import type { Game, Seat, Viewer } from '@qiyuan/core';
import type { BoardInput, BoardLook } from '../games/types.js';

/**
 * What a board shows of a position the page holds itself (the analysis board, a replay, a puzzle): the viewer's view
 * and records up to the position's ply, its last move, turn and outcome. The page says only who sits at the bottom,
 * what may be played and whether input is closed.
 */
export const positionInput = (
  game: Game,
  viewer: Viewer,
  shown: {
    readonly bottom: Seat;
    readonly legal: readonly string[];
    readonly browsing: boolean;
    /** False where the viewer's seat is not the reader's own (BoardInput's `yours`). */
    readonly yours?: boolean;
  },
  look: BoardLook,
): BoardInput => {
  const records = Array.from({ length: game.ply }, (_, p) => game.recordFor(viewer, p));
  return {
    view: game.viewFor(viewer),
    viewer,
    bottom: shown.bottom,
    turn: game.turn(),
    legal: shown.legal,
    lastMove: records[game.ply - 1],
    outcome: game.outcome(),
    browsing: shown.browsing,
    records,
    ...(shown.yours === false ? { yours: false } : {}),
    look,
  };
};
