/** The tournament's operations, whatever the system: each hands the work to the system's own module. */
import { fail, ok, type Result } from '@qiyuan/core';
import { arenaStandings, pairAvailable as pairArena, playing } from './arena.js';
import { checkField, teamEntrants as teams } from './field.js';
import { bracket as knockoutBracket, knockoutRounds, knockoutStandings, pairKnockout } from './knockout.js';
import { gamesLeft, roundDecided } from './matches.js';
import { pairRoundRobin, roundRobinRounds } from './round-robin.js';
import { isTables, placementPoints as placements, validateSpec as validate } from './spec.js';
import { rankedStandings } from './standings.js';
import { pairSwiss } from './swiss.js';
import { pairTables } from './tables.js';
import type { BracketRound, Entrant, GameToPlay, History, Pairing, Round, Standing, TournamentSpec } from './types.js';

export { arenaGamePoints, STREAK_AFTER } from './arena.js';
export { seedPlaces } from './knockout.js';
export { tablePoints } from './spec.js';
export { colourNeed } from './swiss.js';
export type * from './types.js';

/** Checks a spec a person or a client sent: a reason for the first thing wrong, else the spec. */
export const validateSpec = (spec: TournamentSpec): Result<TournamentSpec> => validate(spec);

/** The number of rounds the tournament will have with this field (arena: none). */
export const plannedRounds = (spec: TournamentSpec, entrants: readonly Entrant[]): number | undefined => {
  switch (spec.system) {
    case 'swiss':
      return spec.rounds ?? 0;
    case 'round-robin':
      return roundRobinRounds(spec, entrants);
    case 'knockout':
      return knockoutRounds(entrants);
    default:
      return undefined;
  }
};

const isKnockout = (spec: TournamentSpec) => spec.system === 'knockout';

/**
 * Pairs the next round. Refused with a reason while the last round still has games to play, once the tournament
 * is over, or when no pairing exists (a Swiss that cannot avoid a repeated pairing).
 */
export const nextRound = (spec: TournamentSpec, entrants: readonly Entrant[], history: History): Result<Round> => {
  const valid = validate(spec);
  if (!valid.ok) return valid;
  const field = checkField(entrants);
  if (!field.ok) return field;
  if (spec.system === 'arena') return fail('arena-has-no-rounds', 'an arena pairs players as they come, not by rounds');
  if (!isRoundComplete(spec, entrants, history))
    return fail('round-not-finished', `round ${history.length} still has games to play`);
  const planned = plannedRounds(spec, entrants) ?? 0;
  if (planned === 0 && history.length === 0) return fail('too-few-players', 'a tournament needs two players or more');
  if (history.length >= planned) return fail('finished', 'every round has been played');
  const round = history.length + 1;
  let pairings: Result<Pairing[]>;
  if (spec.system === 'swiss')
    pairings = isTables(spec) ? pairTables(spec, entrants, history, round) : pairSwiss(spec, entrants, history, round);
  else if (spec.system === 'round-robin') pairings = ok(pairRoundRobin(entrants, round));
  else pairings = ok(pairKnockout(spec, entrants, history, round));
  if (!pairings.ok) return pairings;
  if (!pairings.value.some((p) => !('bye' in p)))
    return fail('too-few-players', `nobody is left to play in round ${round}`);
  return ok({ round, pairings: pairings.value });
};

/**
 * The games of one pairing of the last round still to be played (not yet finished), with their colours: the rest
 * of a match, and in a knockout the tie-break games once a match ends level. Empty when the pairing is decided,
 * and for byes and tables (a table plays one game; `isRoundComplete` tells when it is in). The entrants are not
 * needed today; they are in the signature so that every operation takes the same three values.
 */
export const gamesToPlay = (
  spec: TournamentSpec,
  _entrants: readonly Entrant[],
  history: History,
  pairing: Pairing,
): readonly GameToPlay[] => {
  const last = history.at(-1);
  return last ? gamesLeft(spec, last, pairing, isKnockout(spec)) : [];
};

/** Whether every pairing of the last round is decided (so the next round can be paired). */
export const isRoundComplete = (spec: TournamentSpec, _entrants: readonly Entrant[], history: History): boolean => {
  const last = history.at(-1);
  return !last || roundDecided(spec, last, isKnockout(spec));
};

/** Whether the tournament is over: every round played, a knockout's final decided, an arena's time up (`now`). */
export const isFinished = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
  now?: number,
): boolean => {
  if (spec.system === 'arena') {
    if (now === undefined || spec.startsAt === undefined) return false;
    return now >= spec.startsAt + (spec.durationMs ?? 0) && playing(history).size === 0;
  }
  const planned = plannedRounds(spec, entrants) ?? 0;
  return history.length >= planned && isRoundComplete(spec, entrants, history);
};

/** The field ranked: points (or match points), then the system's tiebreaks, each named with its value. */
export const standings = (spec: TournamentSpec, entrants: readonly Entrant[], history: History): readonly Standing[] =>
  spec.system === 'arena'
    ? arenaStandings(entrants, history)
    : spec.system === 'knockout'
      ? knockoutStandings(spec, entrants, history)
      : rankedStandings(spec, entrants, history);

/** A knockout's bracket: every round's matches, seeded 1 against N, with who went through (empty otherwise). */
export const bracket = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
): readonly BracketRound[] => (spec.system === 'knockout' ? knockoutBracket(spec, entrants, history) : []);

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
): Result<readonly Pairing[]> => pairArena(spec, entrants, history, waiting, now);

/** 2v2: turns players carrying a `team` into one entrant per team (members, mean rating). Refuses a team of one. */
export const teamEntrants = (players: readonly Entrant[]): Result<readonly Entrant[]> => teams(players);

/** The points each place at a table scores, best first (the spec's own, or n−1 … 0). */
export const placementPoints = (spec: TournamentSpec, tableSize: number): readonly number[] =>
  placements(spec, tableSize);
