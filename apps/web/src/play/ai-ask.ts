import { AIS, type AiReply, answer, requestFor } from '@qiyuan/ai';
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
 * Answers the page inside the worker. The request is built by the AI package's own `requestFor`, as on the server, so
 * each game's AI gets the input it takes — its seat's view, records and legal moves for Junqi in every mode (明棋
 * included), a snapshot for the perfect-information games — never a guess by the page.
 */
export const answerAsk = (ask: AiAsk): AiReply => {
  const ai = AIS[ask.game];
  if (!ai) return { id: ask.id, ok: false, error: { code: 'no-ai', reason: `no AI for ${ask.game}` } };
  const restored = ai.definition.fromSnapshot(ask.snapshot);
  if (!restored.ok) return { id: ask.id, ok: false, error: restored.error };
  return answer(
    requestFor(restored.value, ask.seat, ask.player, {
      id: ask.id,
      ...(ask.seed !== undefined ? { seed: ask.seed } : {}),
    }),
  );
};
