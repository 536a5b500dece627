import type { AiReply, GameAi } from '@qiyuan/ai';
import { answerWith, requestWith } from '@qiyuan/ai/answer-with';
import type { GameId, JsonValue, Seat } from '@qiyuan/core';

/** What the page asks its AI worker: the game on the device, the seat the AI plays and how strongly. */
export interface AiAsk {
  readonly id: number;
  readonly game: GameId;
  readonly player: string;
  readonly seat: Seat;
  readonly snapshot: JsonValue;
  /** Varies the AI's choices between moves; without it the AI's own default. */
  readonly seed?: number;
}

/**
 * Each game's AI, a chunk of its own inside the worker: a game against the AI fetches that game's search and
 * engine only, not the other three (once the AI has a move to make: Junqi’s deploys after the player). One entry per
 * game id, the same AI as `@qiyuan/ai`'s registry gives (apps/web/test/registry.test.ts checks it).
 */
export const AI_OF: { readonly [K in GameId]: () => Promise<GameAi> } = {
  abalone: async () => (await import('@qiyuan/ai/games/abalone')).abaloneAi,
  'chinese-checkers': async () => (await import('@qiyuan/ai/games/chinese-checkers')).chineseCheckersAi,
  hive: async () => (await import('@qiyuan/ai/games/hive')).hiveAi,
  junqi: async () => (await import('@qiyuan/ai/games/junqi')).junqiAi,
};

/**
 * Answers the page inside the worker. The request is built by the AI package's own `requestWith`, as on the server,
 * so each game's AI gets the input it takes — its seat's view, records and legal moves for Junqi in every mode (明棋
 * included), a snapshot for the perfect-information games — never a guess by the page.
 */
export const answerAsk = async (ask: AiAsk): Promise<AiReply> => {
  const load = Object.hasOwn(AI_OF, ask.game) ? AI_OF[ask.game] : undefined;
  if (!load) return { id: ask.id, ok: false, error: { code: 'no-ai', reason: `no AI for ${ask.game}` } };
  const ai = await load();
  const restored = ai.definition.fromSnapshot(ask.snapshot);
  if (!restored.ok) return { id: ask.id, ok: false, error: restored.error };
  return answerWith(
    ai,
    requestWith(ai, restored.value, ask.seat, ask.player, {
      id: ask.id,
      ...(ask.seed !== undefined ? { seed: ask.seed } : {}),
    }),
  );
};
