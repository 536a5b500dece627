/**
 * Where an analysis starts and how the tree's moves are played on it: the start is a game made from options (the
 * position editor's choices) or read from a pasted text — a Hive UHP GameString or PGN record, any game's record
 * exported by this app. A record's moves become the tree's main line, played from the record's own start (its
 * custom setup, Junqi's deployments), so the whole game can be walked and varied.
 */
import {
  actingSeats,
  fail,
  type Game,
  type GameDefinition,
  type GameId,
  ok,
  type Result,
  type Seat,
} from '@qiyuan/core';
import { analysisGame } from './games.js';

/** The position editor's choices: the game's options as form values, and a position or record text (may be empty). */
export interface StartSpec {
  readonly options: Readonly<Record<string, string>>;
  readonly position: string;
}

export interface Start {
  /** The game at the tree's root (a clone is played for each node). */
  readonly root: Game;
  /** The record's moves, as the main line; empty for a position made from options. */
  readonly moves: readonly string[];
}

/**
 * The options the analysis board plays with: the editor's, less the position and the seed, as the game's analysis
 * entry has them (on this board every piece is face up, since the board belongs to one person: Junqi plays open).
 */
export const analysisOptions = (game: GameId, options: Readonly<Record<string, string>>): Record<string, string> => {
  const { position: _, seed: __, ...rest } = options;
  return analysisGame(game).boardOptions?.(rest) ?? rest;
};

/** The seat that may play `text` now (any of a team's or of simultaneous seats). */
export const seatFor = (game: Game, text: string): Seat | undefined =>
  actingSeats(game.turn()).find((s) => game.parseMove(text, s).ok);

/** Plays `text` on `game` for whichever seat may play it; the reason when none may. */
export const playText = (game: Game, text: string): Result<void> => {
  const seat = seatFor(game, text);
  if (seat === undefined) {
    const parsed = game.parseMove(text);
    return parsed.ok ? fail('not-legal', `${text} is not legal here`) : parsed;
  }
  const move = game.parseMove(text, seat);
  return move.ok ? game.play(move.value, seat) : move;
};

/**
 * The game after `moves` from `root` (a copy), or the index of the first move that cannot be played, with why: the
 * engine's code (the page words it) and its English reason (for logs).
 */
export const playLine = (
  root: Game,
  moves: readonly string[],
): { readonly game: Game; readonly failed?: { index: number; code: string; reason: string } } => {
  const game = root.clone();
  for (const [index, text] of moves.entries()) {
    const played = playText(game, text);
    if (!played.ok) return { game, failed: { index, code: played.error.code, reason: played.error.reason } };
  }
  return { game };
};

/** The record of a game as moves its seats played, in the notation that plays them again (full information). */
const recordedMoves = (game: Game): string[] =>
  Array.from({ length: game.ply }, (_, p) => {
    const seat = game.recordFor('spectator', p).seat;
    return game.recordFor(seat, p).notation;
  });

/**
 * Makes the start: `position` read by the game's own reader when given, else a new game from the options. A read
 * record is taken back to its first ply and its moves kept as the main line; when its moves do not play again
 * from there (a record with a platform event), the position itself is the start.
 */
export const makeStart = (def: GameDefinition, game: GameId, spec: StartSpec): Result<Start> => {
  const text = spec.position.trim();
  if (text) {
    const read = def.parseGame(text);
    if (!read.ok) return read;
    const whole = read.value;
    const moves = recordedMoves(whole);
    const root = whole.clone();
    while (root.ply > 0) if (!root.undo().ok) break;
    if (root.ply === 0 && !playLine(root, moves).failed) return ok({ root, moves });
    return ok({ root: whole, moves: [] });
  }
  const options = def.parseOptions(analysisOptions(game, spec.options));
  if (!options.ok) return options;
  const created = def.create(options.value);
  return created.ok ? ok({ root: created.value, moves: [] }) : created;
};

/**
 * The position shown as the editor's pieces start from it: Chinese Checkers' position text, Hive's GameString (or
 * setup and moves), Abalone's cells and the colour to move; empty for the games whose editor starts from their options.
 */
export const editorPosition = (game: GameId, position: Game): string =>
  analysisGame(game).editorPosition?.(position) ?? '';
