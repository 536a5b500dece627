import { fail, type GameDefinition, ok, type PlatformEvent, type Result } from '@qiyuan/core';
import { ChineseCheckersGame } from './game.js';
import type { Layout } from './layout.js';
import { parsePosition } from './notation.js';
import { type ChineseCheckersOptions, DEFAULT_OPTIONS, parseOptions, seatCorners, validateOptions } from './options.js';
import { perftPosition } from './perft.js';
import { Position } from './position.js';

/** Creates a game, from the standard start or from a custom layout (checked first). */
export const createGame = (options: ChineseCheckersOptions, setup?: Layout): Result<ChineseCheckersGame> => {
  const valid = validateOptions(options);
  if (!valid.ok) return valid;
  if (setup) {
    const problem = Position.validateLayout(options, setup);
    if (problem) return fail('bad-position', problem);
  }
  return ok(new ChineseCheckersGame(valid.value, setup));
};

/** Plays record tokens (moves, `resign@1`, `timeout@2`, `draw-agreed`) on a game; the first bad token fails with its index. */
export const playTokens = (game: ChineseCheckersGame, tokens: readonly string[]): Result<ChineseCheckersGame> => {
  for (const [i, token] of tokens.entries()) {
    const event = parseEvent(token);
    if (event) {
      const applied = game.apply(event);
      if (!applied.ok) return fail(applied.error.code, `entry ${i + 1} (${token}): ${applied.error.reason}`);
      continue;
    }
    const move = game.parseMove(token);
    if (!move.ok) return fail(move.error.code, `entry ${i + 1} (${token}): ${move.error.reason}`);
    const played = game.play(move.value);
    if (!played.ok) return fail(played.error.code, `entry ${i + 1} (${token}): ${played.error.reason}`);
  }
  return ok(game);
};

const parseEvent = (token: string): PlatformEvent | undefined => {
  if (token === 'draw-agreed') return { type: 'draw-agreed' };
  const m = /^(resign|timeout)@(\d+)$/.exec(token);
  return m ? { type: m[1] as 'resign' | 'timeout', seat: Number(m[2]) } : undefined;
};

/** Tag names of the whole-game notation and the option each one sets. */
const TAGS: Record<string, string> = {
  Variant: 'variant',
  Players: 'players',
  Pieces: 'pieces',
  Jump: 'jump',
  Corners: 'corners',
  Win: 'win',
  MaxPlies: 'maxPlies',
  Repetition: 'repetition',
};

/**
 * Whole-game notation: `[Tag "value"]` lines for the options (and `Setup`
 * for a custom start position), then the record: moves numbered by ply
 * (`1. d2-e3 2. m1-l2 …`) with events (`resign@1`, `timeout@2`,
 * `draw-agreed`) where they happened. Other tags (Event, Date, Result …)
 * are kept by people and ignored here.
 */
export const parseGame = (text: string): Result<ChineseCheckersGame> => {
  if (typeof text !== 'string') return fail('bad-notation', 'a game record is text');
  const input: Record<string, string> = {};
  let setupText: string | undefined;
  const lines = text.split(/\r?\n/);
  let body = '';
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      const m = /^\[(\w+)\s+"([^"]*)"\]$/.exec(line);
      if (!m) return fail('bad-notation', `line ${i + 1}: a tag is written [Name "value"]`);
      const option = TAGS[m[1]!];
      if (option) input[option] = m[2]!;
      else if (m[1] === 'Setup') setupText = m[2]!;
      continue;
    }
    body += ` ${line.replace(/\{[^}]*\}/g, ' ')}`;
  }
  const options = parseOptions(input);
  if (!options.ok) return options;
  let setup: Layout | undefined;
  if (setupText !== undefined) {
    const parsed = parsePosition(setupText, seatCorners(options.value.players));
    if (!parsed.ok) return parsed;
    setup = parsed.value;
  }
  const game = createGame(options.value, setup);
  if (!game.ok) return game;
  const tokens = body
    .split(/\s+/)
    .filter((t) => t.length > 0 && !/^\d+\.$/.test(t) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t));
  return playTokens(game.value, tokens);
};

export const exportGame = (game: ChineseCheckersGame): string => {
  const o = game.options;
  const tags = [
    `[Game "chinese-checkers"]`,
    `[Variant "${o.variant}"]`,
    `[Players "${o.players}"]`,
    `[Pieces "${o.pieces}"]`,
    `[Jump "${o.jump}"]`,
    `[Corners "${o.corners}"]`,
    `[Win "${o.win}"]`,
    `[MaxPlies "${o.maxPlies}"]`,
    `[Repetition "${o.repetition ? 'on' : 'off'}"]`,
  ];
  const snap = game.snapshot();
  if (typeof snap.setup === 'string') tags.push(`[Setup "${snap.setup}"]`);
  const outcome = game.outcome();
  if (outcome) tags.push(`[Result "${outcome.reason}; places ${outcome.ranking?.join(',') ?? ''}"]`);
  let ply = 0;
  const words = game.recordTokens().map((t) => (/^(resign|timeout)@|^draw-agreed$/.test(t) ? t : `${++ply}. ${t}`));
  const lines: string[] = [];
  for (let i = 0; i < words.length; i += 8) lines.push(words.slice(i, i + 8).join(' '));
  return `${tags.join('\n')}\n\n${lines.join('\n')}\n`;
};

/** Restores a game from `snapshot()` output, checking everything. */
export const fromSnapshot = (snapshot: unknown): Result<ChineseCheckersGame> => {
  if (typeof snapshot !== 'object' || snapshot === null) return fail('bad-snapshot', 'a snapshot is an object');
  const s = snapshot as Record<string, unknown>;
  if (s.game !== 'chinese-checkers') return fail('bad-snapshot', 'not a Chinese Checkers snapshot');
  if (typeof s.options !== 'object' || s.options === null) return fail('bad-snapshot', 'the snapshot has no options');
  const options = validateOptions({ ...DEFAULT_OPTIONS, ...(s.options as Partial<ChineseCheckersOptions>) });
  if (!options.ok) return options;
  let setup: Layout | undefined;
  if (typeof s.setup === 'string') {
    const parsed = parsePosition(s.setup, seatCorners(options.value.players));
    if (!parsed.ok) return parsed;
    setup = parsed.value;
  } else if (s.setup !== null && s.setup !== undefined) return fail('bad-snapshot', 'setup must be a position or null');
  if (!Array.isArray(s.record) || s.record.some((t) => typeof t !== 'string')) {
    return fail('bad-snapshot', 'record must be a list of move texts');
  }
  const game = createGame(options.value, setup);
  if (!game.ok) return game;
  return playTokens(game.value, s.record as string[]);
};

/** Leaf count at `depth` from the start position of `options`, on the fast path. */
export const perft = (options: ChineseCheckersOptions, depth: number): Result<number> => {
  if (!Number.isInteger(depth) || depth < 0) return fail('bad-depth', 'depth must be a whole number');
  const valid = validateOptions(options);
  if (!valid.ok) return valid;
  return ok(perftPosition(new Position(valid.value), depth));
};

export const chineseCheckers: GameDefinition<ChineseCheckersOptions, ChineseCheckersGame> = {
  id: 'chinese-checkers',
  parseOptions,
  // every rule is public and shared; only `seed` is left out (the game draws nothing, and a seed is the server's)
  lobbyOptions: ['players', 'pieces', 'jump', 'corners', 'win', 'variant', 'maxPlies', 'max-plies', 'repetition'],
  create: (options) => createGame(options),
  fromSnapshot,
  parseGame,
  exportGame,
  // the record is tag lines (its options and any set-up position) and moves
  record: { headers: 'lead' },
  perft,
};
