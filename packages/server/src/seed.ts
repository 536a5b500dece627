import { randomBytes } from 'node:crypto';

/**
 * The one place where the server draws the seed of a new game (random layouts:
 * 翻棋, random setups). It is the server's alone: a seed chosen or known by a
 * player would let that player predict every hidden piece.
 */
export const drawSeed = (): number => randomBytes(4).readUInt32BE() & 0x7fffffff;

/** Options only the server sets: a client naming one is refused, never silently overridden. */
const SERVER_ONLY_OPTIONS = ['seed'] as const;

/** Why a client's game options are refused (they name an option only the server sets), or undefined when they are not. */
export const serverOnlyOption = (options: Readonly<Record<string, unknown>>): string | undefined => {
  const named = SERVER_ONLY_OPTIONS.find((k) => Object.hasOwn(options, k));
  return named === undefined
    ? undefined
    : `the option "${named}" is chosen by the server for every game (a player who chose it could predict hidden pieces); leave it out`;
};
