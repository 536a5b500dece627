import type { Game, Outcome } from '@qiyuan/core';
import {
  type ClockSpec,
  type RecordContext,
  recordPlayerName,
  type SeatHolder,
  serverGameEvent,
  withHeaders,
} from '@qiyuan/protocol';
import type { StoredGame } from './game-summary.js';
import type { AnyDefinition } from './games.js';
import type { RoomMeta } from './room.js';
import { commitmentFor } from './seed.js';

/**
 * The commitment to a stored game's seed (docs/FAIRPLAY.md), with the seed and the salt once the game is over:
 * undefined for a game stored before commitments.
 */
export const fairDealOf = (def: AnyDefinition, g: StoredGame, over: boolean): RecordContext['fairDeal'] => {
  const { salt, ...options } = JSON.parse(g.options) as Record<string, unknown>;
  if (typeof salt !== 'string') return undefined;
  const meta = { id: g.id, game: g.game, options, salt } as unknown as RoomMeta;
  const commitment = commitmentFor(meta, def);
  if (commitment === undefined) return undefined;
  const seed = options.seed;
  return over && (typeof seed === 'string' || typeof seed === 'number') ? { commitment, seed, salt } : { commitment };
};

/**
 * A finished game's record as `/api/games/:id/export` gives it: the engine's whole-game notation with the headers
 * the pages' export carries (the same `withHeaders`): event, site, date, players, result, clock, and the fair deal's
 * `[Commitment]`, `[Seed]` and `[Salt]`, so the export alone is enough to check the deal.
 */
export const exportRecord = (def: AnyDefinition, game: Game, g: StoredGame, site: string): string => {
  const outcome = game.outcome() ?? ((g.outcome ? JSON.parse(g.outcome) : undefined) as Outcome | undefined);
  const fairDeal = fairDealOf(def, g, true);
  const context: RecordContext = {
    event: serverGameEvent(Boolean(Number(g.rated)), g.speed),
    site,
    date: new Date(Number(g.created_at)),
    players: (JSON.parse(g.seats) as SeatHolder[]).map(recordPlayerName),
    outcome,
    clock: JSON.parse(g.clock) as ClockSpec,
    ...(fairDeal === undefined ? {} : { fairDeal }),
  };
  return withHeaders(def.record, def.exportGame(game), context);
};
