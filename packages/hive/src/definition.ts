import { fail, type GameDefinition, ok, type Result } from '@qiyuan/core';
import { DEFAULT_HIVE_OPTIONS, type HiveGame, type HiveOptions, parseGameString, rosterMove } from './game.js';
import { gameTypeString, parseFlips, parseGameType } from './gametype.js';
import { isHivePgn, readHivePgn, writeHivePgn } from './record.js';
import { isSetupString, parseSetupGame } from './setup.js';

export interface HiveDefinitionOptions extends HiveOptions {
  /** A UHP GameString, a PGN record (Mzinga's) or a set-up position (setup.ts) to start from (perft, analysis, a pasted game). */
  readonly position?: string;
}

const flag = (v: unknown, name: string, fallback: boolean): Result<boolean> => {
  if (v === undefined) return ok(fallback);
  if (v === true || v === 'true' || v === 'on' || v === '1') return ok(true);
  if (v === false || v === 'false' || v === 'off' || v === '0') return ok(false);
  return fail('bad-option', `${name} must be on or off`);
};

/**
 * Option `sides` (the create form's choice): `none`, `advanced` (each player chooses in a roster phase: `:?`),
 * `all` (every tile of the game type on its back), or reverse sides as in the GameTypeString (`F3`, `T/R2`).
 */
const withSides = (variant: string, sides: unknown): string => {
  if (sides === undefined || sides === '' || sides === 'none') return variant;
  const text = String(sides);
  // A game type that already names its sides and a second naming is refused by the parser (two colons).
  if (text === 'advanced') return `${variant}:?`;
  if (text === 'all') {
    const m = /^Base(?:\+([MLP]+))?$/.exec(variant);
    const letters = m?.[1] ?? '';
    return `${variant}:R2T2F3W3${letters.includes('M') ? 'D' : ''}${letters.includes('L') ? 'K' : ''}${letters.includes('P') ? 'C' : ''}`;
  }
  return `${variant}:${text}`;
};

export const parseHiveOptions = (input: Readonly<Record<string, unknown>>): Result<HiveDefinitionOptions> => {
  const known = [
    'variant',
    'gameType',
    'tournamentOpening',
    'repetition',
    'pillbugDutchRule',
    'position',
    'seed',
    'players',
    'sides',
  ];
  for (const k of Object.keys(input)) if (!known.includes(k)) return fail('bad-option', `unknown Hive option "${k}"`);
  const type = parseGameType(withSides(String(input.variant ?? input.gameType ?? 'Base'), input.sides));
  if (!type.ok) return type;
  const t = flag(input.tournamentOpening, 'tournamentOpening', DEFAULT_HIVE_OPTIONS.tournamentOpening);
  const r = flag(input.repetition, 'repetition', DEFAULT_HIVE_OPTIONS.repetition);
  const d = flag(input.pillbugDutchRule, 'pillbugDutchRule', DEFAULT_HIVE_OPTIONS.pillbugDutchRule);
  if (!t.ok) return t;
  if (!r.ok) return r;
  if (!d.ok) return d;
  if (input.players !== undefined && Number(input.players) !== 2) return fail('bad-option', 'Hive is for 2 players');
  if (input.position !== undefined && typeof input.position !== 'string')
    return fail('bad-option', 'position must be a GameString');
  return ok({
    ...type.value,
    tournamentOpening: t.value,
    repetition: r.value,
    pillbugDutchRule: d.value,
    ...(typeof input.position === 'string' ? { position: input.position } : {}),
  });
};

const create = (options: HiveDefinitionOptions): Result<HiveGame> => {
  const { position, ...rest } = options;
  if (position !== undefined) {
    if (isSetupString(position)) return parseSetupGame(position, rest);
    return isHivePgn(position) ? readHivePgn(position, rest) : parseGameString(position, rest);
  }
  return parseGameString(gameTypeString(options), rest);
};

export const hive: GameDefinition<HiveDefinitionOptions, HiveGame> = {
  id: 'hive',
  parseOptions: parseHiveOptions,
  // not `position` (a start fixed by the creator) nor `seed`: a game between people starts from the empty table
  lobbyOptions: ['variant', 'gameType', 'sides', 'tournamentOpening', 'repetition', 'pillbugDutchRule', 'players'],
  create,
  fromSnapshot(snapshot) {
    const s = snapshot as { game?: unknown; options?: Record<string, unknown>; moves?: unknown; ended?: unknown };
    if (!s || typeof s !== 'object' || s.game !== 'hive' || !Array.isArray(s.moves))
      return fail('bad-snapshot', 'not a Hive snapshot');
    const o = s.options ?? {};
    // Older snapshots carry the expansions as flags only.
    const variant =
      typeof o.variant === 'string'
        ? o.variant
        : `Base${o.mosquito || o.ladybug || o.pillbug ? `+${o.mosquito ? 'M' : ''}${o.ladybug ? 'L' : ''}${o.pillbug ? 'P' : ''}` : ''}`;
    const setup = (s as { setup?: unknown }).setup;
    const options = parseHiveOptions({
      variant,
      tournamentOpening: o.tournamentOpening,
      repetition: o.repetition,
      pillbugDutchRule: o.pillbugDutchRule,
      ...(typeof setup === 'string' ? { position: setup } : {}),
    });
    if (!options.ok) return options;
    const created = create(options.value);
    if (!created.ok) return created;
    const game = created.value;
    const rosters = (s as { rosters?: unknown }).rosters ?? [];
    if (!Array.isArray(rosters)) return fail('bad-snapshot', 'rosters must be a list');
    for (const r of rosters as { seat?: unknown; flips?: unknown }[]) {
      const flips =
        typeof r?.flips === 'string' ? parseFlips(r.flips, options.value) : fail('bad-snapshot', 'bad roster');
      if (!flips.ok) return flips;
      const played = game.play(rosterMove(flips.value), Number(r.seat));
      if (!played.ok) return played;
    }
    for (const text of s.moves) {
      const m = typeof text === 'string' ? game.parseMove(text) : fail('bad-snapshot', 'moves must be strings');
      if (!m.ok) return m;
      const played = game.play(m.value);
      if (!played.ok) return played;
    }
    const ended = s.ended as { reason?: string; results?: string[] } | null;
    if (ended?.reason === 'draw-agreed') game.apply({ type: 'draw-agreed' });
    else if (ended?.reason === 'resignation' || ended?.reason === 'timeout')
      game.apply({
        type: ended.reason === 'resignation' ? 'resign' : 'timeout',
        seat: ended.results?.indexOf('loss') ?? -1,
      });
    return ok(game);
  },
  parseGame(text) {
    if (isHivePgn(text)) return readHivePgn(text);
    if (isSetupString(text)) return parseSetupGame(text);
    const strict = parseGameString(text);
    if (strict.ok) return strict;
    // A game decided off the board (resignation, time, agreed draw) is exported with its result, though
    // its moves alone lead to InProgress: read the result back as that platform event.
    const parts = text.trim().split(';');
    const state = parts[1];
    if (state !== 'WhiteWins' && state !== 'BlackWins' && state !== 'Draw') return strict;
    const open = parseGameString([parts[0], 'InProgress', ...parts.slice(2)].join(';'));
    if (!open.ok) return strict;
    const game = open.value;
    if (state === 'Draw') game.apply({ type: 'draw-agreed' });
    else game.apply({ type: 'resign', seat: state === 'WhiteWins' ? 1 : 0 });
    return ok(game);
  },
  // the GameString: engines read it, and the web app adds the players' tags by writing it as PGN (record.ts)
  exportGame: (game) => game.positionToString(),
  // the tags make the GameString a PGN record (Mzinga's), with White and Black first
  record: { seatTags: ['White', 'Black'], headers: writeHivePgn },
  perft(options, depth) {
    if (!Number.isInteger(depth) || depth < 0) return fail('bad-depth', 'depth must be a whole number');
    const g = create(options);
    if (!g.ok) return g;
    if (g.value.inRosterPhase) return fail('roster-phase', 'perft needs fixed rosters: give the reverse sides, not :?');
    return ok(g.value.position.perft(depth));
  },
};
