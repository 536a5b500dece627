/**
 * Berserk, as in lichess's arenas: before their first move a player of an arena tournament's game halves their own
 * time bank and gives up its increment; a win then scores one point more (the tournament library decides, from the
 * seats the clock keeps here and the moves on the board each seat made).
 */
import { boardMoves, type Game, type Seat } from '@qiyuan/core';
import { type ClockSpec, refusal } from '@qiyuan/protocol';
import type { ClockState } from './clock.js';
import type { Room } from './room.js';
import { type Ruling, refuseAs } from './room-types.js';

/**
 * Whether `seat` has made a move on the board in this game. A Junqi deployment or a Hive roster choice is not one:
 * the clock runs from the first move after them, so a player may still berserk until then.
 */
export const hasPlayed = (game: Game, seat: Seat): boolean => (boardMoves(game)[seat] ?? 0) > 0;

/** Clocks with a bank to halve (Fischer and delay); a per-move limit, days per move or no clock have none. */
export const hasBank = (spec: ClockSpec): boolean => spec.kind === 'fischer' || spec.kind === 'delay';

/** The clock after `seat` berserked: its bank halved, marked as berserked. */
export const berserkClock = (c: ClockState, seat: Seat): ClockState => {
  const remainingMs = [...c.remainingMs];
  remainingMs[seat] = Math.floor((remainingMs[seat] ?? 0) / 2);
  return { ...c, remainingMs, berserk: [...(c.berserk ?? []), seat] };
};

/**
 * Seat `s` berserks in `room` (`arena`: the game was paired in an arena tournament). Changes the room's clock in
 * memory; the room commits the step like an offer, so every process and watcher sees it and a restart keeps it.
 */
export const berserkRuling = (room: Room, s: Seat, arena: boolean): Ruling => {
  if (!arena)
    return refuseAs('not-allowed', refusal('berserk-not-arena', 'only a game of an arena tournament can berserk'));
  if (!hasBank(room.meta.clock))
    return refuseAs('not-allowed', refusal('berserk-no-clock', 'this game has no time bank to halve'));
  if (room.clock.berserk?.includes(s))
    return refuseAs('not-allowed', refusal('berserk-already', 'you have already berserked in this game'));
  if (hasPlayed(room.game, s))
    return refuseAs('not-allowed', refusal('berserk-after-move', 'berserk only before your first move'));
  room.clock = berserkClock(room.clock, s);
  return { kind: 'berserk', seat: s, data: { actions: [{ kind: 'berserk', seat: s }] }, fromPly: room.game.ply };
};
