/**
 * The detail of an engine's refusal of a start that the page reads from the text itself, so it can be said in every
 * language (the engine's own detail is an English sentence): which row of a Chinese Checkers position is wrong and
 * how, how many marbles an Abalone side has, which move of a Hive game string or an Abalone record cannot be played and why. Any other refusal keeps the engine's code and English reason (see refusals.ts).
 */
import type { Game, GameDefinition, GameId } from '@qiyuan/core';
import type { AnalysisRefusal } from './refusals.js';
import { playLine, type StartSpec } from './start.js';

/** Chinese Checkers' star has seventeen rows, and an Abalone side nine to fourteen marbles (see the engines). */
const CC_ROWS = 17;
const AB_FEWEST = 9;
const AB_MOST = 14;

/** A `[Setup "…"]` tag's value in a record, if the text has one. */
const setupTag = (text: string): string | undefined => /^\[Setup "([^"]*)"\]/m.exec(text)?.[1];

/** The points of each row of the star, from the top (one point) to the bottom, as its text lists them. */
const STAR_ROWS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const CC_COLOURS = 'roygbp';

/**
 * What is wrong with a Chinese Checkers position's text, read in the engine's order (its fields, its rows, each
 * row's letters and points), so the first problem said is the one the engine found.
 */
const ccProblem = (spec: StartSpec): Omit<AnalysisRefusal, 'reason'> | undefined => {
  const text = spec.position.trim();
  const position = setupTag(text) ?? (text.startsWith('[') ? undefined : text);
  if (position === undefined) return undefined;
  const fields = position.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 3) return { code: 'cc-fields' };
  const rows = (fields[0] ?? '').split('/');
  if (rows.length !== CC_ROWS) return { code: 'cc-rows', params: { rows: rows.length, expected: CC_ROWS } };
  for (const [k, line] of rows.entries()) {
    let points = 0;
    for (const m of line.matchAll(/(\d+)|(.)/g)) {
      if (m[1]) points += Number(m[1]);
      else if (CC_COLOURS.includes(m[2] ?? '')) points++;
      else return { code: 'cc-row-letter', params: { row: k + 1, letter: m[2] ?? '' } };
    }
    const expected = STAR_ROWS[k] ?? 0;
    if (points !== expected) return { code: 'cc-row-points', params: { row: k + 1, points, expected } };
  }
  return undefined;
};

/** Each side's marbles in an Abalone set-up (61 cells of b, w or .), when the text is one. */
const abMarbles = (spec: StartSpec): readonly number[] | undefined => {
  const text = (spec.options.setup ?? setupTag(spec.position) ?? '').trim().replace(/\s+/g, ' ');
  const m = /^([.bw]{61}) [bw]$/.exec(text);
  if (!m) return undefined;
  return ['b', 'w'].map((letter) => [...(m[1] ?? '')].filter((c) => c === letter).length);
};

/**
 * The first of `moves` that `start` refuses when they are played one by one: the move as written, its number from
 * one and the engine's own code and reason as the cause; none when every move plays.
 */
const refusedMove = (start: Game, moves: readonly string[]): Omit<AnalysisRefusal, 'reason'> | undefined => {
  const failed = playLine(start, moves).failed;
  if (!failed) return undefined;
  return {
    code: 'move-refused',
    params: { move: moves[failed.index] ?? '', ply: failed.index + 1 },
    cause: { code: failed.code, reason: failed.reason },
  };
};

/**
 * The move of a Hive GameString (`GameType;State;Turn;move;move…`) that cannot be read or played: its moves played
 * one by one on the game type's empty board, as the engine reads them.
 */
const hiveMoveRefusal = (def: GameDefinition, spec: StartSpec): Omit<AnalysisRefusal, 'reason'> | undefined => {
  const [type, , , ...moves] = spec.position
    .trim()
    .split(';')
    .map((part) => part.trim());
  const start = def.parseGame(`${type};NotStarted;White[1]`);
  return start.ok ? refusedMove(start.value, moves) : undefined;
};

/**
 * The move of an Abalone record (tag lines, then numbered moves) that cannot be read or played: the record's tags
 * read alone give its start, where its moves are played one by one, as the engine reads them.
 */
const recordMoveRefusal = (def: GameDefinition, spec: StartSpec): Omit<AnalysisRefusal, 'reason'> | undefined => {
  const lines = spec.position.split(/\r?\n/);
  const isTag = (line: string) => line.trim().startsWith('[');
  const start = def.parseGame(lines.filter(isTag).join('\n'));
  if (!start.ok) return undefined;
  const moves = lines
    .filter((line) => !isTag(line))
    .join(' ')
    .split(/\s+/)
    .filter((token) => token && !/^\d+\.$/.test(token));
  return refusedMove(start.value, moves);
};

/** A Hive MoveString: a tile (`wS1`, `bQ`), then where it goes (`-wS1`, `bG1/`, `wQ`), or a pass. */
const HIVE_MOVE = /^(pass|[wb][QSBGAMLPTFWDKC][1-3]?(\s+\S+)?)$/;

/**
 * Whether a text refused as a Hive game is moves alone (one a line or after `;`, numbered or not): a list copied from
 * elsewhere without the game type, state and turn a game string starts with.
 */
const hiveMovesOnly = (text: string): boolean => {
  const parts = text
    .split(/[;\r\n]+|\s+(?=\d+\.\s)/)
    .map((part) => part.replace(/^\s*\d+\.\s*/, '').trim())
    .filter((part) => part !== '');
  return parts.length > 0 && parts.every((part) => HIVE_MOVE.test(part));
};

/** The engine's refusal of `spec`, with the page's own detail where it can read it. */
export const startRefusal = (
  game: GameId,
  spec: StartSpec,
  error: { readonly code: string; readonly reason: string },
  def?: GameDefinition,
): AnalysisRefusal => {
  // the engine's reason would only say the first move is no game type: the page says what is missing, in words
  if (
    game === 'hive' &&
    (error.code === 'bad-game-type' || error.code === 'bad-record') &&
    hiveMovesOnly(spec.position)
  )
    return { code: 'hive-moves-only', params: { example: 'Base+MLP;InProgress;White[2];wS1;bS1 wS1-' } };
  if (game === 'hive' && error.code === 'game-string-move' && def) {
    const move = hiveMoveRefusal(def, spec);
    if (move) return { ...move, reason: error.reason };
  }
  if (game === 'abalone' && error.code === 'bad-game' && def && spec.position.trim()) {
    const move = recordMoveRefusal(def, spec);
    if (move) return { ...move, reason: error.reason };
  }
  if (game === 'chinese-checkers' && error.code === 'bad-position') {
    const problem = ccProblem(spec);
    if (problem) return { ...problem, reason: error.reason };
  }
  if (game === 'abalone' && error.code === 'bad-setup') {
    const marbles = abMarbles(spec) ?? [];
    for (const [seat, n] of marbles.entries()) {
      if (n > AB_MOST) return { code: 'ab-too-many', params: { seat, n, most: AB_MOST }, reason: error.reason };
      if (n < AB_FEWEST) return { code: 'ab-too-few', params: { seat, n }, reason: error.reason };
    }
  }
  return error;
};
