import { WIN, WIN_BOUND } from '../alphabeta.js';

/**
 * A search score as players read it, always from the point of view of the side to move where it was searched:
 * `cp` is the evaluation's own units (each game's scale, not centipawns and not comparable between games);
 * `win`/`loss` count the plies to the end of the game, the move searched included, when the search proved it
 * (`{"win":1}`: this move wins; `{"loss":2}`: the opponent wins with its next move).
 */
export type Score = { readonly cp: number } | { readonly win: number } | { readonly loss: number };

export const scoreOf = (value: number): Score =>
  value >= WIN_BOUND ? { win: WIN - value } : value <= -WIN_BOUND ? { loss: WIN + value } : { cp: value };

export const isWin = (value: number): boolean => value >= WIN_BOUND;
export const isLoss = (value: number): boolean => value <= -WIN_BOUND;

/** How a played move compares with the best one. */
export const MOVE_CLASSES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'] as const;
export type MoveClass = (typeof MOVE_CLASSES)[number];

/**
 * A game's review thresholds, in its evaluation's units: a move that loses more than `inaccuracy` against the best
 * move is an inaccuracy, more than `mistake` a mistake, more than `blunder` a blunder. `cap` bounds one move's loss
 * in the averages (a forced win or loss counts as `cap`), so one decided game does not swamp a player's average.
 */
export interface Thresholds {
  readonly inaccuracy: number;
  readonly mistake: number;
  readonly blunder: number;
  readonly cap: number;
}

/** Proven results as values beyond any evaluation, so a move that throws one away loses the whole cap. */
const decided = (v: number): number => (isWin(v) ? 2 * WIN : isLoss(v) ? -2 * WIN : v);

/** The loss of playing `played` where `best` was available, both from the mover's view, at most `cap`. */
export const lossOf = (best: number, played: number, t: Thresholds): number =>
  Math.min(t.cap, Math.max(0, decided(best) - decided(played)));

/**
 * The class of a move worth `played` where the best was worth `best` (mover's view). Proven results come first: a
 * move that turns a game not lost into a forced loss is a blunder; one that lets a forced win go is a mistake (a blunder
 * when it leaves the mover below even); between two forced wins (or two forced losses) the slower
 * one is good. Otherwise the loss against the best move is compared with the thresholds.
 */
export const classify = (best: number, played: number, t: Thresholds): MoveClass => {
  if (played >= best) return 'best';
  if (isLoss(played) && !isLoss(best)) return 'blunder';
  if (isWin(best) && isWin(played)) return 'good';
  if (isLoss(best) && isLoss(played)) return 'good';
  if (isWin(best)) return played < 0 ? 'blunder' : 'mistake';
  const loss = lossOf(best, played, t);
  return loss > t.blunder ? 'blunder' : loss > t.mistake ? 'mistake' : loss > t.inaccuracy ? 'inaccuracy' : 'good';
};
