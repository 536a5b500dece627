import { fail, ok, type Result } from '@qiyuan/core';
import { parseGameString } from '@qiyuan/hive';

/**
 * Judging a puzzle attempt from the solver's moves alone (the server keeps no state between two moves, so any
 * process can judge): the moves are replayed from the puzzle's position, each checked against the solution line,
 * the defender's replies taken from the line. A move counts as right when it is the line's move, or when it wins
 * the game on the spot (another way to close the queen in is as good). Only the verdict goes back; the line stays
 * on the server until the attempt is over.
 */

export interface PuzzleLine {
  readonly game: string;
  readonly position: string;
  readonly solution: readonly string[];
}

export type Verdict =
  /** Right so far: the defender answered `reply`; the solver moves again. */
  | { readonly status: 'continue'; readonly reply: string }
  /** The last move won: solved. */
  | { readonly status: 'solved' }
  /** The move `index` (0-based, among the solver's moves) was not the answer. */
  | { readonly status: 'failed'; readonly index: number };

/** The puzzle's game at its position, for the games that have puzzles. */
const openPosition = (line: PuzzleLine) => {
  if (line.game !== 'hive') return fail('no-puzzles', `there are no ${line.game} puzzles`);
  return parseGameString(line.position);
};

/** The verdict on the solver's `moves` (their own moves only, in order); a move that is not legal is refused. */
export const judge = (line: PuzzleLine, moves: readonly string[]): Result<Verdict> => {
  const opened = openPosition(line);
  if (!opened.ok) return opened;
  const game = opened.value;
  const solver = game.position.side;
  if (moves.length === 0) return fail('bad-request', 'send at least one move');
  for (const [i, text] of moves.entries()) {
    const expectedText = line.solution[2 * i];
    if (expectedText === undefined) return fail('too-many-moves', 'the puzzle was over before this move');
    const move = game.parseMove(text);
    if (!move.ok) return fail('bad-move', `move ${i + 1}: ${move.error.reason}`);
    const expected = game.parseMove(expectedText);
    const played = game.play(move.value);
    if (!played.ok) return fail('illegal-move', `move ${i + 1} (${text}): ${played.error.reason}`);
    const outcome = game.outcome();
    const wins = outcome?.results[solver] === 'win';
    if (wins) return i === moves.length - 1 ? ok({ status: 'solved' }) : fail('too-many-moves', 'already solved');
    if (!expected.ok || expected.value !== move.value) return ok({ status: 'failed', index: i });
    const replyText = line.solution[2 * i + 1];
    // the line's last move is the solver's and wins; reaching here without a win means the line is wrong
    if (replyText === undefined) return ok({ status: 'failed', index: i });
    const reply = game.parseMove(replyText);
    if (!reply.ok || !game.play(reply.value).ok)
      return fail('bad-puzzle', `the stored reply ${replyText} is not legal`);
    if (i === moves.length - 1) return ok({ status: 'continue', reply: replyText });
  }
  return fail('bad-request', 'no move judged');
};
