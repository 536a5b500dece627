import { fail, ok, type Result } from '@qiyuan/core';
import { type HiveGame, type HiveOptions, parseGameString } from './game.js';

/**
 * Hive's game records as its tools exchange them. Mzinga and the sites that follow it save a PGN-like file: tag
 * pairs (`[GameType "Base+MLP"]` first, then Date, Event, Site, Round, White, Black and Result, whose value is a
 * GameStateString such as `WhiteWins`), a blank line, one numbered move per line (`1. wS1`, `2. bG1 -wS1`), comments
 * in braces on lines of their own, and the result again on a last line when the game is over. Engines speak UHP's
 * one-line GameString instead; a pasted game may be either, so `readHiveRecord` takes both.
 */

/** A tag pair, in the order it is written. */
export type RecordTag = readonly [name: string, value: string];

/** The tags Mzinga writes in every file, in its order; GameType and Result come from the game itself. */
const ROSTER = ['Date', 'Event', 'Site', 'Round', 'White', 'Black'] as const;

const STATES = ['NotStarted', 'InProgress', 'Draw', 'WhiteWins', 'BlackWins'] as const;
type GameState = (typeof STATES)[number];
const isState = (s: string): s is GameState => (STATES as readonly string[]).includes(s);

/** Chess's results, which some files carry in Result, as the GameStateString they mean. */
const CHESS_RESULTS: Readonly<Record<string, GameState>> = {
  '1-0': 'WhiteWins',
  '0-1': 'BlackWins',
  '1/2-1/2': 'Draw',
  '*': 'InProgress',
};

/** A tag's value: the readers take no escapes, so a quote becomes an apostrophe and a line break a space. */
const tagValue = (s: string): string =>
  s
    .replace(/"/g, "'")
    .replace(/[\r\n]+/g, ' ')
    .trim();

/**
 * The PGN record of a game given as a UHP GameString, with the tags the caller knows (players, date, event …).
 * GameType and Result are the GameString's own; any other tag beyond Mzinga's roster follows it, as Mzinga writes
 * its optional tags. A game from a set-up position keeps its setup notation (setup.ts), tags left out.
 */
export const writeHivePgn = (gameString: string, tags: readonly RecordTag[] = []): string => {
  // A game from a position set up by hand has no PGN form (the format starts from the empty board): its record is
  // the setup notation with its moves, which reads back here.
  if (gameString.trim().split(';')[1] === 'Setup') return `${gameString.trim()}\n`;
  const [gameType = 'Base', state = 'NotStarted', , ...moves] = gameString.trim().split(';');
  const given = new Map(tags.map(([name, value]) => [name, tagValue(value)]));
  const lines = [`[GameType "${gameType}"]`];
  for (const name of ROSTER) lines.push(`[${name} "${given.get(name) ?? ''}"]`);
  lines.push(`[Result "${state}"]`);
  for (const [name, value] of given)
    if (name !== 'GameType' && name !== 'Result' && !(ROSTER as readonly string[]).includes(name))
      lines.push(`[${name} "${value}"]`);
  if (moves.length > 0) lines.push('', ...moves.map((m, i) => `${i + 1}. ${m}`));
  if (state === 'Draw' || state === 'WhiteWins' || state === 'BlackWins') lines.push('', state);
  return `${lines.join('\n')}\n`;
};

/** A PGN record read: its tags, its moves as written, and the result it claims (if any). */
export interface HivePgn {
  readonly tags: ReadonlyMap<string, string>;
  readonly moves: readonly string[];
  readonly result: GameState | undefined;
}

const TAG = /^\[([A-Za-z0-9_]+)\s+"([^"]*)"\]$/;
const NUMBERED = /^(\d+)\.\s*(\S.*)$/;

/** Reads the lines of a PGN record, without playing its moves. */
export const parseHivePgn = (text: string): Result<HivePgn> => {
  const tags = new Map<string, string>();
  const moves: string[] = [];
  let result: GameState | undefined;
  let comment = false;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    const where = `line ${i + 1}`;
    if (comment) {
      // a comment runs until the line that closes it
      if (line.endsWith('}')) comment = false;
      continue;
    }
    if (line === '') continue;
    if (line.startsWith('{')) {
      comment = !line.endsWith('}');
      continue;
    }
    if (line.startsWith('[')) {
      const m = TAG.exec(line);
      if (!m) return fail('bad-record', `${where}: a tag is written [Name "value"]`);
      const [, name, value] = m as unknown as [string, string, string];
      if (name === 'Result') {
        const state = isState(value) ? value : CHESS_RESULTS[value];
        if (value !== '' && !state) return fail('bad-record', `${where}: "${value}" is not a result`);
        result = state;
      } else tags.set(name, value);
      continue;
    }
    if (isState(line) || CHESS_RESULTS[line]) {
      result = isState(line) ? line : CHESS_RESULTS[line];
      continue;
    }
    const m = NUMBERED.exec(line);
    if (!m) return fail('bad-record', `${where}: a move is written "${moves.length + 1}. <move>"`);
    if (Number(m[1]) !== moves.length + 1)
      return fail('bad-record', `${where}: move ${m[1]} where move ${moves.length + 1} was due`);
    moves.push(m[2]!.trim());
  }
  if (comment) return fail('bad-record', 'a comment opened with { is never closed');
  return ok({ tags, moves, result });
};

/** Whether a pasted text looks like a PGN record rather than a GameString (which is one line of `;`-parts). */
export const isHivePgn = (text: string): boolean => /^\s*(\[|\{|1\.)/.test(text);

/**
 * The game a PGN record describes: its moves played from its GameType (Base when it names none). A result the
 * moves do not reach on the board (a resignation, a time loss, an agreed draw) is applied as that platform event;
 * one the board contradicts is refused.
 */
export const readHivePgn = (text: string, base: Partial<HiveOptions> = {}): Result<HiveGame> => {
  const pgn = parseHivePgn(text);
  if (!pgn.ok) return pgn;
  const { tags, moves, result } = pgn.value;
  const started = parseGameString(tags.get('GameType') || 'Base', base);
  if (!started.ok) return fail('bad-record', `GameType: ${started.error.reason}`);
  const game = started.value;
  for (const [i, move] of moves.entries()) {
    const m = game.parseMove(move);
    if (!m.ok) return fail('bad-record', `move ${i + 1} (${move}): ${m.error.reason}`);
    const played = game.play(m.value);
    if (!played.ok) return fail('bad-record', `move ${i + 1} (${move}): ${played.error.reason}`);
  }
  const reached = game.state();
  if (result === undefined || result === reached || result === 'InProgress' || result === 'NotStarted') {
    // a record may leave its result open while the board has decided it
    if (result !== undefined && result !== reached && reached !== 'InProgress' && reached !== 'NotStarted')
      return fail('bad-record', `the moves lead to ${reached}, not ${result}`);
    return ok(game);
  }
  if (reached !== 'InProgress' && reached !== 'NotStarted')
    return fail('bad-record', `the moves lead to ${reached}, not ${result}`);
  if (result === 'Draw') game.apply({ type: 'draw-agreed' });
  else game.apply({ type: 'resign', seat: result === 'WhiteWins' ? 1 : 0 });
  return ok(game);
};
