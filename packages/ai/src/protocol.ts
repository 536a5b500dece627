import type { Failure, GameId, JsonObject, PlayRecord, Seat } from '@qiyuan/core';

/**
 * One request/response format for every way of running the AI: in process,
 * in a `worker_threads` pool on the server, in a Web Worker in the browser.
 * Everything is JSON-safe so it crosses `postMessage` unchanged.
 */

/**
 * What the AI is given. Games without hidden information send the snapshot;
 * hidden-information games (Junqi) send only the seat's view and the records
 * as that seat may know them, so the AI cannot read the true state.
 */
export type AiPosition =
  | { readonly kind: 'snapshot'; readonly snapshot: JsonObject }
  | {
      readonly kind: 'view';
      readonly view: JsonObject;
      readonly records: readonly PlayRecord[];
      /** Public rules the view does not state (Junqi: the 三打一 bidding style). */
      readonly rules?: JsonObject;
      /**
       * The seat's legal moves in notation, which the seat may know but a view need not imply (Junqi's chase rule
       * depends on history the view does not carry).
       */
      readonly legal?: readonly string[];
    };

export interface AiRequest {
  /** Echoed in the reply, to match replies to requests. */
  readonly id?: number;
  readonly game: GameId;
  /** A level (`beginner` … `master`, `1` … `5`) or a baseline (`random`, `greedy`, `heuristic`). */
  readonly player: string;
  /** The seat the AI plays. */
  readonly seat: Seat;
  readonly position: AiPosition;
  /** Overrides the level's time per move (ms). */
  readonly timeMs?: number;
  /** Overrides the level's depth: an exact fixed-depth search. */
  readonly depth?: number;
  /** Overrides the level's ISMCTS budget: exactly this many iterations, no time limit (reproducible). */
  readonly iterations?: number;
  /**
   * Overrides the level's alpha-beta node budget: at most this many nodes, and, unless `timeMs` is given too, no time
   * limit (the same move on any machine); the level's depth cap stays.
   */
  readonly nodes?: number;
  /**
   * Lifts the level's time cap when the level has a depth, node or iteration budget (the arena measures a level by its
   * budget; the cap only guards slow devices). A `timeMs` in the request still holds.
   */
  readonly budgetOnly?: boolean;
  /**
   * Threads for an alpha-beta level's search (Lazy SMP) where the AI runs in Node with helper threads plugged in;
   * elsewhere, and by default, one. More threads make a timed search deeper but its move no longer reproducible.
   */
  readonly threads?: number;
  /** Seed for the level's randomness (mistakes, samples); the same request gives the same move. */
  readonly seed?: number;
}

export interface AiInfo {
  readonly timeMs: number;
  readonly depth?: number;
  readonly score?: number;
  readonly nodes?: number;
  readonly iterations?: number;
  /** The principal variation in the game's notation, when the search has one. */
  readonly pv?: readonly string[];
  /**
   * Set when the clock, not a depth, node or iteration budget, ended the search: the move may differ on another
   * machine or under another load.
   */
  readonly clockBound?: true;
}

export type AiReply =
  | { readonly id?: number; readonly ok: true; readonly move: string; readonly info: AiInfo }
  | { readonly id?: number; readonly ok: false; readonly error: Failure };
