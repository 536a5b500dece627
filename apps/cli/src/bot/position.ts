import { actingSeats, fail, type Game, type GameId, ok, type Result, type Seat } from '@qiyuan/core';
import { games } from '../games.js';

/**
 * The position a game stream describes, rebuilt from its options and its
 * moves in record notation, for the games whose moves tell everything (Hive,
 * Abalone, Chinese Checkers). A move that does not read or play is a failure
 * naming it: the bot then knows it cannot follow the game rather than play on
 * a wrong board.
 */
export const replay = (
  id: GameId,
  options: Readonly<Record<string, unknown>>,
  moves: readonly string[],
): Result<Game> => {
  const definition = games[id];
  if (!definition) return fail('unknown-game', `no engine for ${id}`);
  const parsed = definition.parseOptions(options);
  if (!parsed.ok) return parsed;
  const created = definition.create(parsed.value);
  if (!created.ok) return created;
  const game = created.value as Game;
  for (const [i, text] of moves.entries()) {
    const played = playText(game, text);
    if (!played.ok) return fail('bad-record', `move ${i + 1} "${text}": ${played.error.reason}`);
  }
  return ok(game);
};

/** Plays a move by the seat that may make it (in a simultaneous phase, the first acting seat it is legal for). */
const playText = (game: Game, text: string): Result<void> => {
  let last: Result<void> = fail('game-over', 'the game is over');
  for (const seat of actingSeats(game.turn())) {
    const move = game.parseMove(text, seat);
    last = move.ok ? game.play(move.value, seat) : move;
    if (last.ok) return last;
  }
  return last;
};

/** Whether `seat` may act now. */
export const mayAct = (game: Game, seat: Seat): boolean => actingSeats(game.turn()).includes(seat);
