import { fail, type Game, type GameId, type Result, type Searchable } from '@qiyuan/core';
import { AIS } from '../registry.js';
import type { Subject } from './game-review.js';
import type { Thresholds } from './score.js';

export type { GameReview, Subject } from './game-review.js';

/**
 * Review thresholds per game, in each evaluation's units (docs/AI.md, "Review"): each game's own, from its AI's
 * registry entry (`AIS[id].review`, kept in `games/<game>-review.ts`).
 */
export const THRESHOLDS: { readonly [K in GameId]: Thresholds } = Object.fromEntries(
  Object.values(AIS).map((ai) => [ai.game, ai.review.thresholds]),
) as { readonly [K in GameId]: Thresholds };

/** The engine's fast position behind `game` (a private copy), at any moment, the end included; none before it exists. */
export const positionOf = (game: Game): Searchable<unknown> | undefined => AIS[game.id].review.position(game);

/** The subject of `game` as it stands, or why it cannot be searched now (a setup, a roster choice, the end). */
export const subjectOf = (game: Game): Result<Subject> => {
  const turn = game.turn();
  if (turn.kind === 'over') return fail('game-over', 'the game is over: there is nothing to analyse');
  if (turn.kind !== 'seat') return fail('not-searchable', 'the players act together here (a setup or a roster)');
  return AIS[game.id].review.subject(game);
};
