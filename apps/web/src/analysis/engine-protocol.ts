import type { Analysis } from '@qiyuan/ai';
import type { GameId, JsonValue } from '@qiyuan/core';

/**
 * What the page asks the analysis worker: a position (the game's snapshot), how many lines, how deep at most, and on
 * how many threads (engine-threads.ts; the worker searches alone where helpers cannot start).
 */
export interface EngineAsk {
  readonly id: number;
  readonly game: GameId;
  readonly snapshot: JsonValue;
  readonly lines: number;
  readonly maxDepth: number;
  readonly threads: number;
}

/**
 * Each finished depth's lines, then `done`; or an error: the engine's code, which the page words in the player's
 * language (engine-stops.ts), and its English reason for logs.
 */
export type EngineReply =
  | {
      readonly id: number;
      readonly kind: 'lines';
      /** Its `threads` says how many threads searched the root. */
      readonly analysis: Analysis;
      readonly ms: number;
      /** Nodes the helper threads searched in their last finished search (0 alone). */
      readonly helperNodes: number;
    }
  | { readonly id: number; readonly kind: 'done' }
  | { readonly id: number; readonly kind: 'error'; readonly code: string; readonly reason: string };
