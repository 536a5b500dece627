import { type BaseOptions, fail, ok, type Result } from '@qiyuan/core';

/** Player counts the star seats fairly (five would leave one corner unopposed). */
export const PLAYER_COUNTS = [2, 3, 4, 6] as const;
export type PlayerCount = (typeof PLAYER_COUNTS)[number];

export const PIECE_COUNTS = [10, 15] as const;
export type PieceCount = (typeof PIECE_COUNTS)[number];

/**
 * - `adjacent`: jump a neighbouring piece to the empty point right behind it (2 steps).
 * - `long`: the symmetric long jump: over one piece at any distance along a line,
 *   landing as far beyond it, every other point on the way empty.
 */
export const JUMP_RULES = ['adjacent', 'long'] as const;
export type JumpRule = (typeof JUMP_RULES)[number];

/**
 * The corners that are neither a piece's home nor its goal:
 * - `open`: a piece may enter, pass through and stop in them.
 * - `pass`: a jump chain may land in them on its way, but a move may not end there.
 * - `closed`: a piece may not land in them at all (not even in the middle of a chain).
 * In 食棋 the pieces belong to nobody: `open` plays on the whole star, `closed`
 * keeps every piece inside the central hexagon (`pass` is refused).
 */
export const CORNER_RULES = ['open', 'pass', 'closed'] as const;
export type CornerRule = (typeof CORNER_RULES)[number];

/**
 * When a player has arrived. The source says: all of its pieces in the opposite
 * corner. Keeping a piece at home would then stop the opponent for ever, so:
 * - `blocker` (default): every goal point is occupied, at least one by the
 *   player's own piece, and every other seat's piece there that has never
 *   moved from its own home belongs to a seat that has already made as many
 *   moves as it has pieces (time enough to have left home) or has left the
 *   rotation. Until then such a piece is not yet blocking on purpose, so it
 *   does not complete anyone's goal; a piece that has moved counts at once.
 * - `filled`: every goal point occupied and at least one by the player's own
 *   piece, from the first move (Parlett's criterion, as in research play).
 * - `own`: every goal point must hold one of its own pieces.
 */
export const WIN_RULES = ['blocker', 'filled', 'own'] as const;
export type WinRule = (typeof WIN_RULES)[number];

/** `race`: the usual game. `capture`: 食棋, the peg-solitaire variant on the central hexagon. */
export const VARIANTS = ['race', 'capture'] as const;
export type Variant = (typeof VARIANTS)[number];

export interface ChineseCheckersOptions extends BaseOptions {
  readonly players: PlayerCount;
  readonly pieces: PieceCount;
  readonly jump: JumpRule;
  readonly corners: CornerRule;
  readonly win: WinRule;
  readonly variant: Variant;
  /** The game ends after this many moves (all players counted); 0 for no cap. */
  readonly maxPlies: number;
  /** Whether the third occurrence of a position with the same player to move ends the game. */
  readonly repetition: boolean;
}

export const DEFAULT_OPTIONS: ChineseCheckersOptions = Object.freeze({
  players: 2,
  pieces: 10,
  jump: 'adjacent',
  corners: 'open',
  win: 'blocker',
  variant: 'race',
  maxPlies: 0,
  repetition: true,
});

/**
 * The corner rule when none is chosen: the race uses the whole star; 食棋 is the
 * source's peg-solitaire picture, the pieces filling the central hexagon and
 * playing inside it (open corners would let 48 of the 54 opening captures jump
 * out of the hexagon).
 */
export const defaultCorners = (variant: Variant): CornerRule => (variant === 'capture' ? 'closed' : 'open');

const KNOWN_KEYS = new Set([
  'players',
  'pieces',
  'jump',
  'corners',
  'win',
  'variant',
  'maxPlies',
  'max-plies',
  'repetition',
  'seed',
]);

const pickWord = <T extends string>(
  input: Readonly<Record<string, unknown>>,
  key: string,
  allowed: readonly T[],
  fallback: T,
): Result<T> => {
  const value = input[key];
  if (value === undefined) return ok(fallback);
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return ok(value as T);
  return fail('bad-option', `${key} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}`);
};

const pickInteger = (
  input: Readonly<Record<string, unknown>>,
  key: string,
  fallback: number,
  min: number,
  max: number,
): Result<number> => {
  const value = input[key];
  if (value === undefined) return ok(fallback);
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    return fail('bad-option', `${key} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  }
  return ok(n);
};

const pickBoolean = (input: Readonly<Record<string, unknown>>, key: string, fallback: boolean): Result<boolean> => {
  const value = input[key];
  if (value === undefined) return ok(fallback);
  if (value === true || value === 'on' || value === 'true' || value === 'yes') return ok(true);
  if (value === false || value === 'off' || value === 'false' || value === 'no') return ok(false);
  return fail('bad-option', `${key} must be on or off, not ${JSON.stringify(value)}`);
};

/** Loose input (CLI flags, lobby forms, JSON) into options, with a reason when wrong. */
export const parseOptions = (input: Readonly<Record<string, unknown>>): Result<ChineseCheckersOptions> => {
  if (typeof input !== 'object' || input === null) return fail('bad-option', 'options must be an object');
  for (const key of Object.keys(input)) {
    if (!KNOWN_KEYS.has(key)) {
      return fail(
        'bad-option',
        `unknown option "${key}" (known: players, pieces, jump, corners, win, variant, max-plies, repetition)`,
      );
    }
  }
  const d = DEFAULT_OPTIONS;
  const players = pickInteger(input, 'players', d.players, 2, 6);
  if (!players.ok) return players;
  if (!(PLAYER_COUNTS as readonly number[]).includes(players.value)) {
    return fail('bad-option', `players must be 2, 3, 4 or 6 (five would leave a corner without its opponent)`);
  }
  const pieces = pickInteger(input, 'pieces', d.pieces, 10, 15);
  if (!pieces.ok) return pieces;
  if (pieces.value !== 10 && pieces.value !== 15) return fail('bad-option', 'pieces must be 10 or 15');
  const variant = pickWord(input, 'variant', VARIANTS, d.variant);
  if (!variant.ok) return variant;
  const jump = pickWord(input, 'jump', JUMP_RULES, d.jump);
  if (!jump.ok) return jump;
  const corners = pickWord(input, 'corners', CORNER_RULES, defaultCorners(variant.value));
  if (!corners.ok) return corners;
  const win = pickWord(input, 'win', WIN_RULES, d.win);
  if (!win.ok) return win;
  const capKey = input.maxPlies !== undefined ? 'maxPlies' : 'max-plies';
  const maxPlies = pickInteger(input, capKey, d.maxPlies, 0, 1_000_000);
  if (!maxPlies.ok) return maxPlies;
  const repetition = pickBoolean(input, 'repetition', d.repetition);
  if (!repetition.ok) return repetition;
  const seed = input.seed;
  if (
    seed !== undefined &&
    !(typeof seed === 'number' || (typeof seed === 'string' && /^(-?\d+|[0-9a-f]{32})$/.test(seed)))
  ) {
    return fail('bad-option', "seed must be 32 lowercase hex digits (or a stored game's whole number)");
  }
  const options: ChineseCheckersOptions = {
    players: players.value as PlayerCount,
    pieces: pieces.value as PieceCount,
    jump: jump.value,
    corners: corners.value,
    win: win.value,
    variant: variant.value,
    maxPlies: maxPlies.value,
    repetition: repetition.value,
  };
  return validateOptions(options);
};

/** Checks a complete options value (from code or a snapshot) for combinations the board cannot hold. */
export const validateOptions = (o: ChineseCheckersOptions): Result<ChineseCheckersOptions> => {
  if (!(PLAYER_COUNTS as readonly number[]).includes(o.players))
    return fail('bad-option', 'players must be 2, 3, 4 or 6');
  if (o.pieces !== 10 && o.pieces !== 15) return fail('bad-option', 'pieces must be 10 or 15');
  // the combinations a player can choose on a form have codes of their own, so a page can word each one
  if (o.pieces === 15 && o.players > 3) {
    return fail(
      'pieces-for-players',
      '15 pieces fit only 2 or 3 players: neighbouring 15-point homes would share a point',
    );
  }
  if (o.variant === 'capture' && o.pieces !== 10) {
    return fail('capture-pieces', '食棋 (capture) always fills the central hexagon with the 60 pieces of six colours');
  }
  if (o.variant === 'capture' && o.corners === 'pass') {
    return fail('capture-corners', 'in 食棋 the corners are open (the whole star) or closed (the hexagon only)');
  }
  if (!(JUMP_RULES as readonly string[]).includes(o.jump)) return fail('bad-option', 'jump must be adjacent or long');
  if (!(CORNER_RULES as readonly string[]).includes(o.corners))
    return fail('bad-option', 'corners must be open, pass or closed');
  if (!(WIN_RULES as readonly string[]).includes(o.win))
    return fail('bad-option', 'win must be blocker, filled or own');
  if (!(VARIANTS as readonly string[]).includes(o.variant))
    return fail('bad-option', 'variant must be race or capture');
  if (!Number.isInteger(o.maxPlies) || o.maxPlies < 0) return fail('bad-option', 'maxPlies must be a whole number');
  if (typeof o.repetition !== 'boolean') return fail('bad-option', 'repetition must be true or false');
  return ok(o);
};

/** The corner each seat starts in, in turn order (counter-clockwise around the star). */
export const seatCorners = (players: PlayerCount): readonly number[] => {
  switch (players) {
    case 2:
      return [0, 3];
    case 3:
      return [0, 2, 4];
    case 4:
      return [0, 1, 3, 4];
    case 6:
      return [0, 1, 2, 3, 4, 5];
  }
};
