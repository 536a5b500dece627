import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { BoardController, GameModule } from '../games/types.js';

/**
 * A game's board drawn in a page's host element while the page shows that game: made when the module is known,
 * destroyed when it changes or the page closes. A move made on the board goes to the page's latest `play` (the
 * page redraws with a new function each time; the board is not made anew for that).
 */
export const useBoard = (
  mod: GameModule,
  play: (move: string) => void,
): { host: RefObject<HTMLDivElement>; board: RefObject<BoardController | undefined> } => {
  const host = useRef<HTMLDivElement>(null);
  const board = useRef<BoardController | undefined>(undefined);
  const playRef = useRef(play);
  playRef.current = play;
  useEffect(() => {
    if (!host.current) return;
    const b = mod.createBoard(host.current, { play: (m) => playRef.current(m) });
    board.current = b;
    return () => {
      b.destroy();
      board.current = undefined;
    };
  }, [mod]);
  return { host, board };
};
