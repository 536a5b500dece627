/** The online game's clocks between the server's frames: the time a seat has left now, low time and its cue. */
import type { Seat } from '@qiyuan/core';
import type { ClockSpec } from '@qiyuan/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SessionView } from '../play/session.js';
import { cue } from '../sound.js';
import { nextFaceChange } from './names.js';
import type { OnlineSession } from './session.js';

/**
 * Milliseconds a seat has left now, from the last frame: the server's value at
 * its `serverTime`, run down on this machine's steady clock since the frame
 * arrived (a simple delay first uses up the rest of the delay).
 */
export const timeLeft = (
  spec: ClockSpec,
  c: NonNullable<ReturnType<OnlineSession['extra']['get']>['clock']>,
  receivedAt: number,
  seat: Seat,
  s: SessionView,
  now: number,
): { ms: number; running: boolean; delayLeft?: number } => {
  const ms = c.remainingMs[seat] ?? 0;
  const e = now - receivedAt;
  if (s.outcome || c.paused) return { ms, running: false };
  // a bounded setup phase: every seat's countdown is the phase's
  if (s.turn.kind === 'simultaneous' && spec.setupMs) return { ms: ms - e, running: true };
  // before its first move a seat's main clock stands still: its first-move countdown runs instead
  const running = c.running.includes(seat) && !c.firstMove?.some((f) => f.seat === seat);
  // a correspondence player on vacation: their clock stands still
  if (!running || c.vacation?.on.includes(seat)) return { ms, running: false };
  if (spec.kind === 'delay') {
    const before = Math.max(0, c.serverTime - (c.since ?? c.serverTime));
    const delayLeft = Math.max(0, spec.delayMs - before - e);
    const spent = Math.max(0, e - Math.max(0, spec.delayMs - before));
    return { ms: ms - spent, running, delayLeft };
  }
  return { ms: ms - e, running };
};

/** Low time: under a tenth of the starting bank (or a fifth of a per-move limit), and never over 30 s. */
export const lowTimeAt = (spec: ClockSpec): number => {
  const base =
    spec.kind === 'fischer' || spec.kind === 'delay' ? spec.initialMs / 10 : spec.kind === 'move' ? spec.moveMs / 5 : 0;
  return Math.min(30_000, Math.max(base, 5_000));
};

export const isLow = (spec: ClockSpec, ms: number): boolean => ms < lowTimeAt(spec);

/** Two beeps when this player's own running clock falls into low time; again after it has left low time. */
export const useLowTimeCue = (low: boolean): void => {
  const warned = useRef(false);
  useEffect(() => {
    if (low && !warned.current) cue('lowTime');
    warned.current = low;
  }, [low]);
};

/**
 * Milliseconds until any running countdown's face (`clockFace`) or low-time mark changes, from the countdowns' times
 * left now and the low-time thresholds they may cross; `undefined` when nothing runs.
 */
export const nextClockChange = (running: readonly number[], lowAt: readonly number[] = []): number | undefined => {
  let next = Number.POSITIVE_INFINITY;
  for (const ms of running) {
    next = Math.min(next, nextFaceChange(ms));
    for (const low of lowAt) if (ms >= low) next = Math.min(next, ms - low + 1);
  }
  return Number.isFinite(next) ? next : undefined;
};

/**
 * Re-renders once `ms` have passed (each render sets the next): the running clocks' faces change then, a second apart
 * above ten seconds. Redrawing ten times a second whatever the face kept a page with a clock at a few percent of a
 * core all game long.
 */
export const useTickAfter = (ms: number | undefined): void => {
  const [, tick] = useState(0);
  useEffect(() => {
    if (ms === undefined) return;
    const h = setTimeout(() => tick((n) => n + 1), Math.max(1, Math.ceil(ms)));
    return () => clearTimeout(h);
  });
};
