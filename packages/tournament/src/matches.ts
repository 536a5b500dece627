import { matchGames, SUDDEN_DEATH_GAMES } from './spec.js';
import type { EntrantId, GameResult, GameToPlay, Pairing, PlayedRound, TournamentSpec } from './types.js';

/**
 * A match: the games one two-sided pairing of a round has played, and what they add up to. A single game is a
 * match of one.
 */
export interface Match {
  readonly white: EntrantId;
  readonly black: EntrantId;
  readonly games: readonly TwoSidedGame[];
  /** Game points of the pairing's white and black over the match. */
  readonly whitePoints: number;
  readonly blackPoints: number;
}

export type TwoSidedGame = Extract<GameResult, { white: EntrantId }>;
export type TableGame = Extract<GameResult, { table: readonly EntrantId[] }>;

export type BoardPairing = Extract<Pairing, { white: EntrantId }>;
export type TablePairing = Extract<Pairing, { table: readonly EntrantId[] }>;
export type ByePairing = Extract<Pairing, { bye: EntrantId }>;

export const isTwoSided = (pairing: Pairing): pairing is BoardPairing => 'white' in pairing;
export const isTable = (pairing: Pairing): pairing is TablePairing => 'table' in pairing;
export const isBye = (pairing: Pairing): pairing is ByePairing => 'bye' in pairing;
export const isTwoSidedGame = (game: GameResult): game is TwoSidedGame => 'white' in game;

export const samePair = (a: EntrantId, b: EntrantId, game: TwoSidedGame): boolean =>
  (game.white === a && game.black === b) || (game.white === b && game.black === a);

/** The games of a round that belong to a two-sided pairing, in the order they were recorded. */
export const matchOf = (round: PlayedRound, pairing: BoardPairing): Match => {
  const games = round.games.filter(isTwoSidedGame).filter((g) => samePair(pairing.white, pairing.black, g));
  let whitePoints = 0;
  let blackPoints = 0;
  for (const g of games) {
    const forWhite = g.white === pairing.white ? g.score : 1 - g.score;
    whitePoints += forWhite;
    blackPoints += 1 - forWhite;
  }
  return { white: pairing.white, black: pairing.black, games, whitePoints, blackPoints };
};

/** The colours of a match's k-th game (0-based): the pairing's white has white in the first, then they alternate. */
const gameColours = (pairing: BoardPairing, k: number) =>
  k % 2 === 0 ? { white: pairing.white, black: pairing.black } : { white: pairing.black, black: pairing.white };

/**
 * The games of a pairing still to be played, given the games recorded. Every game of a match is played (no match
 * stops early). `knockout`: a level match goes on to a tie-break of `tieBreakGames`, then to single sudden-death
 * games, at most SUDDEN_DEATH_GAMES of them (after which the higher seed goes through).
 */
export const gamesLeft = (
  spec: TournamentSpec,
  round: PlayedRound,
  pairing: Pairing,
  knockout: boolean,
): readonly GameToPlay[] => {
  // A bye has no game; a table plays one game, which has no colours (see tablePlayed).
  if (isBye(pairing) || isTable(pairing)) return [];
  const match = matchOf(round, pairing);
  const played = match.games.length;
  const regular = matchGames(spec);
  if (played < regular)
    return Array.from({ length: regular - played }, (_, i) => ({
      ...gameColours(pairing, played + i),
      tieBreak: false,
    }));
  if (!knockout || match.whitePoints !== match.blackPoints) return [];
  const tieBreak = spec.tieBreakGames ?? 2;
  if (played < regular + tieBreak)
    return Array.from({ length: regular + tieBreak - played }, (_, i) => ({
      ...gameColours(pairing, played + i),
      tieBreak: true,
    }));
  if (played < regular + tieBreak + SUDDEN_DEATH_GAMES) return [{ ...gameColours(pairing, played), tieBreak: true }];
  return [];
};

export const sameTable = (a: readonly EntrantId[], b: readonly EntrantId[]): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));

/** Whether a table pairing's game has been recorded. */
export const tablePlayed = (round: PlayedRound, table: readonly EntrantId[]): boolean =>
  round.games.some((g) => 'table' in g && sameTable(g.table, table));

/** Whether every pairing of a round is decided. */
export const roundDecided = (spec: TournamentSpec, round: PlayedRound, knockout: boolean): boolean =>
  round.pairings.every((p) =>
    isTable(p) ? tablePlayed(round, p.table) : gamesLeft(spec, round, p, knockout).length === 0,
  );
