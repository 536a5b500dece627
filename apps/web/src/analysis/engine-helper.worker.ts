/**
 * A helper thread of the analysis board's engine (engine-threads.ts starts it from the engine's worker): its first
 * message sets it up (the shared table, the game), each later one is a search it runs until the engine's answer
 * stops it. Importing the AI package loads every game's AI, which tells the helper how to search each game.
 */

import { type HelperInit, type HelperJob, helperWork } from '@qiyuan/ai';

const scope = globalThis as unknown as {
  onmessage: ((e: { data: unknown }) => void) | null;
  postMessage(m: unknown): void;
};

let work: ((job: HelperJob) => void) | undefined;

scope.onmessage = ({ data }) => {
  if (work) {
    work(data as HelperJob);
    return;
  }
  const { init, index } = data as { init: HelperInit; index: number };
  work = helperWork(init, index);
  // set up and listening: the factory's `ready` settles on this
  scope.postMessage('ready');
};
