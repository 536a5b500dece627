import type { Seat } from '@qiyuan/core';
import type { GameModule } from '../games/types.js';
import { t } from '../i18n/index.js';
import type { SessionView } from '../play/session.js';

/*
 * The seats' names, a module of their own: the replay, the online game's panels and the notices name the seats
 * without the board view of a game on this device.
 */

/** A seat's name for people: the game's colour or army. */
export const seatName = (mod: GameModule, s: SessionView, seat: Seat): string =>
  mod.seatNames(s.view, s.seatCount)[seat] ?? t('game.seat', { n: seat + 1 });

/** A seat's name for people, marked when it is the AI. */
export const seatLabel = (mod: GameModule, s: SessionView, seat: Seat): string => {
  const base = seatName(mod, s, seat);
  if (s.ai.includes(seat)) return t('game.seatAi', { seat: base });
  return base;
};
