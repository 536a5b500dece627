/**
 * The analysis board's engine, in a Web Worker loaded only when the player starts it: the same search as the AI
 * levels and `qiyuan analyse`, deepened one ply at a time, each depth's best lines posted as soon as it is done. The
 * page stops it by ending the worker (a search in progress cannot be interrupted otherwise), which ends its helper
 * threads with it. With more than one thread asked for, helpers (engine-threads.ts) search each root beside it.
 */

import { type Analysis, AnalysisThreads, analysePosition, MAX_ANALYSIS_DEPTH, subjectOf } from '@qiyuan/ai';
import { engineFor } from '@qiyuan/games';
import type { EngineAsk, EngineReply } from './engine-protocol.js';
import { webHelperThreads } from './engine-threads.js';

const scope = globalThis as unknown as {
  onmessage: ((e: { data: EngineAsk }) => void) | null;
  postMessage(m: EngineReply): void;
};

/** Every line proven (a forced win or loss): deeper search changes nothing a player reads. */
const settled = (a: Analysis): boolean => a.lines.every((l) => !('cp' in l.score));

/** Searches `ask`'s position depth by depth; a refusal is posted with the engine's code. */
const analyse = async (ask: EngineAsk): Promise<void> => {
  const def = engineFor(ask.game);
  if (!def) {
    scope.postMessage({ id: ask.id, kind: 'error', code: 'no-engine', reason: `no engine for ${ask.game}` });
    return;
  }
  const game = def.fromSnapshot(ask.snapshot);
  if (!game.ok) {
    scope.postMessage({ id: ask.id, kind: 'error', code: game.error.code, reason: game.error.reason });
    return;
  }
  const threads = new AnalysisThreads(ask.threads, ask.threads > 1 ? webHelperThreads() : undefined);
  // the helpers start before the first search: this worker does not yield again until it is done, and a browser may
  // not start a worker while the one that made it is busy
  const subject = subjectOf(game.value);
  if (ask.threads > 1 && subject.ok) await threads.prepare(game.value, subject.value);
  const maxDepth = Math.min(ask.maxDepth, MAX_ANALYSIS_DEPTH);
  for (let depth = 1; depth <= maxDepth; depth++) {
    const started = performance.now();
    const result = analysePosition(game.value, { depth }, ask.lines, threads);
    if (!result.ok) {
      scope.postMessage({ id: ask.id, kind: 'error', code: result.error.code, reason: result.error.reason });
      return;
    }
    scope.postMessage({
      id: ask.id,
      kind: 'lines',
      analysis: result.value,
      ms: performance.now() - started,
      helperNodes: threads.helperNodes(),
    });
    if (settled(result.value)) break;
  }
  scope.postMessage({ id: ask.id, kind: 'done' });
};

scope.onmessage = ({ data: ask }) => {
  analyse(ask).catch((e: unknown) => {
    // an engine that breaks down says so with a code the page words, not with the exception's English message
    scope.postMessage({
      id: ask.id,
      kind: 'error',
      code: 'crashed',
      reason: e instanceof Error ? e.message : String(e),
    });
  });
};
