/** The play phase of a Junqi game: a move or flip checked against the board, played, and told back as a move. */
import { fail, ok, type Result, type Seat } from '@qiyuan/core';
import type { HistoryEntry, JunqiMove, Table } from './game-state.js';
import { FLAG, type Rank } from './piece.js';
import { encodeFlip, encodeMove, isFlip, moveFrom, moveTo } from './position.js';
import { type Sight, whyIllegal } from './refusal.js';

export type BoardMove = Extract<JunqiMove, { type: 'move' | 'flip' }>;

/** Whether an action is a move on the board (a march or a flip), not a deployment or a bid. */
export const onBoard = (move: JunqiMove | undefined): move is BoardMove =>
  move?.type === 'move' || move?.type === 'flip';

/** Whether `seat` may know the rank of a piece (the game's single visibility rule, `JunqiGame.canSee`). */
export type SeeRank = (seat: Seat, army: number, rank: Rank, faceDown: boolean) => boolean;

/** The move a position's move code stands for. */
export const decode = (m: number): JunqiMove =>
  isFlip(m) ? { type: 'flip', at: moveFrom(m) } : { type: 'move', from: moveFrom(m), to: moveTo(m) };

/** The move's code when `seat` may play it now, else why not. */
export const checkMove = (t: Table, seat: Seat, move: BoardMove, canSee: SeeRank): Result<number> => {
  const s = t.state;
  if (s.phase !== 'play') return fail('not-playing', `the game is in its ${s.phase} phase`);
  const pos = s.pos!;
  if (seat !== pos.toMove) return fail('not-your-turn', `it is seat ${pos.toMove}'s turn`);
  const n = t.board.points.length;
  const valid = (p: unknown): p is number => Number.isInteger(p) && (p as number) >= 0 && (p as number) < n;
  let code: number;
  if (move.type === 'flip') {
    if (!valid(move.at)) return fail('bad-move', 'no such point');
    code = encodeFlip(move.at);
  } else {
    if (!valid(move.from) || !valid(move.to)) return fail('bad-move', 'no such point');
    code = encodeMove(move.from, move.to);
  }
  if (!pos.movesFor(seat).includes(code)) return fail('illegal-move', whyIllegalFor(t, seat, move, canSee));
  return ok(code);
};

export const playMove = (t: Table, seat: Seat, move: BoardMove, code: number): Result<HistoryEntry> => {
  const pos = t.state.pos!;
  const flagsBefore = pos.flagRevealed;
  pos.makeMove(code);
  const effect = pos.lastPlayEffect();
  const flagPoints = flagPointsRevealed(t, flagsBefore);
  return ok({
    action: { seat, move },
    phase: 'play',
    ...(effect ? { effect } : {}),
    ...(flagPoints ? { flagPoints } : {}),
  });
};

const flagPointsRevealed = (t: Table, before: number): { army: number; point: number }[] | undefined => {
  const pos = t.state.pos!;
  const gained = pos.flagRevealed & ~before;
  if (!gained) return undefined;
  const out: { army: number; point: number }[] = [];
  for (let p = 0; p < pos.n; p++) {
    if (pos.rank[p] === FLAG && (gained >> pos.owner[p]!) & 1) out.push({ army: pos.owner[p]!, point: p });
  }
  return out;
};

/** Why `seat`'s move is refused, from what `seat` sees alone (refusal.ts). */
const whyIllegalFor = (t: Table, seat: Seat, move: BoardMove, canSee: SeeRank): string => {
  const pos = t.state.pos!;
  const sight: Sight = {
    board: t.board,
    mode: t.options.mode,
    seat,
    seatOfArmy: (army) => pos.seatOfArmy(army),
    teamOfSeat: pos.rules.teamOfSeat,
    look: (p) => {
      const army = pos.owner[p]!;
      if (army < 0) return { kind: 'empty' };
      const rank = pos.rank[p]! as Rank;
      const faceDown = pos.faceDown[p] === 1;
      const visible = canSee(seat, army, rank, faceDown);
      if (faceDown && !visible) return { kind: 'face-down' };
      return { kind: 'piece', army, rank: visible ? rank : undefined };
    },
  };
  return whyIllegal(sight, move);
};
