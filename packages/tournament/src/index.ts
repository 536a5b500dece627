import type { Result } from '@qiyuan/core';
import type { BracketRound, Entrant, GameToPlay, History, Pairing, Round, Standing, TournamentSpec } from './types.js';

export type * from './types.js';

const notYet = (what: string): never => {
  throw new Error(`@qiyuan/tournament: ${what} is not written yet`);
};

/** Checks a spec a person or a client sent: a reason for the first thing wrong, else the spec. */
export const validateSpec = (spec: TournamentSpec): Result<TournamentSpec> => notYet(`validateSpec(${spec.system})`);

/** The number of rounds the tournament will have with this field (arena: none). */
export const plannedRounds = (spec: TournamentSpec, entrants: readonly Entrant[]): number | undefined =>
  notYet(`plannedRounds(${spec.system}, ${entrants.length})`);

/**
 * Pairs the next round. Refused with a reason while the last round still has games to play, once the tournament
 * is over, or when no pairing exists (a Swiss that cannot avoid a repeated pairing).
 */
export const nextRound = (spec: TournamentSpec, entrants: readonly Entrant[], history: History): Result<Round> =>
  notYet(`nextRound(${spec.system}, ${entrants.length}, ${history.length})`);

/**
 * The games of one pairing of the last round that are still to be started, with their colours: the rest of a
 * match, and in a knockout the tie-break games once a match ends level. Empty when the pairing is decided.
 */
export const gamesToPlay = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
  pairing: Pairing,
): readonly GameToPlay[] => notYet(`gamesToPlay(${spec.system}, ${entrants.length}, ${history.length}, ${pairing})`);

/** Whether every pairing of the last round is decided (so the next round can be paired). */
export const isRoundComplete = (spec: TournamentSpec, entrants: readonly Entrant[], history: History): boolean =>
  notYet(`isRoundComplete(${spec.system}, ${entrants.length}, ${history.length})`);

/** Whether the tournament is over: every round played, a knockout's final decided, an arena's time up (`now`). */
export const isFinished = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
  now?: number,
): boolean => notYet(`isFinished(${spec.system}, ${entrants.length}, ${history.length}, ${now})`);

/** The field ranked: points (or match points), then the system's tiebreaks, each named with its value. */
export const standings = (spec: TournamentSpec, entrants: readonly Entrant[], history: History): readonly Standing[] =>
  notYet(`standings(${spec.system}, ${entrants.length}, ${history.length})`);

/** A knockout's bracket: every round's matches, seeded 1 against N, with who went through. */
export const bracket = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
): readonly BracketRound[] => notYet(`bracket(${spec.system}, ${entrants.length}, ${history.length})`);

/**
 * Arena: pairs the entrants waiting for a game now (lichess style: near in the standings, not the same opponent
 * twice in a row). Store the pairings as a new round of the history. Empty once the arena's time is up.
 */
export const pairAvailable = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
  waiting: readonly string[],
  now: number,
): Result<readonly Pairing[]> =>
  notYet(`pairAvailable(${spec.system}, ${entrants.length}, ${history.length}, ${waiting.length}, ${now})`);

/** 2v2: turns players carrying a `team` into one entrant per team (members, mean rating). Refuses a team of one. */
export const teamEntrants = (players: readonly Entrant[]): Result<readonly Entrant[]> =>
  notYet(`teamEntrants(${players.length})`);

/** The points each place at a table scores, best first (the spec's own, or n−1 … 0). */
export const placementPoints = (spec: TournamentSpec, tableSize: number): readonly number[] =>
  notYet(`placementPoints(${spec.system}, ${tableSize})`);
