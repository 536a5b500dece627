import { fail, ok, type Result } from '@qiyuan/core';
import { BUG_COUNTS, type Flips, FRONT_OF, REVERSE_BUGS, type ReverseBug } from './bugs.js';

/** The expansions of a UHP GameTypeString: `Base`, `Base+M`, … `Base+MLP`. */
export interface Expansions {
  readonly mosquito: boolean;
  readonly ladybug: boolean;
  readonly pillbug: boolean;
}

/**
 * An extended GameTypeString (docs/rules/hive.md, "Notation"): the UHP type,
 * then optionally `:` and the reverse sides each player shows —
 * `Base+MLP:R2T2F3W3DKC` (both alike), `Base+MLP:T1F2W/R2DC` (White/Black),
 * or `Base+MLP:?` (the advanced game: each player chooses in a roster phase).
 */
export interface GameType extends Expansions {
  readonly flips: readonly [Flips, Flips];
  readonly rosterPhase: boolean;
}

const expansionLetters = (e: Expansions): string =>
  `${e.mosquito ? 'M' : ''}${e.ladybug ? 'L' : ''}${e.pillbug ? 'P' : ''}`;

/** The UHP part alone (`Base+MLP`). */
export const baseGameTypeString = (e: Expansions): string => {
  const letters = expansionLetters(e);
  return letters ? `Base+${letters}` : 'Base';
};

/** One player's reverse sides in canonical form: letters in the order R T F W D K C, a count only above 1. */
export const flipsToString = (f: Flips): string =>
  REVERSE_BUGS.filter((b) => (f[b] ?? 0) > 0)
    .map((b) => (f[b] === 1 ? b : `${b}${f[b]}`))
    .join('');

export const sameFlips = (a: Flips, b: Flips): boolean => flipsToString(a) === flipsToString(b);

/** The canonical GameTypeString: the bare UHP type when nobody shows a reverse side. */
export const gameTypeString = (t: Expansions & Partial<Omit<GameType, keyof Expansions>>): string => {
  const base = baseGameTypeString(t);
  if (t.rosterPhase) return `${base}:?`;
  const [w, b] = t.flips ?? [{}, {}];
  const ws = flipsToString(w);
  const bs = flipsToString(b);
  if (ws === '' && bs === '') return base;
  return ws === bs ? `${base}:${ws}` : `${base}:${ws}/${bs}`;
};

const NEEDS: Readonly<Record<string, keyof Expansions>> = { M: 'mosquito', L: 'ladybug', P: 'pillbug' };

/** Reads one player's reverse sides (`T1F2W`) for a game with expansions `e`. */
export const parseFlips = (text: string, e: Expansions): Result<Flips> => {
  const flips: Partial<Record<ReverseBug, number>> = {};
  let last = -1;
  const re = /([A-Z])(\d*)/y;
  let i = 0;
  while (i < text.length) {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) return fail('bad-game-type', `"${text}": expected reverse-side letters (R T F W D K C), each with a count`);
    i = re.lastIndex;
    const letter = m[1] as ReverseBug;
    const order = REVERSE_BUGS.indexOf(letter);
    if (order < 0)
      return fail(
        'bad-game-type',
        `"${letter}" is not a reverse side (R Scorpion, T Mantis, F Fly, W Wasp, D Dragonfly, K Cockroach, C Centipede)`,
      );
    if (order <= last)
      return fail('bad-game-type', `"${text}": reverse sides are written once each, in the order RTFWDKC`);
    last = order;
    const front = FRONT_OF[letter];
    const need = NEEDS[front];
    if (need && !e[need])
      return fail('bad-game-type', `${letter} is the back of the ${front} tile, which needs the +${front} expansion`);
    const count = m[2] === '' ? 1 : Number(m[2]);
    const max = BUG_COUNTS[front];
    if (!Number.isInteger(count) || count < 1 || count > max)
      return fail(
        'bad-game-type',
        `${letter}${m[2]}: a player has ${max} ${front} tile${max > 1 ? 's' : ''} to turn over`,
      );
    flips[letter] = count;
  }
  return ok(flips);
};

export const parseGameType = (text: string): Result<GameType> => {
  const m = /^Base(?:\+([A-Z]+))?(?::(.*))?$/.exec(text.trim());
  if (!m)
    return fail(
      'bad-game-type',
      `"${text}" is not a GameTypeString (Base, Base+M, … Base+MLP, optionally :<reverse sides> or :?)`,
    );
  const letters = m[1] ?? '';
  if (
    /[^MLP]/.test(letters) ||
    new Set(letters).size !== letters.length ||
    letters !== [...letters].sort((a, b) => 'MLP'.indexOf(a) - 'MLP'.indexOf(b)).join('')
  )
    return fail('bad-game-type', `"${text}": expansions are M, L and P, written once each, in that order`);
  const e = { mosquito: letters.includes('M'), ladybug: letters.includes('L'), pillbug: letters.includes('P') };
  const rest = m[2];
  if (rest === undefined) return ok({ ...e, flips: [{}, {}], rosterPhase: false });
  if (rest === '?') return ok({ ...e, flips: [{}, {}], rosterPhase: true });
  const parts = rest.split('/');
  if (parts.length > 2) return fail('bad-game-type', `"${text}": at most two rosters, White/Black`);
  const white = parseFlips(parts[0]!, e);
  if (!white.ok) return white;
  const black = parts.length === 2 ? parseFlips(parts[1]!, e) : white;
  if (!black.ok) return black;
  return ok({ ...e, flips: [white.value, black.value], rosterPhase: false });
};
