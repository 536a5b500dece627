import { randomBytes } from 'node:crypto';

/**
 * The one place where the server draws the seed of a new game (random layouts:
 * 翻棋, random setups). It is the server's alone: a seed chosen or known by a
 * player would let that player predict every hidden piece.
 */
export const drawSeed = (): number => randomBytes(4).readUInt32BE() & 0x7fffffff;
