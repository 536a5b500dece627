import { GAME_IDS, type GameId } from '@qiyuan/core';
import { answerWith } from './answer-with.js';
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
  return answerWith(ai, req);
};
