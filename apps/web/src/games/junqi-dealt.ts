import type { Game } from '@qiyuan/core';
import { JunqiGame } from '@qiyuan/junqi';

/**
 * Whether the server's seed decided something hidden in a Junqi game (the replay's fair deal): 翻棋's layout and
 * 三打一's deal always come from it; in 暗棋 each player deploys by hand, and the seed decides an army only when its
 * player's time ran out while deploying (a timeout recorded in that phase).
 */
export const junqiDealtBySeed = (options: Readonly<Record<string, unknown>>, final: Game): boolean =>
  String(options.mode ?? 'hidden') === 'flip' ||
  String(options.variant ?? '') === 'landlord' ||
  options.setup === 'random' ||
  (final instanceof JunqiGame &&
    final.internals.history.some(
      (h) => h.phase === 'setup' && 'event' in h.action && h.action.event.type === 'timeout',
    ));
