/**
 * The extended GameTypeString read from scratch for the reference: `Base[+MLP][:<flips>[/<flips>]]`.
 * The roster of a colour is the list of piece names it starts with, in the order a person would lay them out.
 */

export type Colour = 'w' | 'b';

/** Classic letter → reverse-side letter, in the canonical order of the flips. */
const BACK_OF: Readonly<Record<string, string>> = { S: 'R', B: 'T', G: 'F', A: 'W', M: 'D', L: 'K', P: 'C' };
const FRONT_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(BACK_OF).map(([f, b]) => [b, f]));
const FLIP_ORDER = 'RTFWDKC';
const TILES: Readonly<Record<string, number>> = { Q: 1, S: 2, B: 2, G: 3, A: 3, M: 1, L: 1, P: 1 };

export interface RefGameType {
  readonly expansions: string; // subset of 'MLP' in that order
  readonly rosters: Readonly<Record<Colour, readonly string[]>>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const parseFlips = (text: string, expansions: string): Parsed<Map<string, number>> => {
  const flips = new Map<string, number>();
  let last = -1;
  let i = 0;
  while (i < text.length) {
    const letter = text[i]!;
    const order = FLIP_ORDER.indexOf(letter);
    if (order < 0) return { ok: false, reason: `${letter} is not a reverse-side letter` };
    if (order <= last) return { ok: false, reason: `${letter} is out of the order ${FLIP_ORDER} or repeated` };
    last = order;
    i++;
    let digits = '';
    while (i < text.length && /[0-9]/.test(text[i]!)) digits += text[i++];
    const front = FRONT_OF[letter]!;
    const count = digits === '' ? 1 : Number(digits);
    if ('MLP'.includes(front) && !expansions.includes(front)) return { ok: false, reason: `${letter} needs ${front}` };
    if (count < 1 || count > TILES[front]!) return { ok: false, reason: `${letter}${digits}: bad count` };
    flips.set(front, count);
  }
  return { ok: true, value: flips };
};

/** A bug is numbered when the player has more than one tile able to show it (classic or reverse side). */
const numbered = (letter: string): boolean => (TILES[FRONT_OF[letter] ?? letter] ?? 1) > 1;

const roster = (colour: Colour, expansions: string, flips: Map<string, number>): string[] => {
  const names: string[] = [];
  for (const front of ['Q', 'S', 'B', 'G', 'A', 'M', 'L', 'P']) {
    if ('MLP'.includes(front) && !expansions.includes(front)) continue;
    const total = TILES[front]!;
    const back = flips.get(front) ?? 0;
    for (const [letter, n] of [
      [front, total - back],
      [BACK_OF[front] ?? '', back],
    ] as const) {
      for (let k = 1; k <= n; k++) names.push(`${colour}${letter}${numbered(letter) ? k : ''}`);
    }
  }
  return names;
};

export const parseGameType = (text: string): Parsed<RefGameType> => {
  const m = /^Base(?:\+([MLP]+))?(?::([^/]*)(?:\/(.*))?)?$/.exec(text);
  if (!m) return { ok: false, reason: `not a GameTypeString: ${text}` };
  const expansions = m[1] ?? '';
  if (
    expansions !==
      'MLP'
        .split('')
        .filter((c) => expansions.includes(c))
        .join('') ||
    new Set(expansions).size !== expansions.length
  )
    return { ok: false, reason: `expansions out of order: ${expansions}` };
  const white = parseFlips(m[2] ?? '', expansions);
  if (!white.ok) return white;
  const black = m[3] === undefined ? white : parseFlips(m[3], expansions);
  if (!black.ok) return black;
  return {
    ok: true,
    value: {
      expansions,
      rosters: { w: roster('w', expansions, white.value), b: roster('b', expansions, black.value) },
    },
  };
};
