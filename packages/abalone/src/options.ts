import { fail, ok, type Result } from '@qiyuan/core';
import type { AbaloneOptions } from './game.js';
import { START_POSITIONS, type StartPosition } from './layouts.js';

export { START_POSITIONS } from './layouts.js';

/*
 * Abalone's options as a form or a command line gives them, apart from the game's rules: a page that only offers the
 * options (the create form) parses them without loading the game.
 */

const bool = (v: unknown): boolean | undefined =>
  v === true || v === 'true' || v === 'on' || v === '1'
    ? true
    : v === false || v === 'false' || v === 'off' || v === '0'
      ? false
      : undefined;

export const parseAbaloneOptions = (input: Readonly<Record<string, unknown>>): Result<AbaloneOptions> => {
  const known = new Set(['start', 'repetition', 'maxPlies', 'max-plies', 'seed', 'players', 'variant', 'setup']);
  for (const key of Object.keys(input))
    if (!known.has(key)) return fail('bad-option', `unknown Abalone option "${key}"`);
  const start = input.start ?? input.variant ?? 'standard';
  if (typeof start !== 'string' || !(START_POSITIONS as readonly string[]).includes(start))
    return fail('bad-option', `start must be one of ${START_POSITIONS.join(', ')}`);
  const rep = input.repetition === undefined ? false : bool(input.repetition);
  if (rep === undefined) return fail('bad-option', 'repetition must be true or false');
  const capRaw = input.maxPlies ?? input['max-plies'] ?? 0;
  const maxPlies = Number(capRaw);
  if (!Number.isInteger(maxPlies) || maxPlies < 0)
    return fail('bad-option', 'maxPlies must be a whole number (0: no cap)');
  if (input.players !== undefined && Number(input.players) !== 2) return fail('bad-option', 'Abalone is for 2 players');
  if (input.setup === undefined || input.setup === '')
    return ok({ start: start as StartPosition, repetition: rep, maxPlies });
  const setup = parseSetup(input.setup);
  if (!setup.ok) return setup;
  return ok({ start: start as StartPosition, repetition: rep, maxPlies, setup: setup.value });
};

/**
 * Checks a position set up by hand: 61 cells from A1 to I9 (`b` Black, `w` White, `.` empty), a space, the colour to
 * move. Each side has 9 to 14 marbles: the marbles it lacks of its fourteen count as pushed off, and six pushed off
 * would have ended the game already.
 */
export const parseSetup = (input: unknown): Result<string> => {
  const text = typeof input === 'string' ? input.trim().replace(/\s+/g, ' ') : '';
  const m = /^([.bw]{61}) ([bw])$/.exec(text);
  if (!m)
    return fail('bad-setup', 'a set-up position is 61 cells from A1 to I9 (b, w or .), a space and b or w to move');
  for (const [letter, name] of [
    ['b', 'Black'],
    ['w', 'White'],
  ] as const) {
    const n = [...m[1]!].filter((c) => c === letter).length;
    if (n > 14) return fail('bad-setup', `${name} has ${n} marbles; a side has at most 14`);
    if (n < 9) return fail('bad-setup', `${name} has ${n} marbles: with six pushed off the game is already over`);
  }
  return ok(`${m[1]} ${m[2]}`);
};
