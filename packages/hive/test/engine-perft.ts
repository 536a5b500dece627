import { hive } from '../src/index.js';

/**
 * The engine's perft count for a GameTypeString (from the start, or from a GameString of that type), as the fixtures
 * and the reference generator are compared with it.
 */
export const enginePerft = (variant: string, depth: number, position?: string): number => {
  const options = hive.parseOptions(position === undefined ? { variant } : { variant, position });
  if (!options.ok) throw new Error(`${variant}: ${options.error.reason}`);
  const n = hive.perft(options.value, depth);
  if (!n.ok) throw new Error(`${variant}: ${n.error.reason}`);
  return n.value;
};
