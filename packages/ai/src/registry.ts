import type { Game, GameId, Seat } from '@qiyuan/core';
import type { GameReview } from './analysis/game-review.js';
import { positionWith, requestWith } from './answer-with.js';
import { abaloneAi } from './games/abalone.js';
import { abaloneReview } from './games/abalone-review.js';
import { chineseCheckersAi } from './games/chinese-checkers.js';
import { chineseCheckersReview } from './games/chinese-checkers-review.js';
import { hiveAi } from './games/hive.js';
import { hiveReview } from './games/hive-review.js';
import { junqiAi } from './games/junqi/player.js';
import { junqiReview } from './games/junqi/review.js';
import type { AiPosition, AiRequest } from './protocol.js';
import type { GameAi } from './search-ai.js';

/** A game's AI with its part of analysis and review (`games/<game>-review.ts`). */
export type GameAiEntry = GameAi & { readonly review: GameReview };

/**
 * The AI of each game: every game id has one (a game without an entry does not compile), with the game's review
 * (thresholds, search position and subject) that analysis reads through it.
 */
export const AIS: { readonly [K in GameId]: GameAiEntry } = {
  abalone: { ...abaloneAi, review: abaloneReview },
  'chinese-checkers': { ...chineseCheckersAi, review: chineseCheckersReview },
  hive: { ...hiveAi, review: hiveReview },
  junqi: { ...junqiAi, review: junqiReview },
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
