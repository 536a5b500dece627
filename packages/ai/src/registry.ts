import type { Game, GameId, Seat } from '@qiyuan/core';
import { positionWith, requestWith } from './answer-with.js';
import { abaloneAi } from './games/abalone.js';
import { chineseCheckersAi } from './games/chinese-checkers.js';
import { hiveAi } from './games/hive.js';
import { junqiAi } from './games/junqi/player.js';
import type { AiPosition, AiRequest } from './protocol.js';
import type { GameAi } from './search-ai.js';

/** The AI of each game: every game id has one (a game without an entry does not compile). */
export const AIS: { readonly [K in GameId]: GameAi } = {
  abalone: abaloneAi,
  'chinese-checkers': chineseCheckersAi,
  hive: hiveAi,
  junqi: junqiAi,
};

/**
 * What the AI of `game` may be given for `seat`: the snapshot for perfect
 * information, or only the seat's view and its records for hidden information.
 */
export const positionFor = (game: Game, seat: Seat): AiPosition => positionWith(AIS[game.id], game, seat);

/** A request for the AI playing `seat` in `game`. */
export const requestFor = (
  game: Game,
  seat: Seat,
  player: string,
  extra: Pick<AiRequest, 'id' | 'timeMs' | 'depth' | 'seed' | 'iterations' | 'nodes' | 'budgetOnly' | 'threads'> = {},
): AiRequest => requestWith(AIS[game.id], game, seat, player, extra);
