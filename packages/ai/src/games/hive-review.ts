import { fail, ok, type Searchable } from '@qiyuan/core';
import type { HiveGame } from '@qiyuan/hive';
import type { SearchSpec } from '../alphabeta.js';
import type { GameReview } from '../analysis/game-review.js';
import { ringSpec } from './hive-ring.js';

/** Hive's review: the queen-ring evaluation; its ring tile weighs 60 and a queen's hand value 24 (docs/AI.md). */
const thresholds = { inaccuracy: 40, mistake: 120, blunder: 300, cap: 1000 };

const position = (game: HiveGame): Searchable<unknown> | undefined =>
  game.inRosterPhase ? undefined : (game.position.clone() as Searchable<unknown>);

export const hiveReview: GameReview = {
  thresholds,
  position: (game) => position(game as HiveGame),
  subject: (game) => {
    const g = game as HiveGame;
    const pos = position(g);
    if (!pos) return fail('not-searchable', 'the players are choosing their rosters');
    return ok({
      pos,
      spec: ringSpec as SearchSpec<unknown>,
      // the AI's `ring` evaluation (its levels search the same one with late-move reductions)
      evaluation: 'ring',
      notation: (at, m) => (at as HiveGame).moveToString(m as never),
      fullInformation: false,
      thresholds,
    });
  },
};
