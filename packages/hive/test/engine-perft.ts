import { hive } from '../src/index.js';

/** The engine's perft count for a GameTypeString, as the fixtures and the reference generator are compared with it. */
export const enginePerft = (variant: string, depth: number): number => {
  const options = hive.parseOptions({ variant });
  if (!options.ok) throw new Error(`${variant}: ${options.error.reason}`);
  const n = hive.perft(options.value, depth);
  if (!n.ok) throw new Error(`${variant}: ${n.error.reason}`);
  return n.value;
};
