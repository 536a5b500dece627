/**
 * Junqi in the web app: the game's module — its words, the create form's fields (`junqi-options.ts`), seat names,
 * the notation of its records and the board controller (`junqi-controller.ts`). The view's shape and every word the
 * page says of it (names, report, move list) are in `junqi-view.ts`.
 */
import type { JsonValue, Seat } from '@qiyuan/core';
import { addWords, type Language } from '../i18n/index.js';
import { JunqiController } from './junqi-controller.js';
import { junqiDealtBySeed } from './junqi-dealt.js';
import { definition, fields } from './junqi-options.js';
import { moveText, seatName, type View } from './junqi-view.js';
import type { GameModule } from './types.js';

export { armyName, boardText, coloursFor, rankName, tileText } from './junqi-view.js';

// This game's words, one chunk per language: the language shown loads with the module (`loadGame` waits for it, so
// nothing is drawn before), another on a switch to it. Not a top-level await: that splits the app into many chunks.
const WORDS: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: async () => (await import('../i18n/junqi.js')).junqiEn,
  'zh-CN': async () => (await import('../i18n/junqi-zh-CN.js')).junqiZhCN,
  'zh-TW': async () => (await import('../i18n/junqi-zh-TW.js')).junqiZhTW,
};
export const wordsReady: Promise<void> = addWords((lng) => WORDS[lng]());

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
