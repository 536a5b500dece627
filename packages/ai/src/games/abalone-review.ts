import type { AbaloneGame } from '@qiyuan/abalone';
import { ok, type Searchable } from '@qiyuan/core';
import type { SearchSpec } from '../alphabeta.js';
import type { GameReview } from '../analysis/game-review.js';
import { abaloneSearchSpec } from './abalone.js';

/** Abalone's review: a marble weighs 1,000 and a step towards the centre 12 (docs/AI.md). */
const thresholds = { inaccuracy: 50, mistake: 200, blunder: 600, cap: 3000 };

const position = (game: AbaloneGame): Searchable<unknown> => game.position.clone() as Searchable<unknown>;

export const abaloneReview: GameReview = {
  thresholds,
  position: (game) => position(game as AbaloneGame),
  subject: (game) =>
    ok({
      pos: position(game as AbaloneGame),
      spec: abaloneSearchSpec as SearchSpec<unknown>,
      notation: (at, m) => (at as AbaloneGame).moveToString(m as never),
      fullInformation: false,
      thresholds,
    }),
};
