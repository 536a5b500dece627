import { type ChineseCheckersGame, moveFrom, moveTo, PASS } from '@qiyuan/chinese-checkers';
import { ok, type Searchable } from '@qiyuan/core';
import type { SearchSpec } from '../alphabeta.js';
import type { GameReview } from '../analysis/game-review.js';
import { chineseCheckersSearchSpec } from './chinese-checkers.js';

/** Chinese Checkers' review: a step of one piece towards its goal weighs 10–20, a capture in 食棋 100 (docs/AI.md). */
const thresholds = { inaccuracy: 30, mistake: 80, blunder: 200, cap: 1000 };

const position = (game: ChineseCheckersGame): Searchable<unknown> =>
  (game.clone() as ChineseCheckersGame).searchable as Searchable<unknown>;

export const chineseCheckersReview: GameReview = {
  thresholds,
  position: (game) => position(game as ChineseCheckersGame),
  subject: (game) =>
    ok({
      pos: position(game as ChineseCheckersGame),
      spec: chineseCheckersSearchSpec as SearchSpec<unknown>,
      notation: (at, m) => {
        const move = m as number;
        return (at as ChineseCheckersGame).moveToString(
          move === PASS ? { kind: 'pass' } : { kind: 'move', from: moveFrom(move), to: moveTo(move) },
        );
      },
      fullInformation: false,
      thresholds,
    }),
};
