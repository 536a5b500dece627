import { createHash, randomBytes } from 'node:crypto';
import { commitmentText } from '@qiyuan/protocol';
import type { AnyDefinition } from './games.js';
import type { RoomMeta } from './room.js';

/**
 * The one place where the server draws the seed of a new game (random layouts:
 * 翻棋, random setups). It is the server's alone: a seed chosen or known by a
 * player would let that player predict every hidden piece. 16 random bytes as 32 hex digits (128 bits,
 * docs/FAIRPLAY.md): games stored before carry a 31-bit number, which the engines still accept to replay them.
 */
export const drawSeed = (): string => randomBytes(16).toString('hex');

/**
 * The salt of a game's commitment (docs/FAIRPLAY.md): 32 random bytes as hex. Old seeds have about two billion
 * values, so their hash alone would give them away to anyone who tried them all; with the salt they cannot be found.
 */
export const drawSalt = (): string => randomBytes(32).toString('hex');

const commitments = new WeakMap<RoomMeta, string | undefined>();

/**
 * The commitment every viewer is told from the start: SHA-256 of the seed, the salt and the start they give
 * (`commitmentText`). Undefined for a game stored before commitments (no salt).
 */
export const commitmentFor = (meta: RoomMeta, def: AnyDefinition): string | undefined => {
  if (commitments.has(meta)) return commitments.get(meta);
  const { seed } = meta.options;
  const salt = meta.salt;
  let out: string | undefined;
  if ((typeof seed === 'number' || typeof seed === 'string') && salt !== undefined) {
    const parsed = def.parseOptions(meta.options);
    const created = parsed.ok ? def.create(parsed.value) : parsed;
    if (created.ok) {
      const text = commitmentText({
        gameId: meta.id,
        game: meta.game,
        seed,
        salt,
        start: created.value.positionToString(),
      });
      out = createHash('sha256').update(text).digest('hex');
    }
  }
  commitments.set(meta, out);
  return out;
};
