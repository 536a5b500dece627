import { GAME_IDS, type GameId } from '@qiyuan/core';
import type { AiReply, AiRequest } from './protocol.js';
import { AIS } from './registry.js';

const failure = (id: number | undefined, code: string, reason: string): AiReply => ({
  ...(id !== undefined ? { id } : {}),
  ok: false,
  error: { code, reason },
});

/**
 * Answers one request: the same function runs in process, in a worker thread
 * and in a Web Worker. It never throws: bad input and engine failures come
 * back as `ok: false` with a reason.
 */
export const answer = (input: unknown): AiReply => {
  const req = input as Partial<AiRequest> | null;
  const id = typeof req?.id === 'number' ? req.id : undefined;
  if (typeof req !== 'object' || req === null) return failure(id, 'bad-request', 'a request is an object');
  if (!GAME_IDS.includes(req.game as GameId)) return failure(id, 'bad-request', `unknown game "${String(req.game)}"`);
  const ai = AIS[req.game as GameId];
  if (!ai) return failure(id, 'no-ai', `no AI for ${req.game} yet`);
  if (typeof req.player !== 'string') return failure(id, 'bad-request', 'player must be a level or baseline name');
  if (!Number.isInteger(req.seat) || (req.seat as number) < 0)
    return failure(id, 'bad-request', 'seat must be a seat number');
  if (typeof req.position !== 'object' || req.position === null)
    return failure(id, 'bad-request', 'position is missing');
  for (const k of ['timeMs', 'depth', 'seed', 'iterations', 'nodes'] as const) {
    const v = req[k];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) {
      return failure(id, 'bad-request', `${k} must be a non-negative number`);
    }
  }
  if (req.threads !== undefined && (!Number.isInteger(req.threads) || (req.threads as number) < 1)) {
    return failure(id, 'bad-request', 'threads must be a whole number from 1');
  }
  if (req.budgetOnly !== undefined && typeof req.budgetOnly !== 'boolean') {
    return failure(id, 'bad-request', 'budgetOnly must be true or false');
  }
  try {
    const r = ai.choose(req as AiRequest);
    if (!r.ok) return { ...(id !== undefined ? { id } : {}), ok: false, error: r.error };
    return { ...(id !== undefined ? { id } : {}), ok: true, move: r.value.move, info: r.value.info };
  } catch (e) {
    return failure(id, 'ai-error', e instanceof Error ? e.message : String(e));
  }
};
