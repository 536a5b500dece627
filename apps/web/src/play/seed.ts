/**
 * The seed of a new game at this screen (翻棋 layouts, random setups): 16 random bytes as 32 hex digits, the
 * same 128-bit form the server draws (docs/FAIRPLAY.md). Without one every local game took the engine's default
 * seed and so the same hidden layout each time.
 */
export const freshGameSeed = (): string => {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};
