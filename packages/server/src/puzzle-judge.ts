import { PUZZLE_ENTRIES } from '@qiyuan/ai/puzzle-games';
import type { PuzzleJudge } from '@qiyuan/ai/puzzles';
import { fail, type Game, ok, type Result, type Seat } from '@qiyuan/core';

/**
 * Judging a puzzle attempt from the solver's moves alone (the server keeps no state between two moves, so any
 * process can judge): the moves are replayed from the puzzle's position by the game's adapter below. Two kinds:
 * - `line`: each move is checked against the solution line and the defender's replies are taken from it; a move
 *   that reaches the goal on the spot is right too (another way to reach it is as good).
 * - `goal`: any legal move is right while the adapter says the goal is still reachable in the moves left; the
 *   defender (if the game has one) answers with the adapter's reply.
 * Only the verdict goes back; the line stays on the server until the attempt is over.
 */

/** What a game gives the judge: its judge module, reached through its entry of `PUZZLE_GAMES` in @qiyuan/ai. */
export type PuzzleGame = PuzzleJudge;

/** The games that have puzzles, by id: each one's judge, from the puzzle registry (`@qiyuan/ai/puzzle-games`). */
export const PUZZLE_GAMES: Readonly<Record<string, PuzzleGame>> = Object.fromEntries(
  PUZZLE_ENTRIES.map((entry) => [entry.game, entry.judge]),
);

/** Registers a game's puzzle adapter (for a game whose adapter lives elsewhere, and for tests). */
export const addPuzzleGame = (adapter: PuzzleGame): void => {
  (PUZZLE_GAMES as Record<string, PuzzleGame>)[adapter.game] = adapter;
};

export interface PuzzleLine {
  readonly game: string;
  /** `line` unless given. */
  readonly kind?: 'line' | 'goal';
  /** `win` unless given. */
  readonly goal?: string;
  readonly position: string;
  readonly solution: readonly string[];
  /** The solver's moves the puzzle allows (`goal` puzzles; a `line` puzzle's line says it). */
  readonly moves?: number;
}

export type Verdict =
  /** Right so far: the defender answered `reply` (none when the solver moves again); the solver moves again. */
  | { readonly status: 'continue'; readonly reply?: string }
  /** The last move reached the goal: solved. */
  | { readonly status: 'solved' }
  /** The move `index` (0-based, among the solver's moves) was not the answer. */
  | { readonly status: 'failed'; readonly index: number };

const adapterOf = (line: PuzzleLine): Result<PuzzleGame> => {
  const adapter = PUZZLE_GAMES[line.game];
  if (!adapter) return fail('no-puzzles', `there are no ${line.game} puzzles`);
  const goal = line.goal ?? 'win';
  if (!adapter.goals.includes(goal)) return fail('bad-puzzle', `${line.game} puzzles have no goal "${goal}"`);
  return ok(adapter);
};

/** The verdict on the solver's `moves` (their own moves only, in order); a move that is not legal is refused. */
export const judge = (line: PuzzleLine, moves: readonly string[]): Result<Verdict> => {
  const adapted = adapterOf(line);
  if (!adapted.ok) return adapted;
  const adapter = adapted.value;
  const goal = line.goal ?? 'win';
  const opened = adapter.open(line.position);
  const start = adapter.open(line.position);
  if (!opened.ok) return opened;
  if (!start.ok) return start;
  const game = opened.value;
  const turn = game.turn();
  if (turn.kind !== 'seat') return fail('bad-puzzle', 'nobody is to move in the puzzle position');
  const solver = turn.seat;
  if (moves.length === 0) return fail('bad-request', 'send at least one move');
  const kind = line.kind ?? 'line';
  const allowed = kind === 'goal' ? (line.moves ?? 0) : Math.ceil(line.solution.length / 2);
  for (const [i, text] of moves.entries()) {
    if (i >= allowed) return fail('too-many-moves', 'the puzzle was over before this move');
    const move = game.parseMove(text, solver);
    if (!move.ok) return fail('bad-move', `move ${i + 1}: ${move.error.reason}`);
    // the line's move, in the same notation as the one played (read before the move changes the position)
    const wanted = kind === 'line' ? game.parseMove(line.solution[2 * i] ?? '', solver) : undefined;
    const asWanted = wanted?.ok === true && game.moveToString(wanted.value) === game.moveToString(move.value);
    const played = game.play(move.value, solver);
    if (!played.ok) return fail('illegal-move', `move ${i + 1} (${text}): ${played.error.reason}`);
    const last = i === moves.length - 1;
    if (adapter.reached(goal, game, start.value, solver))
      return last ? ok({ status: 'solved' }) : fail('too-many-moves', 'already solved');
    const step =
      kind === 'goal'
        ? goalStep(adapter, goal, game, start.value, solver, allowed - i - 1)
        : lineStep(line, game, i, asWanted);
    if (!step.ok) return step;
    if (step.value.status === 'failed') return ok({ status: 'failed', index: i });
    if (last)
      return ok(
        step.value.reply === undefined ? { status: 'continue' } : { status: 'continue', reply: step.value.reply },
      );
  }
  return fail('bad-request', 'no move judged');
};

type Step = { readonly status: 'failed' } | { readonly status: 'continue'; readonly reply?: string };

/** A `line` puzzle's move that did not reach the goal: right when it is the line's, answered by the line's reply. */
const lineStep = (line: PuzzleLine, game: Game, i: number, asWanted: boolean): Result<Step> => {
  if (!asWanted) return ok({ status: 'failed' });
  const replyText = line.solution[2 * i + 1];
  // the line's last move is the solver's and reaches the goal: reaching here without it means the line is wrong
  if (replyText === undefined) return ok({ status: 'failed' });
  const reply = game.parseMove(replyText);
  if (!reply.ok || !game.play(reply.value).ok) return fail('bad-puzzle', `the stored reply ${replyText} is not legal`);
  return ok({ status: 'continue', reply: replyText });
};

/** A `goal` puzzle's move that did not reach the goal: right while the goal stays within reach. */
const goalStep = (
  adapter: PuzzleGame,
  goal: string,
  game: Game,
  start: Game,
  solver: Seat,
  movesLeft: number,
): Result<Step> => {
  if (!adapter.reachable) return fail('bad-puzzle', `${adapter.game} has no goal puzzles`);
  if (movesLeft <= 0 || !adapter.reachable(goal, game, start, solver, movesLeft)) return ok({ status: 'failed' });
  const turn = game.turn();
  if (turn.kind === 'seat' && turn.seat === solver) return ok({ status: 'continue' });
  const replyText = adapter.defend?.(goal, game, solver);
  const reply = replyText === undefined ? undefined : game.parseMove(replyText);
  if (!reply?.ok || !game.play(reply.value).ok) return fail('bad-puzzle', 'the defender has no reply');
  return ok({ status: 'continue', reply: replyText! });
};
