/**
 * What a Junqi position is played under and what a play did: the mode, the seats' armies and teams, the limits, the
 * move code search uses, a piece as placed, and a play's effect for records and views.
 */
import type { Seat } from '@qiyuan/core';
import type { Board } from './board.js';
import type { CombatResult, Rank } from './piece.js';

export const MODES = ['open', 'hidden', 'flip'] as const;
/** 明棋 (everything visible), 暗棋 (each seat sees its own pieces), 翻棋 (all face down, flip or move). */
export type Mode = (typeof MODES)[number];

export interface Rules {
  readonly board: Board;
  readonly seats: number;
  readonly mode: Mode;
  /** The army each seat commands (fixed, except in 翻棋 where the first flip decides: then all -1). */
  readonly armyOfSeat: readonly number[];
  /** Seats with the same team number are allies: they never attack each other and win together. */
  readonly teamOfSeat: readonly number[];
  /** 三打一: the landlord's seat and how many farmer armies it must destroy; -1 and 0 otherwise. */
  readonly landlord: number;
  readonly target: number;
  /** The seat that moves first. */
  readonly firstSeat: number;
  /** Plies without a capture after which the game is drawn (0: never). */
  readonly noCaptureLimit: number;
  /** Plies after which the game is drawn (0: never). */
  readonly moveLimit: number;
  /** Consecutive moves of one piece that keep threatening the same enemy piece allowed (0: no limit). */
  readonly chaseLimit: number;
}

/** Move encoding for search: `from | to << 8 | kind << 16`; a flip is kind 1 with `from` the point. */
export const MOVE_KIND_FLIP = 1;
export const encodeMove = (from: number, to: number): number => from | (to << 8);
export const encodeFlip = (at: number): number => at | (MOVE_KIND_FLIP << 16);
export const moveFrom = (move: number): number => move & 0xff;
export const moveTo = (move: number): number => (move >> 8) & 0xff;
export const isFlip = (move: number): boolean => move >> 16 === MOVE_KIND_FLIP;

export interface PieceState {
  readonly point: number;
  readonly army: number;
  readonly rank: Rank;
  readonly faceDown: boolean;
  readonly id: number;
}

/** What one play did, for records and views. */
export interface Effect {
  readonly move: number;
  readonly seat: Seat;
  /** Set when the move attacked: who survived. */
  readonly combat?: CombatResult;
  readonly attacker?: { readonly army: number; readonly rank: Rank; readonly id: number };
  readonly defender?: { readonly army: number; readonly rank: Rank; readonly id: number };
  /** Set for a flip: the piece turned face up. */
  readonly flipped?: { readonly army: number; readonly rank: Rank; readonly id: number };
  /** Set when the first flip decided the colours: the army each seat commands. */
  readonly colours?: readonly number[];
  /** Armies whose flag became visible to all (a 司令 died). */
  readonly flagsRevealed?: readonly number[];
  /** Seats knocked out by this play, with the reason. */
  knockedOut?: { seat: Seat; reason: string }[];
}
