import type { Game, JsonObject, Seat } from '@qiyuan/core';
import type { AiPosition, AiReply, AiRequest } from './protocol.js';
import type { GameAi } from './search-ai.js';

/**
 * One game's AI answering without the registry of all four: what a browser's AI worker imports, so that it fetches
 * only the game it plays (answer.ts and registry.ts go through here with the registry's entry).
 */

const failure = (id: number | undefined, code: string, reason: string): AiReply => ({
  ...(id !== undefined ? { id } : {}),
  ok: false,
  error: { code, reason },
});

/** What `ai` may be given for `seat`: the snapshot for perfect information, or only the seat's view and records. */
export const positionWith = (ai: GameAi | undefined, game: Game, seat: Seat): AiPosition => {
  if (ai?.input === 'view') {
    const records = Array.from({ length: game.ply }, (_, i) => game.recordFor(seat, i));
    const rules = ai.publicRules?.(game);
    const legal = game.legalMoves(seat).map((m) => game.moveToString(m));
    return { kind: 'view', view: game.viewFor(seat) as JsonObject, records, legal, ...(rules ? { rules } : {}) };
  }
  return { kind: 'snapshot', snapshot: game.snapshot() };
};

/** A request for `ai` playing `seat` in `game`. */
export const requestWith = (
  ai: GameAi | undefined,
  game: Game,
  seat: Seat,
  player: string,
  extra: Pick<AiRequest, 'id' | 'timeMs' | 'depth' | 'seed' | 'iterations' | 'nodes' | 'budgetOnly' | 'threads'> = {},
): AiRequest => ({ ...extra, game: game.id, player, seat, position: positionWith(ai, game, seat) });

/**
 * Answers one request with `ai`, the AI of the request's game (the caller checked the game). It never throws: bad
 * input and engine failures come back as `ok: false` with a reason.
 */
export const answerWith = (ai: GameAi, input: unknown): AiReply => {
  const req = input as Partial<AiRequest> | null;
  const id = typeof req?.id === 'number' ? req.id : undefined;
  if (typeof req !== 'object' || req === null) return failure(id, 'bad-request', 'a request is an object');
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
