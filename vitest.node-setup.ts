import { AIS } from '@qiyuan/ai';
import { beforeAll } from 'vitest';

/**
 * Run before each file of the `node` project, whose worker processes run one file after another (`isolate: false`):
 * the AIs' searchers keep their tables between moves, so a file starts from fresh ones, as it would in a process of
 * its own, whatever file the worker ran before it.
 */
beforeAll(() => {
  for (const ai of Object.values(AIS)) ai.reset?.();
});
