/**
 * The AI's suggestion for the position the replay shows, from the same Web Worker as games against the AI. The game
 * is over: the AI may see everything the seat to move's AI may see.
 */
import type { Game, GameId, Seat } from '@qiyuan/core';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AiAsk } from '../play/ai-ask.js';

export interface Suggestion {
  /** The position asked about (the cursor and the line), so an answer for another position is not shown. */
  readonly key: string;
  readonly move?: string;
  readonly score?: number;
  /** The code of the AI's refusal, worded in the player's language when shown. */
  readonly error?: string;
}

/**
 * The suggestion for the position `key` (undefined until asked, pending while the AI thinks) and how to ask for it.
 * The worker lives as long as the game's module; a new module ends it.
 */
export const useSuggestion = (
  mod: unknown,
  gameId: GameId,
  game: Game | undefined,
  acting: readonly Seat[],
  key: string,
): { current: Suggestion | undefined; ask: () => void } => {
  const [suggestion, setSuggestion] = useState<Suggestion | undefined>();
  const worker = useRef<Worker | undefined>(undefined);
  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = undefined;
    },
    [mod],
  );

  const ask = () => {
    if (!game || game.outcome()) return;
    const seat = acting.find((s) => game.legalMoves(s).length > 0);
    if (seat === undefined) return;
    setSuggestion({ key });
    const w = (worker.current ??= new Worker(new URL('../play/ai.worker.ts', import.meta.url), { type: 'module' }));
    const asked = key;
    w.onmessage = (
      e: MessageEvent<{ ok: boolean; move?: string; info?: { score?: number }; error?: { code: string } }>,
    ) => {
      setSuggestion((cur) =>
        cur?.key !== asked
          ? cur
          : e.data.ok
            ? {
                key: asked,
                move: e.data.move,
                ...(e.data.info?.score !== undefined ? { score: e.data.info.score } : {}),
              }
            : { key: asked, error: e.data.error?.code ?? 'ai' },
      );
    };
    w.onerror = () => setSuggestion({ key: asked, error: 'ai' });
    // the game is over: analysis may see everything the seat to move's AI may see
    const request: AiAsk = { id: 1, game: gameId, player: '4', seat, snapshot: game.snapshot() };
    w.postMessage(request);
  };

  return { current: suggestion?.key === key ? suggestion : undefined, ask };
};
