/**
 * Commit–reveal of the server's randomness (docs/FAIRPLAY.md). When a game
 * is created the server draws its seed and a salt and tells every viewer the
 * commitment: the SHA-256 of `commitmentText`. Both stay secret until the game
 * is over; then they are published with the game's options, and anyone can
 * hash them again and create the game from them to see that the hidden layout
 * played was the one promised at the start.
 */

export const COMMITMENT_VERSION = 'qiyuan-commitment-1';

/** What a commitment binds: the game, the server's secret seed and salt, and the start the seed gave. */
export interface Reveal {
  readonly gameId: string;
  readonly game: string;
  /** 32 hex digits; a number in games stored before seeds had 128 bits. */
  readonly seed: number | string;
  /** 64 hex digits (32 random bytes): without it a seed of a few billion values could be found from its hash. */
  readonly salt: string;
  /** The engine's `positionToString()` of the game as created (翻棋: every face-down piece). */
  readonly start: string;
}

/** The exact text that is hashed: a JSON array, so that no field can run into the next. */
export const commitmentText = (r: Reveal): string =>
  JSON.stringify([COMMITMENT_VERSION, r.gameId, r.game, String(r.seed), r.salt, r.start]);

const hex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the UTF-8 text, as 64 lowercase hex digits (Web Crypto: the browser and Node alike). */
export const sha256Hex = async (text: string): Promise<string> =>
  hex(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

export const commitmentOf = (r: Reveal): Promise<string> => sha256Hex(commitmentText(r));

/** Whether the revealed values hash to the commitment given at the start. */
export const verifyReveal = async (commitment: string, r: Reveal): Promise<boolean> =>
  /^[0-9a-f]{64}$/.test(commitment) && (await commitmentOf(r)) === commitment;
