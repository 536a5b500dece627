import type { Move, Position } from '@qiyuan/hive';

/**
 * An exhaustive prover that counts plies (both sides' moves), for published puzzles whose length is given in plies:
 * a win may also come on the defender's move, when every move it has surrounds its own queen. Plain AND/OR search,
 * no table, no evaluation, independent of the AI's search.
 */

/** Whether `move`, by the side to move, wins within `plies` plies whatever the defence. */
export const forcesWin = (pos: Position, move: Move, plies: number): boolean => {
  const me = pos.side;
  pos.makeMove(move);
  try {
    const o = pos.outcome();
    if (o) return o.results[me] === 'win';
    if (plies < 2) return false;
    for (const reply of [...pos.generateMoves()]) {
      pos.makeMove(reply);
      try {
        const after = pos.outcome();
        const lost = after ? after.results[me] === 'win' : plies >= 3 && winsWithin(pos, plies - 2);
        if (!lost) return false;
      } finally {
        pos.unmakeMove();
      }
    }
    return true;
  } finally {
    pos.unmakeMove();
  }
};

/** Whether the side to move has a forced win within `plies` plies. */
export const winsWithin = (pos: Position, plies: number): boolean =>
  [...pos.generateMoves()].some((m) => forcesWin(pos, m, plies));

/** Every first move of the side to move that forces a win within `plies` plies. */
export const winningFirstMoves = (pos: Position, plies: number): Move[] =>
  [...pos.generateMoves()].filter((m) => forcesWin(pos, m, plies));
