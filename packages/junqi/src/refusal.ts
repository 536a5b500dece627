import type { Seat } from '@qiyuan/core';
import type { Board } from './board.js';
import { FLAG, RANKS, type Rank } from './piece.js';
import type { Mode } from './position.js';

/**
 * Why a move is refused, worked out from what the sender sees and nothing
 * else. A reason that read the real board would be an oracle: in 翻棋 "you may
 * not attack your own" against "cannot reach" told a face-down piece's colour.
 * So the reasons take a `Sight` — the sender's view of each point — which
 * cannot name what the sender may not know.
 */

/** One point as the sender sees it. */
export type Seen =
  | { readonly kind: 'empty' }
  /** 翻棋: a piece whose colour and rank nobody knows yet. */
  | { readonly kind: 'face-down' }
  /** A piece of a known army; its rank only when the sender may know it. */
  | { readonly kind: 'piece'; readonly army: number; readonly rank: Rank | undefined };

export interface Sight {
  readonly board: Board;
  readonly mode: Mode;
  readonly seat: Seat;
  look(point: number): Seen;
  /** The seat commanding `army` (-1 while 翻棋's colours are undecided); public. */
  seatOfArmy(army: number): Seat;
  /** Team per seat; public. */
  readonly teamOfSeat: readonly number[];
}

export type RefusedMove =
  | { readonly type: 'move'; readonly from: number; readonly to: number }
  | {
      readonly type: 'flip';
      readonly at: number;
    };

/** The rule `move` breaks, for a move the engine has already found illegal. */
export const whyIllegal = (sight: Sight, move: RefusedMove): string => {
  const { board } = sight;
  const name = (p: number) => board.points[p]?.name ?? String(p);
  if (move.type === 'flip') {
    if (sight.mode !== 'flip') return 'flipping is only in 翻棋';
    return `${name(move.at)} holds no face-down piece`;
  }
  const from = sight.look(move.from);
  if (from.kind === 'empty') return `there is no piece on ${name(move.from)}`;
  if (from.kind === 'face-down') return `the piece on ${name(move.from)} is face down: flip it first`;
  if (sight.seatOfArmy(from.army) !== sight.seat) return `the piece on ${name(move.from)} is not yours`;
  const rank = from.rank;
  if (rank !== undefined && (rank === FLAG || RANKS[rank] === 'mine' || RANKS[rank] === 'fortress')) {
    return `a ${RANKS[rank]} never moves`;
  }
  if (board.points[move.from]!.kind === 'hq' && sight.mode !== 'flip') {
    return 'a piece in a headquarters never moves again';
  }
  const target = sight.look(move.to);
  // Whatever lies under a face-down piece, it cannot be attacked: the answer is the same for every colour.
  if (target.kind === 'face-down') return `the piece on ${name(move.to)} is face down: it cannot be attacked`;
  if (target.kind === 'piece') {
    if (board.points[move.to]!.kind === 'camp') return 'a piece in a camp cannot be attacked';
    const owner = sight.seatOfArmy(target.army);
    if (owner >= 0 && sight.teamOfSeat[owner] === sight.teamOfSeat[sight.seat]) {
      return 'you may not attack your own or an ally';
    }
  }
  return `the piece on ${name(move.from)} cannot reach ${name(move.to)}`;
};
