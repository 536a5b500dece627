import { fail, ok, type Result } from '@qiyuan/core';
import type { HiveOptions } from './game.js';
import { parseGameType } from './gametype.js';

/*
 * Hive's options as a form or a command line gives them, apart from the game's rules: a page that only offers the
 * options (the create form) parses them without loading the move generator.
 */

export const DEFAULT_HIVE_OPTIONS: HiveOptions = {
  mosquito: false,
  ladybug: false,
  pillbug: false,
  flips: [{}, {}],
  rosterPhase: false,
  tournamentOpening: true,
  repetition: true,
  pillbugDutchRule: false,
};

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
