import { fail, ok, type Result } from '@qiyuan/core';

/** The expansions of a UHP GameTypeString: `Base`, `Base+M`, … `Base+MLP`. */
export interface Expansions {
  readonly mosquito: boolean;
  readonly ladybug: boolean;
  readonly pillbug: boolean;
}

export const gameTypeString = (e: Expansions): string => {
  const letters = `${e.mosquito ? 'M' : ''}${e.ladybug ? 'L' : ''}${e.pillbug ? 'P' : ''}`;
  return letters ? `Base+${letters}` : 'Base';
};

export const parseGameType = (text: string): Result<Expansions> => {
  const m = /^Base(?:\+([MLP]+))?$/.exec(text.trim());
  if (!m) return fail('bad-game-type', `"${text}" is not a GameTypeString (Base, Base+M, … Base+MLP)`);
  const letters = m[1] ?? '';
  if (
    new Set(letters).size !== letters.length ||
    letters !== [...letters].sort((a, b) => 'MLP'.indexOf(a) - 'MLP'.indexOf(b)).join('')
  )
    return fail('bad-game-type', `"${text}": expansions are written once each, in the order M, L, P`);
  return ok({ mosquito: letters.includes('M'), ladybug: letters.includes('L'), pillbug: letters.includes('P') });
};
