/**
 * Junqi in the web app: the game's module — its words, the create form's fields (`junqi-options.ts`), seat names,
 * the notation of its records and the board controller (`junqi-controller.ts`). The view's shape and every word the
 * page says of it (names, report, move list) are in `junqi-view.ts`.
 */
import type { JsonValue, Seat } from '@qiyuan/core';
import { JunqiController } from './junqi-controller.js';
import { junqiDealtBySeed } from './junqi-dealt.js';
import { definition, fields } from './junqi-options.js';
import { moveText, seatName, type View } from './junqi-view.js';
import type { GameModule } from './types.js';

export { wordsReady } from './junqi-form.js';
export { armyName, boardText, coloursFor, rankName, tileText } from './junqi-view.js';

export const module: GameModule = {
  id: 'junqi',
  definition,
  fields,
  scope: 'junqi',
  seatNames: (view: JsonValue, seatCount: number) => {
    const v = (view ?? {}) as unknown as View;
    const filled: View = {
      ...v,
      players: (v.players ?? (seatCount as 2 | 3 | 4)) as 2 | 3 | 4,
      mode: v.mode ?? 'hidden',
    };
    return Array.from({ length: seatCount }, (_, s) => seatName(filled, s as Seat));
  },
  // 翻棋 hides the face-down pieces from both seats, and the AI must get only its seat's view
  hidden: (options) => String(options.mode ?? 'hidden') !== 'open' || String(options.variant ?? '') === 'landlord',
  dealtBySeed: junqiDealtBySeed,
  // 三打一's teams come from the bidding: the three farmers play together once the landlord is known
  hasPartner: (view: JsonValue, seat: Seat) => {
    const v = view as unknown as View | null;
    if (v?.variant !== 'landlord') return undefined;
    return (v.landlord ?? -1) >= 0 && seat !== v.landlord;
  },
  outSeats: (view: JsonValue) => ((view as unknown as View | null)?.out ?? []).flatMap((o, s) => (o ? [s] : [])),
  moveText,
  // an attack: the record tells this viewer that a combat took place (whoever won it)
  captured: (_before, _after, record) => (record.detail as { combat?: string } | undefined)?.combat !== undefined,
  createBoard: (el, host) => new JunqiController(el, host),
};
