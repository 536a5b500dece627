/** What a Junqi game holds: its moves and phases, the actions it has taken, and the state they lead to. */
import type { Outcome, PlatformEvent, Seat, SeatResult } from '@qiyuan/core';
import type { Board } from './board.js';
import type { Call } from './landlord.js';
import type { JunqiOptions } from './options.js';
import type { Rank } from './piece.js';
import type { Effect, Position } from './position.js';
import type { ArmySetup } from './setup.js';

/** A Junqi action, as the contract's `M`. */
export type JunqiMove =
  | { readonly type: 'move'; readonly from: number; readonly to: number }
  | { readonly type: 'flip'; readonly at: number }
  | { readonly type: 'setup'; readonly setup: string }
  | { readonly type: 'bid'; readonly call: Call };

export const PHASES = ['bidding', 'setup', 'play'] as const;
export type Phase = (typeof PHASES)[number];

export type Action =
  | { readonly seat: Seat; readonly move: JunqiMove }
  | { readonly seat: Seat; readonly event: PlatformEvent };

export interface HistoryEntry {
  readonly action: Action;
  readonly phase: Phase;
  readonly effect?: Effect;
  /** Where the pieces of a move stood (for hidden records): the moving piece's and the target's point. */
  readonly flagPoints?: readonly { army: number; point: number }[];
}

export interface State {
  phase: Phase;
  pos: Position | undefined;
  setups: (ArmySetup | undefined)[];
  /** Per seat, the pieces it deploys (counts per rank). */
  holdings: number[][];
  /** 三打一 */
  hands: number[][];
  kitty: Rank[];
  dealNo: number;
  bids: { seat: Seat; call: Call }[];
  bidder: Seat;
  landlord: Seat;
  target: number;
  timeouts: number[];
  /** Seats out before the armies met (a resignation while deploying, R13), in the order they left. */
  outBeforePlay: { seat: Seat; reason: string }[];
  /** An outcome decided outside the board (agreed draw, resignation before play). */
  ended: Outcome | undefined;
}

export const cloneState = (s: State): State => ({
  ...s,
  pos: s.pos?.clone(),
  setups: [...s.setups],
  holdings: s.holdings.map((h) => [...h]),
  hands: s.hands.map((h) => [...h]),
  kitty: [...s.kitty],
  bids: [...s.bids],
  timeouts: [...s.timeouts],
  outBeforePlay: [...s.outBeforePlay],
});

/** A game at the table: its options and board, and the state its phases change (game-deployment.ts, game-bidding.ts, game-play.ts). */
export interface Table {
  readonly options: JunqiOptions;
  readonly board: Board;
  readonly state: State;
}

/** An outcome decided off the board: seats already out lose, the others get `result`. */
export const endWith = ({ options, state }: Table, reason: string, result: (seat: Seat) => SeatResult): Outcome => {
  const pos = state.pos;
  const results = Array.from({ length: options.players }, (_, s) => (pos?.isOut(s) ? 'loss' : result(s)));
  return { reason, results };
};
